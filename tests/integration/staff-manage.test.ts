/**
 * Issue 18, item 1: the owner manages event staff (decision 019): creates them with a user name,
 * a password by the registration rules and one of its events, edits them, resets a password,
 * activates and deactivates them (signed out at once); the list shows the last login and the
 * people each let in.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, sessions, users } from "../../server/db/schema";
import { fullPermissionSet } from "../../shared/permissions";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { createEventVia, signedInOrganiser, signedInTeamMember } from "./helpers/events";
import { buySeats, linesOf } from "./helpers/orders";
import { createUser } from "./helpers/factories";
import { createShopEvent } from "./helpers/shop";
import { attempt, failure, type RouterInput } from "./helpers/trpc";

const PASSWORD = "Door-pass1!";
const NEW_PASSWORD = "Gate-pass2?";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let count = 0;
function staffInput(eventId: string, overrides: Partial<RouterInput["staff"]["manage"]["create"]> = {}): RouterInput["staff"]["manage"]["create"] {
  count++;
  return { firstName: "Doris", lastName: "", username: `door-${count}-${randomUUID().slice(0, 6)}`, password: PASSWORD, eventId, ...overrides };
}

/** An owner (verification not needed: drafts may be assigned) with one draft event. */
async function ownerWithEvent() {
  const owner = await signedInOrganiser(t, { publishable: false });
  const eventId = await createEventVia(owner.client);
  return { ...owner, eventId };
}

async function agentLogin(username: string, password: string): Promise<TestClient> {
  const client = t.client();
  await client.trpc.auth.agentLogin.mutate({ username, password });
  return client;
}

async function staffRows(organiserId: string) {
  return t.database.db.select().from(users).where(and(eq(users.organiserId, organiserId), eq(users.role, "agent")));
}

describe("event staff management", () => {
  it("creates a staff member for one of the owner's events, who logs in at once with the user name", async () => {
    const { organiser, client, eventId } = await ownerWithEvent();
    const input = staffInput(eventId, { lastName: "Door", username: `Door-${randomUUID().slice(0, 6)}` });
    const created = await client.trpc.staff.manage.create.mutate(input);
    expect(created).toMatchObject({ firstName: "Doris", lastName: "Door", username: input.username.toLowerCase(), status: "active", eventId, lastLoginAt: null });
    const [row] = await staffRows(organiser.id);
    expect(row).toMatchObject({ role: "agent", organiserId: organiser.id, eventId, status: "active" });
    expect(row!.passwordHash).not.toContain(PASSWORD);

    const staff = await agentLogin(input.username, PASSWORD);
    const me = await staff.trpc.auth.me.query();
    expect(me?.user).toMatchObject({ id: created.id, role: "agent", eventId, organiserId: organiser.id });
    // A staff login is no organiser login.
    expect((await failure(t.client().trpc.auth.login.mutate({ email: input.username, password: PASSWORD }))).appCode).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a taken user name on its field, a weak password and bad names, saving nothing", async () => {
    const { organiser, client, eventId } = await ownerWithEvent();
    const other = await ownerWithEvent();
    const taken = staffInput(other.eventId);
    await other.client.trpc.staff.manage.create.mutate(taken);

    const duplicate = await failure(client.trpc.staff.manage.create.mutate(staffInput(eventId, { username: taken.username.toUpperCase() })));
    expect(duplicate.appCode).toBe("USERNAME_TAKEN");
    expect(duplicate.fieldErrors).toEqual({ username: ["USERNAME_TAKEN"] });
    // A team member's user name is taken too (user names are unique across every login).
    const teamName = `team-${randomUUID().slice(0, 6)}`;
    await createUser(t.database.db, { role: "team_member", organiserId: other.organiser.id, username: teamName });
    expect((await failure(client.trpc.staff.manage.create.mutate(staffInput(eventId, { username: teamName })))).appCode).toBe("USERNAME_TAKEN");

    for (const [password, code] of [
      ["short1!", "v.passwordMin"],
      ["nouppercase1!", "v.passwordUpper"],
      ["NoDigits!!", "v.passwordDigit"],
      ["NoSpecial12", "v.passwordSpecial"],
    ] as const) {
      const weak = await failure(client.trpc.staff.manage.create.mutate(staffInput(eventId, { password })));
      expect(weak.appCode).toBe("VALIDATION");
      expect(weak.fieldErrors?.password).toContain(code);
    }
    const bad = await failure(client.trpc.staff.manage.create.mutate(staffInput(eventId, { firstName: "Al", username: "has space" })));
    expect(bad.fieldErrors).toMatchObject({ firstName: ["v.minLength3"], username: ["v.username"] });
    expect(await staffRows(organiser.id)).toEqual([]);
  });

  it("assigns only the owner's own events that are not cancelled, and never touches another organiser's staff", async () => {
    const a = await ownerWithEvent();
    const b = await ownerWithEvent();
    const eventOfB = await failure(a.client.trpc.staff.manage.create.mutate(staffInput(b.eventId)));
    expect(eventOfB.appCode).toBe("NOT_FOUND");
    expect(eventOfB.fieldErrors).toEqual({ eventId: ["NOT_FOUND"] });

    const cancelledId = await createEventVia(a.client);
    await t.database.db.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, cancelledId));
    const cancelled = await failure(a.client.trpc.staff.manage.create.mutate(staffInput(cancelledId)));
    expect(cancelled.fieldErrors).toEqual({ eventId: ["EVENT_CANCELLED"] });
    expect(await staffRows(a.organiser.id)).toEqual([]);

    const staffOfB = await b.client.trpc.staff.manage.create.mutate(staffInput(b.eventId));
    const edit = { id: staffOfB.id, firstName: "Eve", lastName: "Evil", eventId: a.eventId };
    expect((await failure(a.client.trpc.staff.manage.update.mutate(edit))).appCode).toBe("NOT_FOUND");
    expect((await failure(a.client.trpc.staff.manage.update.mutate({ ...edit, eventId: b.eventId }))).appCode).toBe("NOT_FOUND");
    expect((await failure(a.client.trpc.staff.manage.resetPassword.mutate({ id: staffOfB.id, password: NEW_PASSWORD }))).appCode).toBe("NOT_FOUND");
    expect((await failure(a.client.trpc.staff.manage.setActive.mutate({ id: staffOfB.id, active: false }))).appCode).toBe("NOT_FOUND");
    // The owner itself (or a team member) is not staff.
    expect((await failure(a.client.trpc.staff.manage.setActive.mutate({ id: a.user.id, active: false }))).appCode).toBe("NOT_FOUND");
    // B's staff member cannot be moved to B's event by A, nor to A's by B.
    expect((await failure(b.client.trpc.staff.manage.update.mutate({ ...edit, eventId: a.eventId }))).fieldErrors).toEqual({ eventId: ["NOT_FOUND"] });
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, staffOfB.id));
    expect(unchanged).toMatchObject({ firstName: "Doris", status: "active", eventId: b.eventId });
    expect((await a.client.trpc.staff.manage.list.query()).map((s) => s.id)).toEqual([]);
    // The events to assign are A's own, seasons' containers left out, cancelled ones marked.
    const assignable = await a.client.trpc.staff.manage.events.query();
    expect(assignable.map((e) => [e.id, e.status]).sort()).toEqual(
      [
        [a.eventId, "draft"],
        [cancelledId, "cancelled"],
      ].sort(),
    );
    expect(assignable.find((e) => e.id === a.eventId)?.firstStartsAt).toBeInstanceOf(Date);
  });

  it("edits name and event; a cancelled event may be kept but not chosen", async () => {
    const { client, eventId } = await ownerWithEvent();
    const second = await createEventVia(client);
    const created = await client.trpc.staff.manage.create.mutate(staffInput(eventId));
    const updated = await client.trpc.staff.manage.update.mutate({ id: created.id, firstName: "Gustav", lastName: "Gate", eventId: second });
    expect(updated).toMatchObject({ id: created.id, firstName: "Gustav", lastName: "Gate", eventId: second, username: created.username });
    expect((await client.trpc.staff.manage.list.query())[0]).toMatchObject({ firstName: "Gustav", eventId: second, eventName: "Summer Concert" });

    await t.database.db.update(events).set({ status: "cancelled" }).where(eq(events.id, second));
    expect((await attempt(client.trpc.staff.manage.update.mutate({ id: created.id, firstName: "Gus", lastName: "", eventId: second }))).error).toBeUndefined();
    await t.database.db.update(events).set({ status: "cancelled" }).where(eq(events.id, eventId));
    const moved = await failure(client.trpc.staff.manage.update.mutate({ id: created.id, firstName: "Gus", lastName: "", eventId }));
    expect(moved.fieldErrors).toEqual({ eventId: ["EVENT_CANCELLED"] });
  });

  it("resets a password: the old one is refused, the new one works, every old session has ended", async () => {
    const { client, eventId } = await ownerWithEvent();
    const input = staffInput(eventId);
    const created = await client.trpc.staff.manage.create.mutate(input);
    const phone = await agentLogin(input.username, PASSWORD);
    const tablet = await agentLogin(input.username, PASSWORD);

    const weak = await failure(client.trpc.staff.manage.resetPassword.mutate({ id: created.id, password: "weak" }));
    expect(weak.appCode).toBe("VALIDATION");
    expect(await phone.trpc.auth.me.query()).not.toBeNull();

    await client.trpc.staff.manage.resetPassword.mutate({ id: created.id, password: NEW_PASSWORD });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, created.id))).toEqual([]);
    expect(await phone.trpc.auth.me.query()).toBeNull();
    expect(await tablet.trpc.auth.me.query()).toBeNull();
    expect((await failure(t.client().trpc.auth.agentLogin.mutate({ username: input.username, password: PASSWORD }))).appCode).toBe("INVALID_CREDENTIALS");
    const again = await agentLogin(input.username, NEW_PASSWORD);
    expect((await again.trpc.auth.me.query())?.user.id).toBe(created.id);
  });

  it("deactivating signs the staff member out at once and refuses its logins; activating lets it back", async () => {
    const { client, eventId } = await ownerWithEvent();
    const input = staffInput(eventId);
    const created = await client.trpc.staff.manage.create.mutate(input);
    const phone = await agentLogin(input.username, PASSWORD);

    await client.trpc.staff.manage.setActive.mutate({ id: created.id, active: false });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, created.id))).toEqual([]);
    expect(await phone.trpc.auth.me.query()).toBeNull();
    expect((await failure(t.client().trpc.auth.agentLogin.mutate({ username: input.username, password: PASSWORD }))).appCode).toBe("ACCOUNT_DISABLED");
    expect((await client.trpc.staff.manage.list.query())[0]?.status).toBe("deactivated");

    await client.trpc.staff.manage.setActive.mutate({ id: created.id, active: true });
    expect((await client.trpc.staff.manage.list.query())[0]?.status).toBe("active");
    const back = await agentLogin(input.username, PASSWORD);
    expect((await back.trpc.auth.me.query())?.user.id).toBe(created.id);
  });

  it("lists the last login and the admitted check-ins of each staff member", async () => {
    const shop = await createShopEvent(t);
    const owner = shop.organiser;
    const first = staffInput(shop.eventId, { firstName: "Anna" });
    const second = staffInput(shop.eventId, { firstName: "Bert" });
    const anna = await owner.trpc.staff.manage.create.mutate(first);
    const bert = await owner.trpc.staff.manage.create.mutate(second);

    const before = Date.now();
    await agentLogin(first.username, PASSWORD);
    expect((await owner.trpc.staff.manage.list.query()).map((s) => [s.firstName, s.checkinCount])).toEqual([
      ["Anna", 0],
      ["Bert", 0],
    ]);

    const { orderId } = await buySeats(t, shop.dateIds[0]!, shop.category("a").id, ["A:0:0", "A:0:1", "A:0:2"]);
    const lines = await linesOf(t.database, orderId);
    const [event] = await t.database.db.select({ organiserId: events.organiserId }).from(events).where(eq(events.id, shop.eventId));
    const organiserId = event!.organiserId;
    const scan = (lineId: string, staffUserId: string, extra: { outcome?: string; undone?: boolean } = {}) =>
      t.database.rows(sql`
        insert into checkins (organiser_id, event_id, event_date_id, line_id, order_id, staff_user_id, device_id, device_label, nonce, outcome, scanned_at, undone_at)
        values (${organiserId}, ${shop.eventId}, ${shop.dateIds[0]!}, ${lineId}, ${orderId}, ${staffUserId}, 'device-1', 'Gate 1', ${randomUUID()},
                ${extra.outcome ?? "admitted"}, now(), ${extra.undone ? sql`now()` : null})`);
    await scan(lines[0]!.id, anna.id);
    await scan(lines[1]!.id, anna.id);
    // An undone check-in and an offline conflict let nobody in.
    await scan(lines[2]!.id, anna.id, { undone: true });
    await scan(lines[2]!.id, bert.id, { outcome: "conflict" });
    await scan(lines[2]!.id, bert.id);

    const list = await owner.trpc.staff.manage.list.query();
    expect(list.map((s) => [s.firstName, s.checkinCount])).toEqual([
      ["Anna", 2],
      ["Bert", 1],
    ]);
    const annaRow = list.find((s) => s.id === anna.id)!;
    expect(annaRow.lastLoginAt).toBeInstanceOf(Date);
    expect(annaRow.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(list.find((s) => s.id === bert.id)!.lastLoginAt).toBeNull();
    expect(annaRow.eventName).toBe("Summer Concert");
  });

  it("stamps the last login of every role at login", async () => {
    const owner = await signedInOrganiser(t, { publishable: false });
    await t.client().trpc.auth.login.mutate({ email: owner.user.email!, password: owner.user.password });
    const [row] = await t.database.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, owner.user.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
  });

  it("is the owner's only: a team member with every right is refused and sees nothing", async () => {
    const { organiser, client, eventId } = await ownerWithEvent();
    await client.trpc.staff.manage.create.mutate(staffInput(eventId));
    const member = await signedInTeamMember(t, organiser.id, fullPermissionSet());
    expect((await failure(member.client.trpc.staff.manage.list.query())).appCode).toBe("FORBIDDEN");
    expect((await failure(member.client.trpc.staff.manage.events.query())).appCode).toBe("FORBIDDEN");
    expect((await failure(member.client.trpc.staff.manage.create.mutate(staffInput(eventId)))).appCode).toBe("FORBIDDEN");
    expect((await staffRows(organiser.id)).length).toBe(1);
  });
});
