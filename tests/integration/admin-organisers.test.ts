/**
 * The admins' organisers area (issue 23 item 1): the list finds an organiser by its name or its
 * owner's email and counts its events, revenue (counted orders, to the cent) and contingent; the
 * detail shows its documents, events, plan and wallet; a plan set by hand and a contingent
 * correction change the organiser and write the audit log with before and after, in one
 * transaction; bad input (no reason, an end before the start, a contingent below 0, an unknown
 * organiser) changes nothing; a retried correction counts once; only admins get in.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkContingents } from "../../server/modules/inventory/check";
import { uploadDocumentVia } from "./helpers/documents";
import { makePdf } from "./helpers/document-files";
import { ok, signIn } from "./helpers/events";
import { createOrganiserWithOwner, createUser } from "./helpers/factories";
import { buySeats, createOrdersApp, type OrdersApp, orderRow, placeSeatOrder } from "./helpers/orders";
import { organiserIdOf } from "./helpers/resellers";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let other: { organiserId: string; email: string };
let admin: Awaited<ReturnType<typeof signIn>>;
let adminId: string;
/** The orders the revenue counts: valid ones, and one cancelled after it was paid. */
let countedOrderIds: string[] = [];
let soldTickets = 0;

const NAME = "Kulturverein Zebrafink";
const EMAIL = "booking.zebrafink@example.com";

const auditOf = (targetId: string) =>
  t.database.rows<{ action: string; before: unknown; after: unknown; admin_id: string }>(
    sql`select action, before, after, admin_id::text from admin_audit_log where target_id = ${targetId} order by at, id`,
  );
const planOf = async (id: string) =>
  (await t.database.rows<{ plan: string; plan_since: Date | null; plan_until: Date | null; ticket_contingent: number }>(
    sql`select plan::text, plan_since, plan_until, ticket_contingent from organisers where id = ${id}`,
  ))[0]!;
const list = (input: Parameters<typeof admin.trpc.admin.organisers.list.query>[0]) => admin.trpc.admin.organisers.list.query(input);

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t);
  organiserId = await organiserIdOf(t, shop.eventId);
  await t.database.rows(sql`update organisers set name = ${NAME}, account_number = 'DE89370400440532013000', bank_name = 'Testbank' where id = ${organiserId} returning id`);
  await t.database.rows(sql`update users set email = ${EMAIL} where organiser_id = ${organiserId} and role = 'organiser' returning id`);

  const scope = shop.dateIds[0]!;
  const keys = (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${scope} and category_id = 'a' order by seat_key limit 7`)).map((r) => r.k);
  const first = await buySeats(t, scope, shop.category("a").id, keys.slice(0, 2));
  const second = await buySeats(t, scope, shop.category("a").id, keys.slice(2, 5));
  // Paid and then cancelled: still counted (the dashboard's rule); never paid: not counted.
  const third = await buySeats(t, scope, shop.category("a").id, keys.slice(5, 6));
  await t.database.rows(sql`update orders set status = 'cancelled', cancelled_at = now() where id = ${third.orderId} returning id`);
  const unpaid = await placeSeatOrder(t, scope, shop.category("a").id, keys.slice(6, 7));
  expect((await orderRow(t.database, unpaid.orderId))?.status).toBe("pending");
  countedOrderIds = [first.orderId, second.orderId, third.orderId];
  soldTickets = 5;

  const created = await createOrganiserWithOwner(t.database.db, { email: "owner.otter@example.com" });
  other = { organiserId: created.organiser.id, email: created.user.email! };
  await t.database.rows(sql`update organisers set name = 'Otterbühne Süd' where id = ${other.organiserId} returning id`);
  const owner = await signIn(t, created.user.id);
  expect((await uploadDocumentVia(owner, makePdf(), { filename: "Gewerbeanmeldung.pdf" })).statusCode).toBe(201);

  const user = await createUser(t.database.db, { role: "admin" });
  adminId = user.id;
  admin = await signIn(t, user.id);
});

afterAll(async () => {
  await t.close();
});

describe("the organisers list", () => {
  it("finds an organiser by a part of its name or of its owner's email, in any case", async () => {
    const byName = ok(await attempt(list({ search: "zebraFINK" })));
    expect(byName.total).toBe(1);
    expect(byName.rows.map((r) => r.id)).toEqual([organiserId]);
    const byEmail = ok(await attempt(list({ search: "BOOKING.ZEBRA" })));
    expect(byEmail.rows.map((r) => r.id)).toEqual([organiserId]);
    expect(byEmail.rows[0]!.ownerEmail).toBe(EMAIL);
    const umlaut = ok(await attempt(list({ search: "otterbühne" })));
    expect(umlaut.rows.map((r) => r.id)).toEqual([other.organiserId]);
    expect(ok(await attempt(list({ search: "no organiser is called this" })))).toEqual({ rows: [], total: 0 });
  });

  it("counts events, revenue to the cent (valid orders and paid-then-cancelled ones) and the contingent left", async () => {
    const [direct] = await t.database.rows<{ cents: string | number }>(
      sql`select coalesce(sum(total_cents), 0) as cents from orders where id in (${sql.join(
        countedOrderIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    const expected = Number(direct!.cents);
    expect(expected).toBeGreaterThan(0);
    const [row] = ok(await attempt(list({ search: NAME }))).rows;
    const stored = await planOf(organiserId);
    expect(row).toMatchObject({ id: organiserId, name: NAME, events: 1, revenueCents: expected, ticketContingent: stored.ticket_contingent, ownerStatus: "active" });
    const [otherRow] = ok(await attempt(list({ search: "Otterbühne" }))).rows;
    expect(otherRow).toMatchObject({ events: 0, revenueCents: 0, ticketContingent: 0, verificationState: "in_review", disabledAt: null });
  });

  it("filters by verification state and account state, and pages with a total", async () => {
    const inReview = ok(await attempt(list({ verification: "in_review", pageSize: 100 })));
    expect(inReview.rows.map((r) => r.id)).toContain(other.organiserId);
    expect(inReview.rows.map((r) => r.id)).not.toContain(organiserId);

    const paging = await Promise.all(Array.from({ length: 12 }, () => createOrganiserWithOwner(t.database.db).then((c) => c.organiser.id)));
    await t.database.rows(sql`update organisers set name = 'Pagination Verein ' || id::text where id in (${sql.join(paging.map((id) => sql`${id}::uuid`), sql`, `)}) returning id`);
    const page1 = ok(await attempt(list({ search: "Pagination Verein", pageSize: 10, page: 1 })));
    const page2 = ok(await attempt(list({ search: "Pagination Verein", pageSize: 10, page: 2 })));
    expect(page1.total).toBe(12);
    expect(page2.total).toBe(12);
    expect(page1.rows).toHaveLength(10);
    expect(page2.rows).toHaveLength(2);
    expect(new Set([...page1.rows, ...page2.rows].map((r) => r.id))).toEqual(new Set(paging));
    // Past the last page: no rows, the total still told.
    expect(ok(await attempt(list({ search: "Pagination Verein", pageSize: 10, page: 3 })))).toEqual({ rows: [], total: 12 });

    ok(await attempt(admin.trpc.admin.setOrganiserEnabled.mutate({ organiserId: paging[0]!, enabled: false })));
    const disabled = ok(await attempt(list({ search: "Pagination Verein", state: "disabled" })));
    expect(disabled.rows.map((r) => r.id)).toEqual([paging[0]]);
    expect(disabled.rows[0]!.disabledAt).toBeInstanceOf(Date);
    const active = ok(await attempt(list({ search: "Pagination Verein", state: "active", pageSize: 100 })));
    expect(active.total).toBe(11);
    expect(active.rows.map((r) => r.id)).not.toContain(paging[0]);
  });
});

describe("an organiser's detail", () => {
  it("shows the profile with the IBAN masked, the owner, events with tickets sold, plan, contingent entries and wallet", async () => {
    const detail = ok(await attempt(admin.trpc.admin.organisers.detail.query({ organiserId })));
    expect(detail.organiser).toMatchObject({ id: organiserId, name: NAME, bankName: "Testbank", ibanMasked: "DE89 •••• 3000" });
    expect(JSON.stringify(detail)).not.toContain("DE89370400440532013000");
    expect(detail.owner).toMatchObject({ email: EMAIL, status: "active" });
    expect(detail.events).toEqual([expect.objectContaining({ id: shop.eventId, status: "published", type: "REGULAR", dates: shop.dateIds.length, ticketsSold: soldTickets })]);
    const stored = await planOf(organiserId);
    expect(detail.plan.ticketContingent).toBe(stored.ticket_contingent);
    expect(detail.plan.entries.map((e) => e.reason)).toContain("sale");
    expect(detail.plan.planUntil?.getTime()).toBe(stored.plan_until ? new Date(stored.plan_until).getTime() : undefined);
    const wallet = ok(await attempt(shop.organiser.trpc.wallet.summary.query()));
    expect(detail.wallet.balanceCents).toBe(wallet.balanceCents);
    expect(detail.wallet.totalRevenueCents).toBe(wallet.totalRevenueCents);
  });

  it("lists the documents of an organiser in review", async () => {
    const detail = ok(await attempt(admin.trpc.admin.organisers.detail.query({ organiserId: other.organiserId })));
    expect(detail.verification.state).toBe("in_review");
    expect(detail.verification.documents.map((d) => d.fileName)).toEqual(["Gewerbeanmeldung.pdf"]);
    expect(detail.events).toEqual([]);
    expect(detail.organiser.ibanMasked).toBeNull();
  });
});

describe("setting a plan by hand", () => {
  it("writes the plan and its audit entry with before and after", async () => {
    const before = await planOf(organiserId);
    const since = new Date("2026-01-01T00:00:00.000Z");
    const until = new Date("2027-01-01T00:00:00.000Z");
    const result = ok(await attempt(admin.trpc.admin.organisers.setPlan.mutate({ organiserId, plan: "yearly", since, until, reason: "Paid by bank transfer, invoice 2026-17" })));
    expect(result).toEqual({ plan: "yearly", planSince: since.toISOString(), planUntil: until.toISOString() });
    const after = await planOf(organiserId);
    expect(after).toMatchObject({ plan: "yearly", ticket_contingent: before.ticket_contingent });
    expect(new Date(after.plan_since!).toISOString()).toBe(since.toISOString());
    expect(new Date(after.plan_until!).toISOString()).toBe(until.toISOString());
    const detail = ok(await attempt(admin.trpc.admin.organisers.detail.query({ organiserId })));
    expect(detail.plan).toMatchObject({ plan: "yearly", planUntil: until, active: true });
    expect(detail.audit[0]).toMatchObject({ action: "organiser.plan_set", targetId: organiserId });

    const entries = (await auditOf(organiserId)).filter((e) => e.action === "organiser.plan_set");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      action: "organiser.plan_set",
      admin_id: adminId,
      before: { plan: before.plan, planSince: before.plan_since ? new Date(before.plan_since).toISOString() : null, planUntil: before.plan_until ? new Date(before.plan_until).toISOString() : null },
      after: { plan: "yearly", planSince: since.toISOString(), planUntil: until.toISOString(), reason: "Paid by bank transfer, invoice 2026-17" },
    });
  });

  it("refuses an end before (or at) the start and an empty reason, changing nothing and logging nothing", async () => {
    const before = await planOf(organiserId);
    const auditBefore = (await auditOf(organiserId)).length;
    const since = new Date("2027-06-01T00:00:00.000Z");
    const backwards = await failure(admin.trpc.admin.organisers.setPlan.mutate({ organiserId, plan: "monthly", since, until: new Date("2027-05-01T00:00:00.000Z"), reason: "offline" }));
    expect(backwards.appCode).toBe("PLAN_PERIOD_INVALID");
    expect(backwards.fieldErrors).toEqual({ until: ["PLAN_PERIOD_INVALID"] });
    expect((await failure(admin.trpc.admin.organisers.setPlan.mutate({ organiserId, plan: "monthly", since, until: since, reason: "offline" }))).appCode).toBe("PLAN_PERIOD_INVALID");
    const noReason = await failure(admin.trpc.admin.organisers.setPlan.mutate({ organiserId, plan: "monthly", since, until: new Date("2027-07-01T00:00:00.000Z"), reason: "  " }));
    expect(noReason.appCode).toBe("REASON_REQUIRED");
    expect(await planOf(organiserId)).toEqual(before);
    expect(await auditOf(organiserId)).toHaveLength(auditBefore);
  });

  it("ends a plan with plan none", async () => {
    const { organiser } = await createOrganiserWithOwner(t.database.db);
    ok(await attempt(admin.trpc.admin.organisers.setPlan.mutate({ organiserId: organiser.id, plan: "monthly", since: new Date(), until: new Date(Date.now() + 86_400_000), reason: "trial" })));
    ok(await attempt(admin.trpc.admin.organisers.setPlan.mutate({ organiserId: organiser.id, plan: "none", reason: "ended early" })));
    expect(await planOf(organiser.id)).toMatchObject({ plan: "none", plan_since: null, plan_until: null });
    expect((await auditOf(organiser.id)).map((e) => e.action)).toEqual(["organiser.plan_set", "organiser.plan_set"]);
  });
});

describe("adjusting the contingent by hand", () => {
  it("counts a retried correction once, through the ledger, and logs it once", async () => {
    const target = other.organiserId;
    const key = `adjust-${randomUUID()}`;
    const first = ok(await attempt(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: target, delta: 250, reason: "Offline payment 2026-03", idempotencyKey: key })));
    const again = ok(await attempt(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: target, delta: 250, reason: "Offline payment 2026-03", idempotencyKey: key })));
    expect(first).toEqual({ applied: true, ticketContingent: 250 });
    expect(again).toEqual({ applied: false, ticketContingent: 250 });
    expect((await planOf(target)).ticket_contingent).toBe(250);
    const ledger = await t.database.rows<{ delta: number; reason: string }>(sql`select delta, reason from contingent_entries where organiser_id = ${target}`);
    expect(ledger).toEqual([{ delta: 250, reason: "admin_adjustment" }]);
    const entries = (await auditOf(target)).filter((e) => e.action === "organiser.contingent_adjust");
    expect(entries).toEqual([
      { action: "organiser.contingent_adjust", admin_id: adminId, before: { ticketContingent: 0 }, after: { ticketContingent: 250, delta: 250, reason: "Offline payment 2026-03" } },
    ]);
    // The same key for another organiser is another correction.
    ok(await attempt(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId, delta: 1, reason: "goodwill", idempotencyKey: key })));
    ok(await attempt(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: target, delta: -50, reason: "correction", idempotencyKey: `adjust-${randomUUID()}` })));
    expect((await planOf(target)).ticket_contingent).toBe(200);
    expect(await checkContingents(t.database.db)).toEqual([]);
  });

  it("refuses a result below 0 and an empty reason, changing nothing", async () => {
    const target = other.organiserId;
    const before = await planOf(target);
    const auditBefore = (await auditOf(target)).length;
    const below = await failure(
      admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: target, delta: -(before.ticket_contingent + 1), reason: "too much", idempotencyKey: `adjust-${randomUUID()}` }),
    );
    expect(below.appCode).toBe("CONTINGENT_BELOW_ZERO");
    const noReason = await failure(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: target, delta: 5, reason: "", idempotencyKey: `adjust-${randomUUID()}` }));
    expect(noReason.appCode).toBe("REASON_REQUIRED");
    expect((await failure(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: target, delta: 0, reason: "nothing", idempotencyKey: `adjust-${randomUUID()}` }))).appCode).toBe("VALIDATION");
    expect(await planOf(target)).toEqual(before);
    expect(await auditOf(target)).toHaveLength(auditBefore);
    expect(await checkContingents(t.database.db)).toEqual([]);
  });
});

describe("bad ids and other roles", () => {
  it("an unknown organiser is NOT_FOUND everywhere and nothing is logged", async () => {
    const id = randomUUID();
    expect((await failure(admin.trpc.admin.organisers.detail.query({ organiserId: id }))).appCode).toBe("NOT_FOUND");
    expect((await failure(admin.trpc.admin.organisers.setPlan.mutate({ organiserId: id, plan: "monthly", since: new Date(), until: new Date(Date.now() + 1000), reason: "x" }))).appCode).toBe(
      "NOT_FOUND",
    );
    expect((await failure(admin.trpc.admin.organisers.adjustContingent.mutate({ organiserId: id, delta: 5, reason: "x", idempotencyKey: `adjust-${randomUUID()}` }))).appCode).toBe("NOT_FOUND");
    expect(await auditOf(id)).toEqual([]);
  });

  it("an organiser gets none of it", async () => {
    const org = shop.organiser;
    expect((await failure(org.trpc.admin.organisers.list.query({}))).appCode).toBe("FORBIDDEN");
    expect((await failure(org.trpc.admin.organisers.detail.query({ organiserId }))).appCode).toBe("FORBIDDEN");
    expect((await failure(org.trpc.admin.organisers.setPlan.mutate({ organiserId, plan: "yearly", since: new Date(), until: new Date(Date.now() + 1000), reason: "me" }))).appCode).toBe("FORBIDDEN");
    expect((await failure(org.trpc.admin.organisers.adjustContingent.mutate({ organiserId, delta: 1000, reason: "me", idempotencyKey: `adjust-${randomUUID()}` }))).appCode).toBe("FORBIDDEN");
    expect((await failure(t.client().trpc.admin.organisers.list.query({}))).appCode).toBe("UNAUTHENTICATED");
  });
});
