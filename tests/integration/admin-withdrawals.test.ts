/**
 * The admins' withdrawals queue and the audit log (issue 23 items 2 and 5): a pending request is
 * listed with the organiser's balance and bank details; refusing needs a reason (nothing changes
 * without one), gives the amount back and is logged with before and after; accepting records the
 * payout reference; a decided withdrawal cannot be decided again; an unknown id is NOT_FOUND;
 * enabling/disabling an organiser and verification decisions are logged too; every admin
 * procedure refuses every other role.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, signIn } from "./helpers/events";
import { recordDispute } from "../../server/modules/wallet/chargebacks";
import { createOrganiser, createUser } from "./helpers/factories";
import { buySeats, createOrdersApp, type OrdersApp } from "./helpers/orders";
import { organiserIdOf } from "./helpers/resellers";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent;
let organiserId: string;
let admin: Awaited<ReturnType<typeof signIn>>;
let adminId: string;

const summary = () => shop.organiser.trpc.wallet.summary.query();
const request = (amountCents: number) => shop.organiser.trpc.wallet.requestWithdrawal.mutate({ amountCents, idempotencyKey: `w-${randomUUID()}` });
const payoutMails = async () => Number((await t.database.rows<{ n: number }>(sql`select count(*)::int as n from outbox_mails where template = 'organiser_payout_state'`))[0]!.n);
const auditOf = (targetId: string) => t.database.rows<{ action: string; before: unknown; after: unknown; admin_id: string }>(
  sql`select action, before, after, admin_id::text from admin_audit_log where target_id = ${targetId} order by at`,
);

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t);
  organiserId = await organiserIdOf(t, shop.eventId);
  const keys = (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${shop.dateIds[0]!} and category_id = 'a' order by seat_key limit 3`)).map((r) => r.k);
  await buySeats(t, shop.dateIds[0]!, shop.category("a").id, keys);
  await t.database.rows(sql`update organisers set account_number = 'DE89370400440532013000', bank_name = 'Testbank', bic = 'COBADEFFXXX' where id = ${organiserId} returning id`);
  const user = await createUser(t.database.db, { role: "admin" });
  adminId = user.id;
  admin = await signIn(t, user.id);
});

afterAll(async () => {
  await t.close();
});

describe("the withdrawals queue", () => {
  it("lists a pending request with the balance and the bank details; a refusal needs a reason, gives the amount back and is logged", async () => {
    const before = ok(await attempt(summary()));
    const w = ok(await attempt(request(1500)));
    const queue = ok(await attempt(admin.trpc.admin.withdrawals.list.query({ status: "pending" })));
    const row = queue.entries.find((e) => e.id === w.id)!;
    expect(row).toMatchObject({ organiserId, amountCents: 1500, accountNumber: "DE89370400440532013000", bic: "COBADEFFXXX", balanceCents: before.balanceCents - 1500 });

    expect((await failure(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "   " }))).appCode).toBe("REASON_REQUIRED");
    expect(await auditOf(w.id)).toHaveLength(0);
    expect(ok(await attempt(summary())).lastWithdrawal?.status).toBe("pending");

    ok(await attempt(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "IBAN belongs to someone else" })));
    expect(ok(await attempt(summary())).balanceCents).toBe(before.balanceCents);
    const [entry] = await auditOf(w.id);
    expect(entry).toMatchObject({ action: "withdrawal.refuse", admin_id: adminId, before: { status: "pending" }, after: { status: "refused", refusalReason: "IBAN belongs to someone else" } });
    expect((await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: w.id, payoutReference: "X" }))).appCode).toBe("WITHDRAWAL_NOT_PENDING");
  });

  it("accepts with the payout reference: the organiser's wallet shows it accepted and withdrawn; logged; mailed", async () => {
    const w = ok(await attempt(request(1000)));
    ok(await attempt(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: w.id, payoutReference: "SEPA-2026-11-26-1" })));
    const now = ok(await attempt(summary()));
    expect(now.lastWithdrawal).toMatchObject({ id: w.id, status: "accepted", payoutReference: "SEPA-2026-11-26-1" });
    expect(now.totalWithdrawnCents).toBe(1000);
    expect((await auditOf(w.id)).map((e) => e.action)).toEqual(["withdrawal.accept"]);
    const mails = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from outbox_mails where template = 'organiser_payout_state'`);
    expect(Number(mails[0]!.n)).toBeGreaterThanOrEqual(3);
  });

  it("an unknown withdrawal is NOT_FOUND and changes nothing", async () => {
    const id = randomUUID();
    expect((await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: id, payoutReference: "X" }))).appCode).toBe("NOT_FOUND");
    expect((await failure(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: id, reason: "x" }))).appCode).toBe("NOT_FOUND");
    expect(await auditOf(id)).toHaveLength(0);
  });
});

describe("the audit log", () => {
  it("logs disabling and enabling an organiser, readable and filterable by admins", async () => {
    ok(await attempt(admin.trpc.admin.setOrganiserEnabled.mutate({ organiserId, enabled: false })));
    ok(await attempt(admin.trpc.admin.setOrganiserEnabled.mutate({ organiserId, enabled: true })));
    const log = ok(await attempt(admin.trpc.admin.audit.list.query({ targetType: "organiser", targetId: organiserId })));
    expect(log.entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["organiser.enable", { disabled: true }, { disabled: false }],
      ["organiser.disable", { disabled: false }, { disabled: true }],
    ]);
    expect(log.entries[0]!.adminId).toBe(adminId);
    const accepted = ok(await attempt(admin.trpc.admin.audit.list.query({ action: "withdrawal.accept" })));
    expect(accepted.entries.every((e) => e.action === "withdrawal.accept")).toBe(true);
    expect(accepted.total).toBe(1);
  });

  it("refuses every admin procedure to every other role", async () => {
    // The organiser signs in again (disabling it above ended its sessions).
    const others = [
      await signIn(t, (await createUser(t.database.db, { role: "organiser", organiserId })).id),
      await signIn(t, (await createUser(t.database.db, { role: "team_member", organiserId })).id),
      await signIn(t, (await createUser(t.database.db, { role: "reseller", organiserId })).id),
      await signIn(t, (await createUser(t.database.db, { role: "agent", organiserId })).id),
    ];
    for (const c of others) {
      expect((await failure(c.trpc.admin.withdrawals.list.query({ status: "pending" }))).appCode).toBe("FORBIDDEN");
      expect((await failure(c.trpc.admin.withdrawals.accept.mutate({ withdrawalId: randomUUID(), payoutReference: "X" }))).appCode).toBe("FORBIDDEN");
      expect((await failure(c.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: randomUUID(), reason: "x" }))).appCode).toBe("FORBIDDEN");
      expect((await failure(c.trpc.admin.audit.list.query({}))).appCode).toBe("FORBIDDEN");
    }
  });
});

describe("bad input and what every decision logs", () => {
  // The organiser signs in again (disabling it above ended its sessions).
  let wallet: Awaited<ReturnType<typeof signIn>>["trpc"]["wallet"];
  const statusOf = async (id: string) => (await t.database.rows<{ status: string }>(sql`select status::text from withdrawals where id = ${id}`))[0]?.status;

  beforeAll(async () => {
    wallet = (await signIn(t, (await createUser(t.database.db, { role: "organiser", organiserId })).id)).trpc.wallet;
  });

  it("a refusal with an empty or blank reason is REASON_REQUIRED: still pending, nothing logged, nothing mailed", async () => {
    const w = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents: 100, idempotencyKey: `w-${randomUUID()}` })));
    const mails = await payoutMails();
    for (const reason of ["", " ", "\t\n  "]) {
      expect((await failure(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason }))).appCode, JSON.stringify(reason)).toBe("REASON_REQUIRED");
    }
    expect(await statusOf(w.id)).toBe("pending");
    expect(await auditOf(w.id)).toHaveLength(0);
    expect(await payoutMails()).toBe(mails);
    ok(await attempt(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "Test over" })));
  });

  it("an acceptance without a payout reference is VALIDATION on that field: still pending, nothing logged", async () => {
    const w = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents: 100, idempotencyKey: `w-${randomUUID()}` })));
    for (const payoutReference of ["", "   "]) {
      const error = await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: w.id, payoutReference }));
      expect(error.appCode).toBe("VALIDATION");
      expect(error.fieldErrors?.payoutReference).toBeDefined();
    }
    expect(await statusOf(w.id)).toBe("pending");
    expect(await auditOf(w.id)).toHaveLength(0);
    ok(await attempt(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "Test over" })));
  });

  it("an id that is not one is VALIDATION; a decided withdrawal decided again is WITHDRAWAL_NOT_PENDING and logs nothing more", async () => {
    expect((await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: "nope", payoutReference: "X" }))).appCode).toBe("VALIDATION");
    expect((await failure(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: "nope", reason: "x" }))).appCode).toBe("VALIDATION");
    const w = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents: 100, idempotencyKey: `w-${randomUUID()}` })));
    ok(await attempt(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "Wrong account" })));
    expect((await failure(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "Again" }))).appCode).toBe("WITHDRAWAL_NOT_PENDING");
    expect((await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: w.id, payoutReference: "X" }))).appCode).toBe("WITHDRAWAL_NOT_PENDING");
    expect((await auditOf(w.id)).map((e) => e.action)).toEqual(["withdrawal.refuse"]);
    expect(await t.database.rows(sql`select refusal_reason from withdrawals where id = ${w.id}`)).toEqual([{ refusal_reason: "Wrong account" }]);
  });

  it("accepting is logged with the whole withdrawal before and after", async () => {
    const w = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents: 200, idempotencyKey: `w-${randomUUID()}` })));
    const decided = ok(await attempt(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: w.id, payoutReference: "  SEPA-AUDIT-1 " })));
    const [entry, ...more] = await auditOf(w.id);
    expect(more).toHaveLength(0);
    expect(entry).toEqual({
      action: "withdrawal.accept",
      admin_id: adminId,
      before: { ...w, organiserId },
      after: { ...w, organiserId, status: "accepted", payoutReference: "SEPA-AUDIT-1", decidedAt: decided.decidedAt },
    });
  });

  it("accepting what a chargeback since the request used is WITHDRAWAL_ABOVE_BALANCE: still pending, nothing logged", async () => {
    const { balanceCents } = ok(await attempt(wallet.summary.query()));
    const w = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents: balanceCents, idempotencyKey: `w-${randomUUID()}` })));
    const [order] = await t.database.rows<{ id: string; provider: string; fees: number }>(
      sql`select id, provider, coalesce((amounts->>'feesCents')::int, 0) as fees from orders where organiser_id = ${organiserId} and paid_at is not null limit 1`,
    );
    // 1 € more than the order's service fees: the organiser loses 1 € it has already asked for.
    expect(await recordDispute(t.database.db, { provider: order!.provider, disputeId: `dp_${randomUUID()}`, orderId: order!.id, amountCents: Number(order!.fees) + 100, status: "open" })).toBe(true);
    expect(ok(await attempt(wallet.summary.query())).balanceCents).toBe(-100);
    expect((await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: w.id, payoutReference: "X" }))).appCode).toBe("WITHDRAWAL_ABOVE_BALANCE");
    expect(await statusOf(w.id)).toBe("pending");
    expect(await auditOf(w.id)).toHaveLength(0);
    ok(await attempt(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: w.id, reason: "A chargeback used the money" })));
    expect(ok(await attempt(wallet.summary.query())).balanceCents).toBe(balanceCents - 100);
  });

  it("of two requests of which a chargeback leaves room for one, either can be accepted and then the other is WITHDRAWAL_ABOVE_BALANCE", async () => {
    const { balanceCents } = ok(await attempt(wallet.summary.query()));
    const amountCents = Math.floor(balanceCents * 0.4);
    const first = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents, idempotencyKey: `w-${randomUUID()}` })));
    const second = ok(await attempt(wallet.requestWithdrawal.mutate({ amountCents, idempotencyKey: `w-${randomUUID()}` })));
    const [order] = await t.database.rows<{ id: string; provider: string }>(sql`select id, provider from orders where organiser_id = ${organiserId} and paid_at is not null limit 1`);
    // The order's service fees went back with the chargeback above: this one takes its whole amount.
    const disputed = balanceCents - Math.floor(balanceCents * 0.6);
    expect(await recordDispute(t.database.db, { provider: order!.provider, disputeId: `dp_${randomUUID()}`, orderId: order!.id, amountCents: disputed, status: "open" })).toBe(true);
    const payable = ok(await attempt(wallet.summary.query())).balanceCents + 2 * amountCents;
    expect(payable).toBe(balanceCents - disputed);
    expect(payable).toBeGreaterThanOrEqual(amountCents);
    expect(payable).toBeLessThan(2 * amountCents);

    ok(await attempt(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: second.id, payoutReference: "SEPA-ONE-FITS" })));
    expect((await failure(admin.trpc.admin.withdrawals.accept.mutate({ withdrawalId: first.id, payoutReference: "SEPA-TOO-MUCH" }))).appCode).toBe("WITHDRAWAL_ABOVE_BALANCE");
    expect(await statusOf(first.id)).toBe("pending");
    expect(await auditOf(first.id)).toHaveLength(0);
    ok(await attempt(admin.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: first.id, reason: "A chargeback used the money" })));
    expect(ok(await attempt(wallet.summary.query())).balanceCents).toBe(payable - amountCents);
  });

  it("verifying and rejecting a profile are logged with before and after", async () => {
    const verified = await createOrganiser(t.database.db, { verificationState: "in_review" });
    const rejected = await createOrganiser(t.database.db, { verificationState: "in_review" });
    ok(await attempt(admin.trpc.admin.verification.decide.mutate({ organiserId: verified.id, decision: "verify" })));
    ok(await attempt(admin.trpc.admin.verification.decide.mutate({ organiserId: rejected.id, decision: "reject", reason: " Licence unreadable " })));
    expect(await auditOf(verified.id)).toEqual([
      { action: "verification.verify", admin_id: adminId, before: { verificationState: "in_review" }, after: { verificationState: "verified" } },
    ]);
    expect(await auditOf(rejected.id)).toEqual([
      { action: "verification.reject", admin_id: adminId, before: { verificationState: "in_review" }, after: { verificationState: "rejected", reason: "Licence unreadable" } },
    ]);
    // A decision that changes nothing (not in review any more) logs nothing.
    expect((await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: verified.id, decision: "reject", reason: "x" }))).appCode).toBe("NOT_IN_REVIEW");
    expect(await auditOf(verified.id)).toHaveLength(1);
  });

  it("an unknown organiser is NOT_FOUND for enabling and verification, and nothing is logged", async () => {
    const id = randomUUID();
    expect((await failure(admin.trpc.admin.setOrganiserEnabled.mutate({ organiserId: id, enabled: false }))).appCode).toBe("NOT_FOUND");
    expect((await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: id, decision: "verify" }))).appCode).toBe("NOT_FOUND");
    expect(await auditOf(id)).toHaveLength(0);
  });
});
