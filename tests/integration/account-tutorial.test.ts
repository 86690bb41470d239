/**
 * The dashboard's guided tour (SPEC §2 tutorial-mode prompt, issue 24 item 7): a new organiser is
 * offered it until skipping or finishing it is remembered on the server, per user (another device
 * of the same user is not offered it again; another user of the same organiser still is); "Start
 * the tour again" in Help offers it once more; roles without the dashboard are never offered it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { DEMO_ACCOUNTS, seedDemoData } from "../../server/demo/seed";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok, signIn, signedInOrganiser, signedInTeamMember } from "./helpers/events";
import { createUser } from "./helpers/factories";
import { attempt, failure } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const seenAtOf = async (userId: string) =>
  (await t.database.db.select({ at: users.tutorialSeenAt }).from(users).where(eq(users.id, userId)))[0]!.at;

describe("the tutorial state", () => {
  it("is offered to a new organiser until it is skipped; then never again, on any device of that user", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    expect(ok(await attempt(client.trpc.account.tutorial.state.query()))).toEqual({ offer: true, seenAt: null });

    const marked = ok(await attempt(client.trpc.account.tutorial.markSeen.mutate()));
    expect(marked.offer).toBe(false);
    expect(marked.seenAt).toBeInstanceOf(Date);
    expect(ok(await attempt(client.trpc.account.tutorial.state.query())).offer).toBe(false);

    // Another session (a reload, a second browser) asks the server, not local storage.
    const otherDevice = await signIn(t, user.id);
    expect(ok(await attempt(otherDevice.trpc.account.tutorial.state.query())).offer).toBe(false);

    // Finishing after skipping keeps the first moment.
    const first = await seenAtOf(user.id);
    ok(await attempt(otherDevice.trpc.account.tutorial.markSeen.mutate()));
    expect(await seenAtOf(user.id)).toEqual(first);
  });

  it("is remembered per user: the organiser's team member and another organiser are still offered it", async () => {
    const owner = await signedInOrganiser(t, { publishable: false });
    const member = await signedInTeamMember(t, owner.organiser.id, { viewOrders: true });
    const stranger = await signedInOrganiser(t, { publishable: false });

    ok(await attempt(owner.client.trpc.account.tutorial.markSeen.mutate()));
    expect(ok(await attempt(owner.client.trpc.account.tutorial.state.query())).offer).toBe(false);
    expect(ok(await attempt(member.client.trpc.account.tutorial.state.query())).offer).toBe(true);
    expect(ok(await attempt(stranger.client.trpc.account.tutorial.state.query())).offer).toBe(true);
    expect(await seenAtOf(member.user.id)).toBeNull();
    expect(await seenAtOf(stranger.user.id)).toBeNull();

    // The team member skips it too, for itself only.
    ok(await attempt(member.client.trpc.account.tutorial.markSeen.mutate()));
    expect(ok(await attempt(member.client.trpc.account.tutorial.state.query())).offer).toBe(false);
    expect(ok(await attempt(stranger.client.trpc.account.tutorial.state.query())).offer).toBe(true);
  });

  it("is offered again after 'Start the tour again', until it is skipped or finished once more", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    ok(await attempt(client.trpc.account.tutorial.markSeen.mutate()));
    expect(ok(await attempt(client.trpc.account.tutorial.restart.mutate())).offer).toBe(true);
    expect(await seenAtOf(user.id)).toBeNull();
    expect(ok(await attempt(client.trpc.account.tutorial.state.query())).offer).toBe(true);
    ok(await attempt(client.trpc.account.tutorial.markSeen.mutate()));
    expect(ok(await attempt(client.trpc.account.tutorial.state.query())).offer).toBe(false);
  });

  it("is never offered to roles without the organiser dashboard, and needs a session", async () => {
    for (const role of ["admin", "reseller"] as const) {
      const user = await createUser(t.database.db, { role });
      const client = await signIn(t, user.id);
      expect(ok(await attempt(client.trpc.account.tutorial.state.query())).offer).toBe(false);
    }
    const anonymous = t.client();
    expect((await failure(anonymous.trpc.account.tutorial.state.query())).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(anonymous.trpc.account.tutorial.markSeen.mutate())).appCode).toBe("UNAUTHENTICATED");
  });

  it("the demo data: the demo organiser and team member have seen it, the new organiser is offered it", async () => {
    await seedDemoData(t.database.db);
    const seen = async (email: string) => {
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return ok(await attempt((await signIn(t, row!.id)).trpc.account.tutorial.state.query())).offer;
    };
    expect(await seen(DEMO_ACCOUNTS.organiser)).toBe(false);
    expect(await seen(DEMO_ACCOUNTS.teamMember)).toBe(false);
    expect(await seen(DEMO_ACCOUNTS.unverifiedOrganiser)).toBe(true);
  });
});
