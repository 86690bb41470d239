/**
 * The organiser's wallet (issue 22 item 4, decision 024), on PGlite and Postgres: the ledger's
 * entries and the figures equal direct sums over the orders, refunds and withdrawals the test
 * made, to the cent (online orders net of their service fees, a partial cancellation's refund net
 * of the fee it gives back, a voucher order; box office, reseller, pending and failed orders are
 * not in the wallet); withdrawals are refused above the balance, at 0 and without an IBAN (nothing
 * written), the same key makes one withdrawal, a refusal gives the amount back; walletAccess
 * allows, a team member without it is refused, another organiser sees none of it.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processRefunds } from "../../server/modules/orders/jobs";
import { decideWithdrawal } from "../../server/modules/wallet/withdrawals";
import { emptyPermissionSet } from "../../shared/permissions";
import { ok, signedInTeamMember } from "./helpers/events";
import { createUser } from "./helpers/factories";
import { expectNoDrift } from "./helpers/inventory";
import { buySeats, createOrdersApp, decideVia, linesOf, type OrdersApp, paymentIdOf, placeSeatOrder } from "./helpers/orders";
import { allocateVia, countedTickets, createReseller, organiserIdOf, saleInput as resellerSale, sellVia } from "./helpers/resellers";
import { cartOf, createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";
import { insertVoucher } from "./helpers/vouchers";

let t: OrdersApp;
let shop: ShopEvent;
let other: ShopEvent;
let organiserId: string;
const online: string[] = [];

const wallet = (client = shop.organiser) => client.trpc.wallet;
const key = () => `w-${randomUUID()}`;

/** The wallet computed in the test from the rows: online paid orders less their fees, refunds less the fees they give back. */
async function directWallet() {
  let revenue = 0;
  let fees = 0;
  for (const id of online) {
    const [o] = await t.database.rows<{ total_cents: number; fees: number }>(
      sql`select total_cents, coalesce((amounts->>'feesCents')::int, 0) as fees from orders where id = ${id}`,
    );
    revenue += Number(o!.total_cents);
    fees += Number(o!.fees);
    const refunds = await t.database.rows<{ amount_cents: number }>(sql`select amount_cents from refunds where order_id = ${id}`);
    const cancelled = (await linesOf(t.database, id)).filter((l) => l.status === "canceled");
    revenue -= refunds.reduce((a, r) => a + Number(r.amount_cents), 0);
    // A cancelled chargeable ticket's service fee goes back to the buyer with its refund.
    fees -= cancelled.filter((l) => l.total_cents > 0).length * 100;
  }
  const w = await t.database.rows<{ amount_cents: number; status: string }>(sql`select amount_cents, status::text from withdrawals where organiser_id = ${organiserId}`);
  const sum = (s: string[]) => w.filter((x) => s.includes(x.status)).reduce((a, x) => a + Number(x.amount_cents), 0);
  return { revenue, fees, balance: revenue - fees - sum(["pending", "accepted"]), withdrawn: sum(["accepted"]), pending: sum(["pending"]) };
}

beforeAll(async () => {
  t = await createOrdersApp({ LOG_LEVEL: "silent" });
  shop = await createShopEvent(t);
  other = await createShopEvent(t);
  const dateId = shop.dateIds[0]!;
  organiserId = await organiserIdOf(t, shop.eventId);
  const seats = async (category: string) =>
    (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = ${category} order by seat_key`)).map((r) => r.k);
  const a = await seats("a");
  const b = await seats("b");
  const tcA = shop.category("a").id;
  const tcB = shop.category("b").id;
  online.push((await buySeats(t, dateId, tcA, a.slice(0, 2))).orderId);
  // Three tickets, one cancelled: its refund gives back its price and its service fee.
  const partial = (await buySeats(t, dateId, tcA, a.slice(2, 5))).orderId;
  online.push(partial);
  const [line] = await linesOf(t.database, partial);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: partial, lineIds: [line!.id] })));
  await processRefunds(t.deps);
  await insertVoucher(t.database, shop.eventId, { code: "WALLET10", ticketCategoryIds: [tcA] });
  online.push((await buySeats(t, dateId, tcA, a.slice(5, 7), { voucherCode: "WALLET10" })).orderId);
  // Not in the wallet: a box office sale, a reseller's sale, a pending and a failed order.
  const shiftId = ok(await attempt(shop.organiser.trpc.boxOffice.openShift.mutate({ startingCashCents: 0 }))).id;
  const cart = cartOf(ok(await attempt(shop.organiser.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: [{ key: b[0]!, ticketCategoryId: tcB }], counts: [] }))));
  ok(
    await attempt(
      shop.organiser.trpc.boxOffice.sell.mutate({ cart, idempotencyKey: key(), shiftId, tickets: [{ ticketCategoryId: tcB, seatKeys: [b[0]!] }], paymentMethod: "cash", locale: "en" }),
    ),
  );
  const tcC = shop.category("c").id;
  const kiosk = await createReseller(t, organiserId, shop.eventId, { [tcC]: 1250 }, "Kiosk Wallet");
  const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 2 }] }));
  ok(await sellVia(kiosk.client, resellerSale(allocationId, countedTickets(tcC, "S", 1))));
  await placeSeatOrder(t, dateId, tcB, [b[1]!]);
  const failing = await placeSeatOrder(t, dateId, tcB, [b[2]!]);
  ok(await decideVia(failing.client, paymentIdOf(failing.result), "failed"));
  await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);
});

afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("the ledger and the figures", () => {
  it("balance, revenue and fees equal the direct sums, to the cent; the ledger adds up to the balance", async () => {
    const want = await directWallet();
    const got = ok(await attempt(wallet().summary.query()));
    expect(want.revenue).toBeGreaterThan(0);
    expect({ balance: got.balanceCents, revenue: got.totalRevenueCents, fees: got.totalFeesCents, withdrawn: got.totalWithdrawnCents }).toEqual({
      balance: want.balance,
      revenue: want.revenue,
      fees: want.fees,
      withdrawn: want.withdrawn,
    });
    const ledger = ok(await attempt(wallet().ledger.query({ page: 1, pageSize: 100 })));
    expect(ledger.total).toBe(ledger.entries.length);
    expect(ledger.entries.reduce((s, e) => s + e.netCents, 0)).toBe(got.balanceCents);
    expect(ledger.entries.filter((e) => e.kind === "order").map((e) => e.orderId).sort()).toEqual([...online].sort());
    const refund = ledger.entries.find((e) => e.kind === "refund")!;
    expect(refund.feeCents).toBe(-100);
    expect(refund.netCents).toBe(refund.grossCents + 100);
    // Newest first, and a kind filter narrows it.
    expect(ledger.entries.map((e) => e.at)).toEqual([...ledger.entries.map((e) => e.at)].sort().reverse());
    const refunds = ok(await attempt(wallet().ledger.query({ page: 1, pageSize: 10, kind: "refund" })));
    expect(refunds.entries.map((e) => e.kind)).toEqual(["refund"]);
  });

  it("another organiser's wallet holds none of it", async () => {
    const got = ok(await attempt(wallet(other.organiser).summary.query()));
    const [o] = await t.database.rows<{ total: number; fees: number }>(
      sql`select sum(total_cents)::int as total, sum((amounts->>'feesCents')::int)::int as fees from orders where event_id = ${other.eventId} and status = 'valid'`,
    );
    expect(got.balanceCents).toBe(Number(o!.total) - Number(o!.fees));
  });
});

describe("withdrawals", () => {
  it("refuses without an IBAN, at 0 and above the balance, writing nothing", async () => {
    expect((await failure(wallet().requestWithdrawal.mutate({ amountCents: 100, idempotencyKey: key() }))).appCode).toBe("WITHDRAWAL_NO_PAYMENT_DETAILS");
    await t.database.rows(sql`update organisers set account_number = 'DE89370400440532013000', bank_name = 'Testbank' where id = ${organiserId} returning id`);
    const { balanceCents } = ok(await attempt(wallet().summary.query()));
    expect((await failure(wallet().requestWithdrawal.mutate({ amountCents: 0, idempotencyKey: key() }))).appCode).toBe("WITHDRAWAL_AMOUNT_INVALID");
    expect((await failure(wallet().requestWithdrawal.mutate({ amountCents: -5, idempotencyKey: key() }))).appCode).toBe("WITHDRAWAL_AMOUNT_INVALID");
    expect((await failure(wallet().requestWithdrawal.mutate({ amountCents: balanceCents + 1, idempotencyKey: key() }))).appCode).toBe("WITHDRAWAL_ABOVE_BALANCE");
    const [n] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from withdrawals where organiser_id = ${organiserId}`);
    expect(Number(n!.n)).toBe(0);
  });

  it("a request is pending and taken off the balance; the same key makes one; a refusal gives it back; an acceptance counts as withdrawn", async () => {
    const before = ok(await attempt(wallet().summary.query()));
    const k = key();
    const first = ok(await attempt(wallet().requestWithdrawal.mutate({ amountCents: 1000, idempotencyKey: k })));
    const again = ok(await attempt(wallet().requestWithdrawal.mutate({ amountCents: 1000, idempotencyKey: k })));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ status: "pending", amountCents: 1000, method: "bank_transfer", ibanMasked: "DE89 •••• 3000" });
    const pending = ok(await attempt(wallet().summary.query()));
    expect(pending.balanceCents).toBe(before.balanceCents - 1000);
    expect(pending.lastWithdrawal?.id).toBe(first.id);
    const admin = await createUser(t.database.db, { role: "admin" });
    await decideWithdrawal(t.database.db, { withdrawalId: first.id, adminId: admin!.id, decision: { kind: "refuse", reason: "Wrong account" } });
    const refused = ok(await attempt(wallet().summary.query()));
    expect(refused.balanceCents).toBe(before.balanceCents);
    const second = ok(await attempt(wallet().requestWithdrawal.mutate({ amountCents: 700, idempotencyKey: key() })));
    await decideWithdrawal(t.database.db, { withdrawalId: second.id, adminId: admin!.id, decision: { kind: "accept", payoutReference: "SEPA-1" } });
    const done = ok(await attempt(wallet().summary.query()));
    const want = await directWallet();
    expect({ balance: done.balanceCents, withdrawn: done.totalWithdrawnCents }).toEqual({ balance: want.balance, withdrawn: 700 });
    const list = ok(await attempt(wallet().withdrawals.query()));
    expect(list.map((w) => [w.status, w.amountCents])).toEqual([
      ["accepted", 700],
      ["refused", 1000],
    ]);
    expect(list[1]!.refusalReason).toBe("Wrong account");
    await expect(decideWithdrawal(t.database.db, { withdrawalId: second.id, adminId: admin!.id, decision: { kind: "refuse", reason: "late" } })).rejects.toMatchObject({ code: "WITHDRAWAL_NOT_PENDING" });
  });
});

describe("rights", () => {
  it("walletAccess allows; without it a team member is refused", async () => {
    const allowed = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), walletAccess: true });
    expect(ok(await attempt(allowed.client.trpc.wallet.summary.query())).balanceCents).toBeGreaterThan(0);
    const refused = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true, createEvent: true });
    expect((await failure(refused.client.trpc.wallet.summary.query())).appCode).toBe("FORBIDDEN");
    expect((await failure(refused.client.trpc.wallet.requestWithdrawal.mutate({ amountCents: 100, idempotencyKey: key() }))).appCode).toBe("FORBIDDEN");
    // The fee model is shown to whoever prepares events.
    expect(ok(await attempt(refused.client.trpc.wallet.fees.query())).serviceFeeCentsPerTicket).toBe(100);
  });
});
