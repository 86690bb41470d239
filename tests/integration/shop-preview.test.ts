/**
 * Who sees an unpublished event's shop pages (the viewer middleware, server/trpc/init.ts):
 * its organiser and the team members with event rights; nobody else, signed in or not.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../server/db/schema";
import { emptyPermissionSet } from "../../shared/permissions";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { signedInOrganiser, signedInTeamMember } from "./helpers/events";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt } from "./helpers/trpc";

let t: TestApp;
let draft: ShopEvent;
let organiserId: string;

beforeAll(async () => {
  t = await createTestApp();
  draft = await createShopEvent(t, { publish: false });
  const [row] = await t.database.db.select({ organiserId: events.organiserId }).from(events).where(eq(events.id, draft.eventId));
  organiserId = row!.organiserId;
});

afterAll(async () => {
  await t.close();
});

async function sees(client: TestClient): Promise<boolean> {
  const page = await attempt(client.trpc.shop.event.query({ eventId: draft.eventId }));
  const scope = await attempt(client.trpc.shop.scope.query({ scopeId: draft.dateIds[0]! }));
  // Both pages decide alike.
  expect(page.error === undefined, "shop.event and shop.scope agree").toBe(scope.error === undefined);
  if (page.error) {
    expect(page.error.appCode).toBe("NOT_FOUND");
    return false;
  }
  expect(page.data.preview).toBe(true);
  return true;
}

describe("previewing an unpublished event", () => {
  it("its organiser sees it, marked as a preview", async () => {
    expect(await sees(draft.organiser)).toBe(true);
  });

  it("a team member with the right to edit events sees it", async () => {
    const { client } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), updateEvent: true });
    expect(await sees(client)).toBe(true);
  });

  it("a team member without event rights does not", async () => {
    const { client } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true });
    expect(await sees(client)).toBe(false);
  });

  it("another organiser does not, nor a buyer without a session", async () => {
    const other = await signedInOrganiser(t);
    expect(await sees(other.client)).toBe(false);
    expect(await sees(t.client())).toBe(false);
  });
});
