/**
 * The contact-form messages in the admin area (issue 23 item 4): messages sent through the home
 * page's form are listed newest first with the unread and open counts, filtered by state and
 * searched; reading one returns it whole and stamps read_at the first time only; marking it
 * handled and reopening it set and clear handled_at/handled_by with an audit entry (before and
 * after) each; an unknown id is NOT_FOUND and logs nothing; every other role is refused.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TContactInput } from "../../shared/schemas/contact";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok, signIn } from "./helpers/events";
import { createOrganiser, createUser } from "./helpers/factories";
import { attempt, failure } from "./helpers/trpc";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let adminId: string;
const ids: Record<string, string> = {};

const request = (overrides: Partial<TContactInput>): TContactInput => ({
  firstName: "Carla",
  lastName: "Client",
  phone: "+49 30 1234",
  email: "carla@club.example",
  industry: "sports_health",
  websiteUrl: "https://club.example",
  ticketsPerYear: 25000,
  referralSource: "",
  message: "We would like a demo.",
  ...overrides,
});

const auditOf = (targetId: string) =>
  t.database.rows<{ action: string; target_type: string; before: unknown; after: unknown; admin_id: string }>(
    sql`select action, target_type, before, after, admin_id::text from admin_audit_log where target_id = ${targetId} order by at, id`,
  );
const stateOf = async (id: string) =>
  (await t.database.rows<{ read_at: Date | null; handled_at: Date | null; handled_by: string | null }>(
    sql`select read_at, handled_at, handled_by::text from contact_requests where id = ${id}`,
  ))[0]!;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "silent" });
  const user = await createUser(t.database.db, { role: "admin" });
  adminId = user.id;
  admin = await signIn(t, user.id);
  const visitor = t.client({ remoteAddress: "203.0.113.7" });
  const sent = [
    request({ firstName: "Carla", lastName: "Client", email: "carla@club.example", message: "We would like a demo." }),
    request({ firstName: "Otto", lastName: "Orchester", email: "otto@orchester.example", message: "Do you sell season tickets for concerts?" }),
    request({ firstName: "Petra", lastName: "Percent", email: "petra@example.com", message: "Discount of 100% for members_only?" }),
  ];
  for (const r of sent) expect(await visitor.trpc.contact.submit.mutate(r)).toEqual({ ok: true });
  // Sent within the same millisecond, perhaps: give them distinct times (Carla first, Petra last).
  await t.database.rows(
    sql`update contact_requests c set created_at = now() - make_interval(mins => x.n::int)
        from (select id, row_number() over (order by case first_name when 'Carla' then 3 when 'Otto' then 2 else 1 end) as n from contact_requests) x
        where x.id = c.id returning c.id`,
  );
  const rows = await t.database.rows<{ id: string; first_name: string }>(sql`select id::text, first_name from contact_requests`);
  for (const r of rows) ids[r.first_name] = r.id;
});

afterAll(async () => {
  await t.close();
});

describe("contact messages for admins", () => {
  it("lists them newest first with the unread and open counts", async () => {
    const list = ok(await attempt(admin.trpc.admin.messages.list.query({ state: "open" })));
    expect(list.entries.map((e) => e.firstName)).toEqual(["Petra", "Otto", "Carla"]);
    expect(list).toMatchObject({ total: 3, unread: 3, open: 3 });
    expect(list.entries[2]).toMatchObject({ email: "carla@club.example", preview: "We would like a demo.", readAt: null, handledAt: null });
    // The list carries no more than a preview of each message.
    expect(list.entries[0]).not.toHaveProperty("phone");
  });

  it("searches names, addresses and the message, taking % and _ literally", async () => {
    const search = async (s: string) => ok(await attempt(admin.trpc.admin.messages.list.query({ state: "all", search: s }))).entries.map((e) => e.firstName);
    expect(await search("orchester")).toEqual(["Otto"]);
    expect(await search("SEASON concerts")).toEqual(["Otto"]);
    expect(await search("club.example")).toEqual(["Carla"]);
    expect(await search("100%")).toEqual(["Petra"]);
    expect(await search("members_")).toEqual(["Petra"]);
    expect(await search("%")).toEqual(["Petra"]);
    expect(await search("nobody")).toEqual([]);
  });

  it("reading returns the whole message and stamps read_at the first time only", async () => {
    const first = ok(await attempt(admin.trpc.admin.messages.read.mutate({ messageId: ids.Otto! })));
    expect(first).toMatchObject({
      id: ids.Otto,
      firstName: "Otto",
      email: "otto@orchester.example",
      phone: "+49 30 1234",
      industry: "sports_health",
      websiteUrl: "https://club.example",
      ticketsPerYear: 25000,
      message: "Do you sell season tickets for concerts?",
      handledAt: null,
    });
    expect(first.readAt).not.toBeNull();
    const stamped = (await stateOf(ids.Otto!)).read_at;
    expect(stamped).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = ok(await attempt(admin.trpc.admin.messages.read.mutate({ messageId: ids.Otto! })));
    expect(again.readAt).toBe(first.readAt);
    expect(new Date((await stateOf(ids.Otto!)).read_at!).toISOString()).toBe(new Date(stamped!).toISOString());
    const list = ok(await attempt(admin.trpc.admin.messages.list.query({ state: "all" })));
    expect(list).toMatchObject({ unread: 2, open: 3 });
    expect(list.entries.find((e) => e.id === ids.Otto)!.readAt).toBe(first.readAt);
    // The first read is logged once (nothing an admin does goes unlogged); reading again is not.
    expect(await auditOf(ids.Otto!)).toMatchObject([
      { action: "message.read", target_type: "contact_request", admin_id: adminId, before: { read: false, readAt: null }, after: { read: true, readAt: first.readAt } },
    ]);
  });

  it("marks a message handled and reopens it, each with an audit entry (before and after)", async () => {
    const handled = ok(await attempt(admin.trpc.admin.messages.setHandled.mutate({ messageId: ids.Carla!, handled: true })));
    expect(handled.handledAt).not.toBeNull();
    expect(handled).toMatchObject({ handledBy: adminId, handledByEmail: expect.any(String) });
    expect(await stateOf(ids.Carla!)).toMatchObject({ handled_by: adminId });
    // Handling an unread message marks it read too.
    expect((await stateOf(ids.Carla!)).read_at).not.toBeNull();

    const open = ok(await attempt(admin.trpc.admin.messages.list.query({ state: "open" })));
    expect(open.entries.map((e) => e.firstName)).toEqual(["Petra", "Otto"]);
    expect(open).toMatchObject({ total: 2, open: 2, unread: 1 });
    const done = ok(await attempt(admin.trpc.admin.messages.list.query({ state: "handled" })));
    expect(done.entries.map((e) => e.firstName)).toEqual(["Carla"]);

    // The same state again changes and logs nothing.
    ok(await attempt(admin.trpc.admin.messages.setHandled.mutate({ messageId: ids.Carla!, handled: true })));
    expect(await auditOf(ids.Carla!)).toHaveLength(1);

    const reopened = ok(await attempt(admin.trpc.admin.messages.setHandled.mutate({ messageId: ids.Carla!, handled: false })));
    expect(reopened).toMatchObject({ handledAt: null, handledBy: null });
    expect(await stateOf(ids.Carla!)).toMatchObject({ handled_at: null, handled_by: null });

    const log = await auditOf(ids.Carla!);
    expect(log.map((e) => [e.action, e.target_type, e.admin_id])).toEqual([
      ["message.handle", "contact_request", adminId],
      ["message.reopen", "contact_request", adminId],
    ]);
    expect(log[0]!.before).toEqual({ handled: false, handledAt: null, handledBy: null });
    expect(log[0]!.after).toEqual({ handled: true, handledAt: handled.handledAt, handledBy: adminId });
    expect(log[1]!.before).toEqual({ handled: true, handledAt: handled.handledAt, handledBy: adminId });
    expect(log[1]!.after).toEqual({ handled: false, handledAt: null, handledBy: null });
    const viaLog = ok(await attempt(admin.trpc.admin.audit.list.query({ targetType: "contact_request", targetId: ids.Carla! })));
    expect(viaLog.entries.map((e) => e.action)).toEqual(["message.reopen", "message.handle"]);
  });

  it("an unknown message is NOT_FOUND and changes nothing", async () => {
    const id = randomUUID();
    expect((await failure(admin.trpc.admin.messages.read.mutate({ messageId: id }))).appCode).toBe("NOT_FOUND");
    expect((await failure(admin.trpc.admin.messages.setHandled.mutate({ messageId: id, handled: true }))).appCode).toBe("NOT_FOUND");
    expect((await failure(admin.trpc.admin.messages.setHandled.mutate({ messageId: id, handled: false }))).appCode).toBe("NOT_FOUND");
    expect(await auditOf(id)).toHaveLength(0);
    expect((await failure(admin.trpc.admin.messages.read.mutate({ messageId: "not-a-uuid" }))).appCode).toBe("VALIDATION");
  });

  it("pages the list", async () => {
    const page = ok(await attempt(admin.trpc.admin.messages.list.query({ state: "all", page: 1, pageSize: 10 })));
    expect(page.total).toBe(3);
    const past = ok(await attempt(admin.trpc.admin.messages.list.query({ state: "all", page: 2, pageSize: 10 })));
    expect(past).toMatchObject({ entries: [], total: 3 });
  });

  it("refuses every other role, changing nothing", async () => {
    const organiserId = (await createOrganiser(t.database.db)).id;
    const others = [
      await signIn(t, (await createUser(t.database.db, { role: "organiser", organiserId })).id),
      await signIn(t, (await createUser(t.database.db, { role: "team_member", organiserId })).id),
      await signIn(t, (await createUser(t.database.db, { role: "reseller", organiserId })).id),
    ];
    for (const c of others) {
      expect((await failure(c.trpc.admin.messages.list.query({}))).appCode).toBe("FORBIDDEN");
      expect((await failure(c.trpc.admin.messages.read.mutate({ messageId: ids.Petra! }))).appCode).toBe("FORBIDDEN");
      expect((await failure(c.trpc.admin.messages.setHandled.mutate({ messageId: ids.Petra!, handled: true }))).appCode).toBe("FORBIDDEN");
    }
    expect((await failure(t.client().trpc.admin.messages.list.query({}))).appCode).toBe("UNAUTHENTICATED");
    expect(await stateOf(ids.Petra!)).toMatchObject({ read_at: null, handled_at: null });
    expect(await auditOf(ids.Petra!)).toHaveLength(0);
  });
});
