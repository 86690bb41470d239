import { sql } from "drizzle-orm";
import { vatOfGross } from "../../../shared/rules/pricing";
import type { OrdersApp } from "./orders";
import { berlinDay, berlinTime } from "./report-scene";

/**
 * The reports' figures summed in the test, order by order, from the rows of the orders (decision
 * 025 with 023's definitions), without the report's SQL: what every report row must equal.
 */

export type LineFact = { total: number; discount: number; rate: number; vat: number; status: string; reason: string | null; category: string; event: string };
export type OrderFact = {
  id: string;
  status: string;
  channel: string;
  method: string;
  total: number;
  paidAt: Date | null;
  eventId: string;
  fees: number;
  boFee: number;
  vat: { rateBp: number; vatCents: number }[];
  voucherId: string | null;
  resellerId: string | null;
  lines: LineFact[];
  refunds: { amount: number; status: string; doneAt: Date | null }[];
};

type Amounts = { feesCents: number; boxOfficeFeeCents?: number; vat: { rateBp: number; vatCents: number }[] };

/** Every order of the organiser with its lines and refunds. */
export async function loadFacts(t: OrdersApp, organiserId: string): Promise<OrderFact[]> {
  const orders = await t.database.rows<{
    id: string;
    status: string;
    channel: string;
    method: string;
    total_cents: number;
    paid_at: Date | string | null;
    event_id: string;
    amounts: Amounts;
    voucher_id: string | null;
    reseller_id: string | null;
  }>(
    sql`select id::text, status::text, channel::text, payment_method::text as method, total_cents, paid_at, event_id::text, amounts, voucher_id::text, reseller_id::text
        from orders where organiser_id = ${organiserId}`,
  );
  const facts: OrderFact[] = [];
  for (const o of orders) {
    const lines = await t.database.rows<{ total_cents: number; discount_cents: number; vat_rate_bp: number; vat_cents: number; status: string; cancel_reason: string | null; category_name: string; name: string }>(
      sql`select l.total_cents, l.discount_cents, l.vat_rate_bp, l.vat_cents, l.status::text, l.cancel_reason::text, l.category_name, e.name
          from order_lines l join events e on e.id = l.event_id where l.order_id = ${o.id}`,
    );
    const refunds = await t.database.rows<{ amount_cents: number; status: string; done_at: Date | string | null }>(
      sql`select amount_cents, status::text, done_at from refunds where order_id = ${o.id}`,
    );
    const amounts = typeof o.amounts === "string" ? (JSON.parse(o.amounts) as Amounts) : o.amounts;
    facts.push({
      id: o.id,
      status: o.status,
      channel: o.channel,
      method: o.method,
      total: Number(o.total_cents),
      paidAt: o.paid_at ? new Date(o.paid_at) : null,
      eventId: o.event_id,
      fees: amounts.feesCents,
      boFee: amounts.boxOfficeFeeCents ?? 0,
      vat: amounts.vat,
      voucherId: o.voucher_id,
      resellerId: o.reseller_id,
      lines: lines.map((l) => ({
        total: Number(l.total_cents),
        discount: Number(l.discount_cents),
        rate: Number(l.vat_rate_bp),
        vat: Number(l.vat_cents),
        status: l.status,
        reason: l.cancel_reason,
        category: l.category_name,
        event: l.name,
      })),
      refunds: refunds.map((r) => ({ amount: Number(r.amount_cents), status: r.status, doneAt: r.done_at ? new Date(r.done_at) : null })),
    });
  }
  return facts;
}

export type Period = { from: string; to: string };

/** An instant within the period's Berlin days (both included)? */
export const within = (at: Date | null, p: Period) => at !== null && berlinDay(0, at) >= p.from && berlinDay(0, at) <= p.to;
const isCounted = (o: OrderFact) => o.status === "valid" || (o.status === "cancelled" && o.paidAt !== null);
/** Counted orders paid in the period (of `eventIds` when given). */
export const countedIn = (facts: OrderFact[], p: Period, eventIds?: string[]) =>
  facts.filter((o) => isCounted(o) && within(o.paidAt, p) && (!eventIds || eventIds.includes(o.eventId)));
const sold = (o: OrderFact) => o.lines.filter((l) => l.status !== "canceled");
const cancelledLines = (o: OrderFact) => o.lines.filter((l) => l.status === "canceled" && l.reason !== "date_changed");
const boFees = (o: OrderFact) => sold(o).filter((l) => l.total > 0).length * o.boFee;
const revenue = (o: OrderFact) => sold(o).reduce((a, l) => a + l.total, 0) + boFees(o);

function bucket<T>(map: Map<string, T>, key: string, zero: () => T): T {
  if (!map.has(key)) map.set(key, zero());
  return map.get(key)!;
}

/** Sales per day, channel or payment method. */
export function salesSums(facts: OrderFact[], p: Period, view: "day" | "channel" | "method", eventIds?: string[]) {
  const zero = () => ({ orders: 0, tickets: 0, paidCents: 0, refundsCents: 0, grossCents: 0, serviceFeesCents: 0, boxOfficeFeesCents: 0, revenueCents: 0 });
  const rows = new Map<string, ReturnType<typeof zero>>();
  const keyOf = (o: OrderFact, at: Date) => (view === "day" ? berlinDay(0, at) : view === "channel" ? o.channel : o.method);
  for (const o of countedIn(facts, p, eventIds)) {
    const r = bucket(rows, keyOf(o, o.paidAt!), zero);
    r.orders += 1;
    r.tickets += sold(o).length;
    r.paidCents += o.total;
    r.grossCents += o.total;
    r.serviceFeesCents += o.fees;
    r.boxOfficeFeesCents += boFees(o);
    r.revenueCents += revenue(o);
  }
  for (const o of facts.filter((f) => isCounted(f) && (!eventIds || eventIds.includes(f.eventId)))) {
    for (const f of o.refunds.filter((x) => x.status === "done" && within(x.doneAt, p))) {
      const r = bucket(rows, keyOf(o, f.doneAt!), zero);
      r.refundsCents += f.amount;
      r.grossCents -= f.amount;
    }
  }
  return Object.fromEntries([...rows].map(([k, r]) => [k, { [view]: k, ...r }]));
}

/** Tickets per event and category. */
export function ticketSums(facts: OrderFact[], p: Period) {
  const zero = () => ({ sold: 0, cancelled: 0, listCents: 0, discountCents: 0, boxOfficeFeesCents: 0, revenueCents: 0 });
  const rows = new Map<string, ReturnType<typeof zero> & { event: string; category: string }>();
  for (const o of countedIn(facts, p)) {
    for (const l of o.lines) {
      const r = bucket(rows, `${l.event}|${l.category}`, () => ({ event: l.event, category: l.category, ...zero() }));
      if (l.status === "canceled") {
        if (l.reason !== "date_changed") r.cancelled += 1;
        continue;
      }
      const fee = l.total > 0 ? o.boFee : 0;
      r.sold += 1;
      r.listCents += l.total + l.discount;
      r.discountCents += l.discount;
      r.boxOfficeFeesCents += fee;
      r.revenueCents += l.total + fee;
    }
  }
  return Object.fromEntries(rows);
}

/** Per reseller (by id). */
export function resellerSums(facts: OrderFact[], p: Period) {
  const rows = new Map<string, { orders: number; tickets: number; cancelled: number; soldCents: number; cancelledCents: number; owesCents: number }>();
  for (const o of countedIn(facts, p).filter((f) => f.resellerId)) {
    const r = bucket(rows, o.resellerId!, () => ({ orders: 0, tickets: 0, cancelled: 0, soldCents: 0, cancelledCents: 0, owesCents: 0 }));
    r.orders += 1;
    r.tickets += sold(o).length;
    r.cancelled += cancelledLines(o).length;
    r.soldCents += o.total;
    r.cancelledCents += cancelledLines(o).reduce((a, l) => a + l.total, 0);
    r.owesCents += sold(o).reduce((a, l) => a + l.total, 0);
  }
  return Object.fromEntries(rows);
}

/** Per voucher (by id). */
export function voucherSums(facts: OrderFact[], p: Period) {
  const rows = new Map<string, { uses: number; tickets: number; discountCents: number; revenueCents: number }>();
  for (const o of countedIn(facts, p).filter((f) => f.voucherId)) {
    const r = bucket(rows, o.voucherId!, () => ({ uses: 0, tickets: 0, discountCents: 0, revenueCents: 0 }));
    r.uses += 1;
    r.tickets += sold(o).length;
    r.discountCents += sold(o).reduce((a, l) => a + l.discount, 0);
    r.revenueCents += revenue(o);
  }
  return Object.fromEntries(rows);
}

/**
 * VAT per rate from the orders' own amounts: what the order computed (`amounts.vat`) less its
 * cancelled lines' VAT and the VAT of the fees given back with them (one cancellation per order in
 * the scene: the fee of each chargeable cancelled line, its VAT on their sum, at 19 % online or
 * the tickets' rate at the counter). Gross: tickets not canceled and the fees still charged.
 */
export function vatSums(facts: OrderFact[], p: Period, serviceFee: { cents: number; rateBp: number }) {
  const rows = new Map<number, { grossCents: number; vatCents: number }>();
  const add = (rate: number, gross: number, vat: number) => {
    const r = rows.get(rate) ?? { grossCents: 0, vatCents: 0 };
    rows.set(rate, { grossCents: r.grossCents + gross, vatCents: r.vatCents + vat });
  };
  for (const o of countedIn(facts, p).filter((f) => f.total > 0)) {
    for (const v of o.vat) add(v.rateBp, 0, v.vatCents);
    for (const l of o.lines) {
      if (l.status === "canceled") add(l.rate, 0, -l.vat);
      else add(l.rate, l.total, 0);
    }
    const ticketRate = o.lines[0]!.rate;
    const chargeableCancelled = cancelledLines(o).filter((l) => l.total > 0).length;
    const counter = o.channel === "box_office";
    const feeRate = counter ? ticketRate : serviceFee.rateBp;
    const perTicket = counter ? o.boFee : o.fees > 0 ? serviceFee.cents : 0;
    const charged = counter ? o.lines.filter((l) => l.total > 0).length * o.boFee : o.fees;
    const credited = chargeableCancelled * perTicket;
    add(feeRate, charged - credited, credited > 0 ? -vatOfGross(credited, feeRate) : 0);
  }
  return Object.fromEntries([...rows].map(([rate, r]) => [rate, { rate: Number(rate), grossCents: r.grossCents, netCents: r.grossCents - r.vatCents, vatCents: r.vatCents }]));
}

/** Check-in rows as the door wrote them: admissions per hour and per device. */
export async function doorSums(t: OrdersApp, organiserId: string, p: Period) {
  const rows = await t.database.rows<{ device_id: string; device_label: string; outcome: string; undone_at: Date | null; scanned_at: Date | string }>(
    sql`select device_id, device_label, outcome::text, undone_at, scanned_at from checkins where organiser_id = ${organiserId} order by scanned_at`,
  );
  const admitted = rows.filter((r) => r.outcome === "admitted" && r.undone_at === null && within(new Date(r.scanned_at), p));
  const hours: Record<string, { hour: string; admissions: number }> = {};
  const devices: Record<string, { device: string; admissions: number; first: string; last: string }> = {};
  for (const r of admitted) {
    const at = new Date(r.scanned_at);
    const hour = berlinTime(at, true);
    hours[hour] = { hour, admissions: (hours[hour]?.admissions ?? 0) + 1 };
    const d = devices[r.device_id];
    devices[r.device_id] = { device: r.device_label, admissions: (d?.admissions ?? 0) + 1, first: d?.first ?? berlinTime(at), last: berlinTime(at) };
  }
  return { hours, devices, all: rows };
}
