/**
 * Issue 15, team management: the owner creates team members (email or user name, password,
 * any of the 17 rights), changes their rights, activates and deactivates them; the rights hold
 * on the server from the next request on.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { emptyPermissionSet, fullPermissionSet, PERMISSIONS } from "../../shared/permissions";
import { createTestApp, type TestApp } from "./helpers/app";
import { signIn, signedInOrganiser } from "./helpers/events";
import { createUser } from "./helpers/factories";
import { attempt, failure } from "./helpers/trpc";

const PASSWORD = "Team-pass1!";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function teamRows(organiserId: string) {
  return t.database.db.select().from(users).where(and(eq(users.organiserId, organiserId), eq(users.role, "team_member")));
}

describe("team management", () => {
  it("creates a member by email with its rights, who signs in and may do exactly what they allow", async () => {
    const { organiser, client } = await signedInOrganiser(t, { publishable: false });
    const email = `member-${organiser.id.slice(0, 8)}@example.com`;
    const created = await client.trpc.account.team.create.mutate({
      firstName: "Mia",
      lastName: "Member",
      login: { kind: "email", email },
      password: PASSWORD,
      permissions: { ...emptyPermissionSet(), seatingPlansView: true },
    });
    expect(created).toMatchObject({ email, username: null, status: "active" });
    expect((await client.trpc.account.team.list.query()).map((m) => m.id)).toEqual([created.id]);

    const member = t.client();
    const info = await member.trpc.auth.login.mutate({ email, password: PASSWORD });
    expect(info.user).toMatchObject({ role: "team_member", organiserId: organiser.id });
    expect((await attempt(member.trpc.stadiums.list.query())).error).toBeUndefined();
    expect((await failure(member.trpc.events.list.query({ type: "events" }))).appCode).toBe("FORBIDDEN");

    // New rights hold from the next request on, without signing in again.
    await client.trpc.account.team.update.mutate({ id: created.id, firstName: "Mia", lastName: "Member", permissions: { ...emptyPermissionSet(), createEvent: true } });
    expect((await attempt(member.trpc.events.list.query({ type: "events" }))).error).toBeUndefined();
    expect((await failure(member.trpc.stadiums.list.query())).appCode).toBe("FORBIDDEN");
  });

  it("creates a member with a user name, who signs in with it", async () => {
    const { organiser, client } = await signedInOrganiser(t, { publishable: false });
    const username = `box-${organiser.id.slice(0, 6)}`;
    await client.trpc.account.team.create.mutate({
      firstName: "Ben",
      lastName: "Boxoffice",
      login: { kind: "username", username: username.toUpperCase() },
      password: PASSWORD,
      permissions: fullPermissionSet(),
    });
    const info = await t.client().trpc.auth.login.mutate({ email: username, password: PASSWORD });
    expect(info.user).toMatchObject({ role: "team_member", username, email: null });
    // An agent's user name does not sign in through the organiser login.
    const agent = await createUser(t.database.db, { role: "agent", organiserId: organiser.id });
    expect((await failure(t.client().trpc.auth.login.mutate({ email: agent.username!, password: agent.password }))).appCode).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a taken email or user name and bad input on their fields, saving nothing", async () => {
    const { organiser, client } = await signedInOrganiser(t, { publishable: false });
    const other = await createUser(t.database.db, { role: "organiser" });
    const agent = await createUser(t.database.db, { role: "agent" });
    const base = { firstName: "Tom", lastName: "Taken", password: PASSWORD, permissions: emptyPermissionSet() };
    const email = await failure(client.trpc.account.team.create.mutate({ ...base, login: { kind: "email", email: other.email! } }));
    expect(email.appCode).toBe("EMAIL_TAKEN");
    expect(email.fieldErrors).toEqual({ "login.email": ["EMAIL_TAKEN"] });
    const username = await failure(client.trpc.account.team.create.mutate({ ...base, login: { kind: "username", username: agent.username! } }));
    expect(username.appCode).toBe("USERNAME_TAKEN");
    expect(username.fieldErrors).toEqual({ "login.username": ["USERNAME_TAKEN"] });
    const badName = await failure(client.trpc.account.team.create.mutate({ ...base, login: { kind: "username", username: "has space" } }));
    expect(badName.fieldErrors).toEqual({ "login.username": ["v.username"] });
    const weak = await failure(client.trpc.account.team.create.mutate({ ...base, login: { kind: "email", email: "weak@example.com" }, password: "short" }));
    expect(weak.appCode).toBe("VALIDATION");
    expect(await teamRows(organiser.id)).toEqual([]);
  });

  it("deactivating ends the member's sessions and stops its logins; activating lets it back", async () => {
    const { organiser, client } = await signedInOrganiser(t, { publishable: false });
    const member = await createUser(t.database.db, { role: "team_member", organiserId: organiser.id, permissions: fullPermissionSet() });
    const memberClient = await signIn(t, member.id);
    await client.trpc.account.team.setActive.mutate({ id: member.id, active: false });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await failure(memberClient.trpc.stadiums.list.query())).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(t.client().trpc.auth.login.mutate({ email: member.email!, password: member.password }))).appCode).toBe("ACCOUNT_DISABLED");
    await client.trpc.account.team.setActive.mutate({ id: member.id, active: true });
    expect((await attempt(t.client().trpc.auth.login.mutate({ email: member.email!, password: member.password }))).error).toBeUndefined();
  });

  it("never touches another organiser's members or the owner, and only the owner manages the team", async () => {
    const a = await signedInOrganiser(t, { publishable: false });
    const b = await signedInOrganiser(t, { publishable: false });
    const memberOfB = await createUser(t.database.db, { role: "team_member", organiserId: b.organiser.id, permissions: emptyPermissionSet() });
    expect((await failure(a.client.trpc.account.team.setActive.mutate({ id: memberOfB.id, active: false }))).appCode).toBe("NOT_FOUND");
    expect((await failure(a.client.trpc.account.team.update.mutate({ id: memberOfB.id, firstName: "Eve", lastName: "Evil", permissions: fullPermissionSet() }))).appCode).toBe("NOT_FOUND");
    expect((await failure(a.client.trpc.account.team.setActive.mutate({ id: a.user.id, active: false }))).appCode).toBe("NOT_FOUND");
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, memberOfB.id));
    expect(unchanged).toMatchObject({ status: "active", firstName: memberOfB.firstName, permissions: emptyPermissionSet() });
    // A member holding every right still cannot grant rights (no escalation through the team tab).
    const allRights = await signIn(t, (await createUser(t.database.db, { role: "team_member", organiserId: a.organiser.id, permissions: fullPermissionSet() })).id);
    expect((await failure(allRights.trpc.account.team.list.query())).appCode).toBe("FORBIDDEN");
    expect(PERMISSIONS).toHaveLength(17);
  });
});
