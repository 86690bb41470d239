import { sql } from "drizzle-orm";
import { voucherState, type VoucherStatus } from "../../../shared/rules/voucher";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { countedOrders, num, type ReportBody, type ReportScope } from "./scope";

/**
 * The vouchers, resellers and VAT reports (decision 025) over the counted orders paid in the
 * period (decision 023), each order's lines not canceled as they stand now. The few orders with a
 * voucher or of a reseller read their lines by the order index (`= any(array(...))` keeps the
 * planner from hashing every line of the table).
 */

type VoucherRow = {
  code: string;
  event: string;
  status: VoucherStatus;
  valid_from: Date | string;
  valid_until: Date | string;
  max_uses: number | null;
  used_count: number;
  reserved_count: number;
  uses: number | string;
  tickets: number | string | null;
  discount: number | string | null;
  lines: number | string | null;
  bo: number | string | null;
};

/**
 * Per voucher used by a counted order paid in the period: uses (those orders), their tickets not
 * canceled, the discount on those tickets, their revenue (line totals + box office fees), and the
 * voucher's state now (the vouchers list's own rule, voucherState).
 */
export async function vouchersReport(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const rows = await txRows<VoucherRow>(
    db,
    sql`with counted as (
          select o.id, o.voucher_id, coalesce((o.amounts->>'boxOfficeFeeCents')::int, 0) as bo_fee
          from orders o where ${countedOrders(scope, sql`o.voucher_id is not null`)}
        ),
        per_order as (
          select c.voucher_id, count(l.order_id) as tickets, sum(l.discount_cents) as discount, sum(l.total_cents) as lines,
            sum(case when l.total_cents > 0 then c.bo_fee else 0 end) as bo
          from counted c left join order_lines l on l.order_id = c.id and l.status <> 'canceled' and l.order_id = any(array(select id from counted))
          group by c.id, c.voucher_id
        )
        select v.code, e.name as event, v.status::text as status, v.valid_from, v.valid_until, v.max_uses, v.used_count, v.reserved_count,
          count(*) as uses, sum(p.tickets) as tickets, sum(p.discount) as discount, sum(p.lines) as lines, sum(p.bo) as bo
        from per_order p join vouchers v on v.id = p.voucher_id and v.organiser_id = ${scope.organiserId} join events e on e.id = v.event_id
        group by v.id, e.name
        order by v.code, e.name`,
  );
  return {
    columns: [
      { key: "code", kind: "text" },
      { key: "event", kind: "text" },
      { key: "state", kind: "text" },
      { key: "uses", kind: "count" },
      { key: "tickets", kind: "count" },
      { key: "discountCents", kind: "cents" },
      { key: "revenueCents", kind: "cents" },
    ],
    rows: rows.map((r) => ({
      code: r.code,
      event: r.event,
      state: voucherState(
        {
          status: r.status,
          validFrom: new Date(r.valid_from),
          validUntil: new Date(r.valid_until),
          maxUses: r.max_uses === null ? null : Number(r.max_uses),
          usedCount: Number(r.used_count),
          reservedCount: Number(r.reserved_count),
        },
        scope.now,
      ),
      uses: num(r.uses),
      tickets: num(r.tickets),
      discountCents: num(r.discount),
      revenueCents: num(r.lines) + num(r.bo),
    })),
    chart: { type: "bar", index: "code", series: ["discountCents", "revenueCents"] },
  };
}

type ResellerRow = {
  name: string | null;
  orders: number | string;
  tickets: number | string | null;
  cancelled: number | string | null;
  sold: number | string | null;
  cancelled_cents: number | string | null;
  owes: number | string | null;
};

/**
 * Per reseller (orders.reseller_id; its name from its profile): its counted orders paid in the
 * period, their tickets not canceled and cancelled, what buyers paid at the sale (the orders'
 * totals: the lines at the reseller's prices, no fees, decision 022), the cancelled tickets'
 * totals (given back to buyers by the reseller) and what it owes the organiser: the totals of its
 * tickets not canceled (no commission is agreed, so nothing is kept back).
 */
export async function resellersReport(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const rows = await txRows<ResellerRow>(
    db,
    sql`with counted as (
          select o.id, o.reseller_id, o.total_cents from orders o
          where ${countedOrders(scope, sql`(o.reseller_id is not null or o.channel = 'reseller')`)}
        ),
        per_order as (
          select c.id, c.reseller_id, c.total_cents,
            count(l.order_id) filter (where l.status <> 'canceled') as tickets,
            count(l.order_id) filter (where l.status = 'canceled' and l.cancel_reason is distinct from 'date_changed') as cancelled,
            sum(l.total_cents) filter (where l.status = 'canceled' and l.cancel_reason is distinct from 'date_changed') as cancelled_cents,
            sum(l.total_cents) filter (where l.status <> 'canceled') as owes
          from counted c left join order_lines l on l.order_id = c.id and l.order_id = any(array(select id from counted))
          group by c.id, c.reseller_id, c.total_cents
        )
        select coalesce(rp.name, u.first_name, '') as name, count(*) as orders, sum(p.tickets) as tickets, sum(p.cancelled) as cancelled,
          sum(p.total_cents) as sold, sum(p.cancelled_cents) as cancelled_cents, sum(p.owes) as owes
        from per_order p left join users u on u.id = p.reseller_id left join reseller_profiles rp on rp.user_id = p.reseller_id
        group by p.reseller_id, rp.name, u.first_name
        order by 1, p.reseller_id`,
  );
  return {
    columns: [
      { key: "reseller", kind: "text" },
      { key: "orders", kind: "count" },
      { key: "tickets", kind: "count" },
      { key: "cancelled", kind: "count" },
      { key: "soldCents", kind: "cents" },
      { key: "cancelledCents", kind: "cents" },
      { key: "owesCents", kind: "cents" },
    ],
    rows: rows.map((r) => ({
      reseller: r.name ?? "",
      orders: num(r.orders),
      tickets: num(r.tickets),
      cancelled: num(r.cancelled),
      soldCents: num(r.sold),
      cancelledCents: num(r.cancelled_cents),
      owesCents: num(r.owes),
    })),
    chart: { type: "bar", index: "reseller", series: ["soldCents", "owesCents"] },
  };
}

type VatRow = { rate: number; gross: number | string | null; vat: number | string | null };

/**
 * VAT per rate of the counted orders paid in the period, as their invoices and credit notes state
 * it (decision 016: each line's VAT rounded once as the order computed it, the service fee's and
 * the box office fee's VAT on their sums): Σ invoice rows − Σ credit note rows, to the cent. So
 * Σ VAT = Σ amounts.vat of those orders − the VAT of their cancelled lines and of the fees given
 * back with them. Net = gross − VAT. Free orders have no invoice and no VAT.
 */
export async function vatReport(db: DbOrTx, scope: ReportScope): Promise<ReportBody> {
  const rows = await txRows<VatRow>(
    db,
    sql`select v."rateBp" as rate,
          sum(case when i.kind = 'invoice' then 1 else -1 end * v."grossCents") as gross,
          sum(case when i.kind = 'invoice' then 1 else -1 end * v."vatCents") as vat
        from orders o join order_invoices i on i.order_id = o.id and i.organiser_id = ${scope.organiserId}
          cross join lateral jsonb_to_recordset(i.vat) as v("rateBp" int, "grossCents" bigint, "vatCents" bigint)
        where ${countedOrders(scope)}
        group by 1 order by 1`,
  );
  return {
    columns: [
      { key: "rate", kind: "basisPoints" },
      { key: "grossCents", kind: "cents" },
      { key: "netCents", kind: "cents" },
      { key: "vatCents", kind: "cents" },
    ],
    rows: rows.map((r) => ({ rate: Number(r.rate), grossCents: num(r.gross), netCents: num(r.gross) - num(r.vat), vatCents: num(r.vat) })),
    chart: { type: "bar", index: "rate", series: ["netCents", "vatCents"] },
  };
}
