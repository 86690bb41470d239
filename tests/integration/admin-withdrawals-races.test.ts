/**
 * Admins deciding withdrawals at once (issue 23 item 2: "accepting can never pay more than the
 * balance"; decision 024), on Postgres. An organiser requested two withdrawals while the balance
 * allowed both; a chargeback since then leaves room to pay out only one. Two admins accept both at
 * once: exactly one is paid, the other is WITHDRAWAL_ABOVE_BALANCE, and only the accepted decision
 * is logged. The control run, without the wallet lock, pays both: more than the organiser has.
 * Two admins accepting the same withdrawal at once: one accepts, the other gets
 * WITHDRAWAL_NOT_PENDING; one audit entry, one mail.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDispute } from "../../server/modules/wallet/chargebacks";
import { setWalletLockDisabledForTests } from "../../server/modules/wallet/withdrawals";
import { ok, signIn } from "./helpers/events";
import { createUser } from "./helpers/factories";
import { buySeats, createOrdersApp, type OrdersApp } from "./helpers/orders";
import { organiserIdOf } from "./helpers/resellers";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt } from "./helpers/trpc";

const ROUNDS = 5;

describe.runIf(process.env.TEST_DATABASE_URL)("admins deciding withdrawals at once (Postgres)", () => {
  let t: OrdersApp;
  let shop: ShopEvent;
  let organiserId: string;
  let order: { id: string; provider: string };
  let admins: Awaited<ReturnType<typeof signIn>>[];

  beforeAll(async () => {
    t = await createOrdersApp({ LOG_LEVEL: "silent" });
    shop = await createShopEvent(t);
    organiserId = await organiserIdOf(t, shop.eventId);
    const keys = (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${shop.dateIds[0]!} and category_id = 'a' order by seat_key limit 4`)).map((r) => r.k);
    await buySeats(t, shop.dateIds[0]!, shop.category("a").id, keys);
    const paid = await t.database.rows<{ id: string; provider: string }>(sql`select id, provider from orders where organiser_id = ${organiserId} and paid_at is not null`);
    expect(paid).toHaveLength(1);
    order = paid[0]!;
    await t.database.rows(sql`update organisers set account_number = 'DE89370400440532013000' where id = ${organiserId} returning id`);
    admins = [
      await signIn(t, (await createUser(t.database.db, { role: "admin" })).id),
      await signIn(t, (await createUser(t.database.db, { role: "admin" })).id),
    ];
  });

  afterAll(async () => {
    setWalletLockDisabledForTests(false);
    await t.close();
  });

  const balance = async () => ok(await attempt(shop.organiser.trpc.wallet.summary.query())).balanceCents;
  const request = (amountCents: number) => shop.organiser.trpc.wallet.requestWithdrawal.mutate({ amountCents, idempotencyKey: `race-${randomUUID()}` });
  const accept = (admin: number, withdrawalId: string) =>
    attempt(admins[admin]!.trpc.admin.withdrawals.accept.mutate({ withdrawalId, payoutReference: `SEPA-${admin}-${withdrawalId.slice(0, 8)}` }));
  const auditCount = async (ids: string[]) =>
    Number((await t.database.rows<{ n: number }>(sql`select count(*)::int as n from admin_audit_log where target_id in ${ids}`))[0]!.n);
  const payoutMails = async () =>
    Number((await t.database.rows<{ n: number }>(sql`select count(*)::int as n from outbox_mails where template = 'organiser_payout_state'`))[0]!.n);
  const acceptedCents = async () =>
    Number((await t.database.rows<{ n: number }>(sql`select coalesce(sum(amount_cents), 0)::int as n from withdrawals where organiser_id = ${organiserId} and status = 'accepted'`))[0]!.n);

  /**
   * A fresh wallet (no withdrawals, no disputes) with two pending withdrawals of 40 % of the
   * balance each, then a dispute that leaves room for one of them only. Returns the two and what
   * may be paid out (the balance with the pending withdrawals given back).
   */
  async function twoPendingOneFits() {
    await t.database.rows(sql`delete from withdrawals where organiser_id = ${organiserId} returning id`);
    await t.database.rows(sql`delete from chargebacks where order_id = ${order.id} returning id`);
    const earned = await balance();
    const amountCents = Math.floor(earned * 0.4);
    const first = ok(await attempt(request(amountCents)));
    const second = ok(await attempt(request(amountCents)));
    const [fees] = await t.database.rows<{ n: number }>(sql`select coalesce((amounts->>'feesCents')::int, 0) as n from orders where id = ${order.id}`);
    // The dispute takes 40 % of what was earned (its service fees are the platform's): 60 % is left.
    const disputed = earned - Math.floor(earned * 0.6) + Number(fees!.n);
    expect(await recordDispute(t.database.db, { provider: order.provider, disputeId: `dp_${randomUUID()}`, orderId: order.id, amountCents: disputed, status: "open" })).toBe(true);
    const payable = (await balance()) + 2 * amountCents;
    // The set-up holds: either fits alone, both together do not.
    expect(amountCents).toBeGreaterThan(0);
    expect(payable).toBeGreaterThanOrEqual(amountCents);
    expect(payable).toBeLessThan(2 * amountCents);
    return { ids: [first.id, second.id], amountCents, payable };
  }

  /** Both admins accept one withdrawal each at once. */
  async function race() {
    const setUp = await twoPendingOneFits();
    const mailsBefore = await payoutMails();
    const results = await Promise.all([accept(0, setUp.ids[0]!), accept(1, setUp.ids[1]!)]);
    return {
      ...setUp,
      results,
      accepted: results.filter((r) => !r.error).length,
      paidCents: await acceptedCents(),
      audits: await auditCount(setUp.ids),
      mails: (await payoutMails()) - mailsBefore,
    };
  }

  it("control: without the wallet lock, both are accepted and more is paid than the balance holds", async () => {
    setWalletLockDisabledForTests(true);
    try {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await race());
      const overpaid = runs.filter((r) => r.accepted === 2 && r.paidCents > r.payable);
      expect(overpaid.length).toBeGreaterThan(0);
    } finally {
      setWalletLockDisabledForTests(false);
    }
  });

  it("accepting two withdrawals at once never pays more than the balance; only the accepted decision is logged and mailed", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const run = await race();
      expect(run.accepted, `round ${round}`).toBe(1);
      expect(run.results.find((r) => r.error)!.error!.appCode).toBe("WITHDRAWAL_ABOVE_BALANCE");
      expect(run.paidCents).toBe(run.amountCents);
      expect(run.paidCents).toBeLessThanOrEqual(run.payable);
      expect(run.audits).toBe(1);
      expect(run.mails).toBe(1);
      const [logged] = await t.database.rows<{ action: string; target_id: string; before: { status: string }; after: { status: string } }>(
        sql`select action, target_id, before, after from admin_audit_log where target_id in ${run.ids}`,
      );
      const winner = run.ids[run.results.findIndex((r) => !r.error)]!;
      expect(logged).toMatchObject({ action: "withdrawal.accept", target_id: winner, before: { status: "pending" }, after: { status: "accepted" } });

      // The one that could not be paid is refused: its amount comes back and the balance is not below zero.
      const loser = run.ids.find((id) => id !== winner)!;
      ok(await attempt(admins[0]!.trpc.admin.withdrawals.refuse.mutate({ withdrawalId: loser, reason: "A chargeback used the money" })));
      const after = await balance();
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBe(run.payable - run.amountCents);
    }
  });

  it("the same withdrawal accepted by two admins at once: one accepts, the other is WITHDRAWAL_NOT_PENDING; one audit entry, one mail", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await t.database.rows(sql`delete from withdrawals where organiser_id = ${organiserId} returning id`);
      await t.database.rows(sql`delete from chargebacks where order_id = ${order.id} returning id`);
      const w = ok(await attempt(request(Math.floor((await balance()) * 0.5))));
      const mailsBefore = await payoutMails();
      const results = await Promise.all([accept(0, w.id), accept(1, w.id)]);
      expect(results.filter((r) => !r.error), `round ${round}`).toHaveLength(1);
      expect(results.find((r) => r.error)!.error!.appCode).toBe("WITHDRAWAL_NOT_PENDING");
      expect(await auditCount([w.id])).toBe(1);
      expect((await payoutMails()) - mailsBefore).toBe(1);
      const winner = results.findIndex((r) => !r.error);
      const [row] = await t.database.rows<{ status: string; payout_reference: string }>(sql`select status, payout_reference from withdrawals where id = ${w.id}`);
      expect(row).toEqual({ status: "accepted", payout_reference: `SEPA-${winner}-${w.id.slice(0, 8)}` });
      expect(await balance()).toBeGreaterThanOrEqual(0);
    }
  });
});
