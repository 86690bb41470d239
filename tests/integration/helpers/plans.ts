import { eq } from "drizzle-orm";
import { organisers } from "../../../server/db/schema";
import type { TestApp, TestClient } from "./app";
import { createEventVia, saveTicketsVia, signIn, ticketCategory } from "./events";
import { createOrganiserWithOwner } from "./factories";

/** A verified organiser without a plan (contingent 0, no ledger), its owner signed in. */
export async function createOrganiserWithOwnerFor(t: TestApp) {
  const created = await createOrganiserWithOwner(t.database.db);
  await t.database.db.update(organisers).set({ verificationState: "verified" }).where(eq(organisers.id, created.organiser.id));
  return { ...created, client: await signIn(t, created.user.id) };
}

/** A draft with one date and one category of `perDay` tickets a day. */
export async function readyDraft(client: TestClient, perDay: number): Promise<string> {
  const id = await createEventVia(client);
  await saveTicketsVia(client, id, [ticketCategory("a", { dailyQuantity: perDay })]);
  return id;
}
