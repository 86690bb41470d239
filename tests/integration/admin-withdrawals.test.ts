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
import { createUser } from "./helpers/factories";
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
