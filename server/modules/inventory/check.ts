import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { recomputed, wantedCounters } from "./counters";
import { txRows } from "../../db/sql";
import { HELD, SOLD } from "./statuses";

/** One inconsistency: what the row says (`actual`) against what the seats, carts and orders say (`expected`). */
export type Drift = { kind: DriftKind; scope: string; item: string; actual: number; expected: number };

export type DriftKind =
  | "counter_held" // a counter's held units against the cart ledgers of its scope
  | "counter_sold" // a counter's sold units against the scope's valid ticket lines
  | "counter_missing" // a category or limit without its counter (counters are created where capacity is decided)
  | "ledger" // a live cart's ledger against the seats and counted places it holds
  | "finished_cart" // a released or expired cart still holding something
  | "seat_holder" // a held seat whose cart does not exist or is finished
  | "seat_sale" // a sold seat without its valid ticket line, or a valid line's seat not sold to it
  | "contingent" // an organiser's ticket contingent against the sum of its ledger entries (decision 014)
  | "voucher_used" // a voucher's used count against its redeemed uses (decision 020)
  | "voucher_reserved" // a voucher's reserved count against its reserved uses
  | "voucher_order" // a valid order with a voucher but without its redeemed use
  ;

/**
 * Recomputes every counter from the seats, cart ledgers and order lines, and checks the seats and
 * carts against each other: one read-only statement (one snapshot), safe on a live database
 * (`npm run inventory:check`). Empty when nothing drifted.
 */
export async function checkInventory(db: DbOrTx): Promise<Drift[]> {
  const rows = await txRows<{ kind: DriftKind; scope: string; item: string; actual: number; expected: number }>(
    db,
    sql`with ${wantedCounters(sql`true`)},
    ${recomputed(null)},
    live as (select id, scope_id from carts where state in ('active', 'checked_out') and expires_at > now()),
    holding as (
      select cart, k, sum(n)::int as n from (
        select s.hold_id as cart, 'ticket:' || s.ticket_category_id::text as k, count(distinct s.seat_key) as n
        from seat_inventory s where s.hold_id in (select id from live) and s.status in ${HELD} group by 1, 2
        union all select i.cart_id, 'ticket:' || i.ticket_category_id::text, i.quantity * coalesce(tc.seats_per_ticket, 1)
        from cart_items i left join ticket_categories tc on tc.id = i.ticket_category_id where i.cart_id in (select id from live)
        union all select i.cart_id, 'area:' || i.area_id, i.quantity * coalesce(tc.seats_per_ticket, 1)
        from cart_items i left join ticket_categories tc on tc.id = i.ticket_category_id where i.cart_id in (select id from live) and i.area_id <> '') x
      group by 1, 2),
    places as (select cart, sum(n)::int as n from holding where k like 'ticket:%' group by 1),
    cart_ledger as (select n.cart_id as cart, n.counter_key as k, n.quantity as n from cart_counts n where n.cart_id in (select id from live) and n.quantity > 0 and not n.sold),
    valid_lines as (
      select l.id, l.scope_id, l.seat_keys from order_lines l join orders o on o.id = l.order_id
      where o.status = 'valid' and l.status <> 'canceled' and jsonb_array_length(l.seat_keys) > 0),
    scope_dates as (
      select d.id as scope_id, d.id as date_id from event_dates d
      union all select e.season_id, d.id from event_dates d join events e on e.id = d.event_id where e.season_id is not null)
    select 'counter_held' as kind, q.scope_id::text as scope, q.counter_key as item, q.held as actual, coalesce(h.n, 0) as expected
      from quota_inventory q left join ledger h on h.scope_id = q.scope_id and h.k = q.counter_key where q.held <> coalesce(h.n, 0)
    union all select 'counter_sold', q.scope_id::text, q.counter_key, q.sold, coalesce(s.n, 0)
      from quota_inventory q left join sold_lines s on s.scope_id = q.scope_id and s.k = q.counter_key where q.sold <> coalesce(s.n, 0)
    union all select 'counter_held', a.event_date_id::text, 'area:' || a.area_id, a.held, coalesce(h.n, 0)
      from area_inventory a left join ledger h on h.scope_id = a.event_date_id and h.k = 'area:' || a.area_id where a.held <> coalesce(h.n, 0)
    union all select 'counter_sold', a.event_date_id::text, 'area:' || a.area_id, a.sold, coalesce(s.n, 0)
      from area_inventory a left join sold_lines s on s.scope_id = a.event_date_id and s.k = 'area:' || a.area_id where a.sold <> coalesce(s.n, 0)
    union all select 'counter_missing', w.scope_id::text, w.k, 0, 1
      from wanted w where not exists (select 1 from quota_inventory q where q.scope_id = w.scope_id and q.counter_key = w.k)
    union all select 'ledger', coalesce(l.cart, h.cart)::text, coalesce(l.k, h.k), coalesce(l.n, 0), coalesce(h.n, 0)
      from cart_ledger l full join holding h on h.cart = l.cart and h.k = l.k
      where coalesce(l.k, h.k) not like 'attendees' and coalesce(l.n, 0) <> coalesce(h.n, 0)
    -- The attendee units of a cart: its places, or none when there was no limit at its holds.
    union all select 'ledger', l.cart::text, l.k, l.n, coalesce(p.n, 0)
      from cart_ledger l left join places p on p.cart = l.cart where l.k = 'attendees' and l.n > coalesce(p.n, 0)
    union all select 'finished_cart', c.id::text, c.state::text,
        (select count(*)::int from cart_counts n where n.cart_id = c.id and n.quantity > 0)
        + (select count(*)::int from cart_items i where i.cart_id = c.id and i.quantity > 0), 0
      from carts c where c.state in ('released', 'expired')
        and (exists (select 1 from cart_counts n where n.cart_id = c.id and n.quantity > 0) or exists (select 1 from cart_items i where i.cart_id = c.id and i.quantity > 0))
    union all select 'seat_holder', s.event_date_id::text, s.seat_key, 1, 0
      from seat_inventory s left join carts c on c.id = s.hold_id
      where s.status in ${HELD} and (c.id is null or c.state in ('released', 'expired'))
    union all select 'seat_sale', s.event_date_id::text, s.seat_key, 1, 0
      from seat_inventory s left join valid_lines l on l.id = s.order_line_id
      where s.status in ${SOLD} and (l.id is null or not l.seat_keys ? s.seat_key)
    union all select 'seat_sale', l.scope_id::text, k.key, 0, 1
      from valid_lines l cross join lateral jsonb_array_elements_text(l.seat_keys) as k(key)
      where not exists (
        select 1 from scope_dates sd join seat_inventory s on s.event_date_id = sd.date_id
        where sd.scope_id = l.scope_id and s.seat_key = k.key and s.order_line_id = l.id and s.status in ${SOLD})
    order by 1, 2, 3`,
  );
  return rows.map((r) => ({ kind: r.kind, scope: r.scope, item: r.item, actual: Number(r.actual), expected: Number(r.expected) }));
}

/**
 * Every organiser's ticket contingent against its ledger (decision 014: the balance is the sum of
 * its `contingent_entries`). Kept apart from `checkInventory`: test set-ups may give an organiser
 * a contingent directly, which the seat and counter checks need not care about.
 */
export async function checkContingents(db: DbOrTx): Promise<Drift[]> {
  const rows = await txRows<{ id: string; balance: number; ledger: number }>(
    db,
    sql`select o.id::text as id, o.ticket_contingent as balance, coalesce(e.total, 0)::int as ledger
        from organisers o left join (select organiser_id, sum(delta) as total from contingent_entries group by organiser_id) e on e.organiser_id = o.id
        where o.ticket_contingent <> coalesce(e.total, 0) order by o.id`,
  );
  return rows.map((r) => ({ kind: "contingent", scope: r.id, item: "ticket_contingent", actual: Number(r.balance), expected: Number(r.ledger) }));
}

/**
 * Every voucher's counts against its uses (decision 020): `used_count` = redeemed uses,
 * `reserved_count` = reserved uses, and every valid order with a voucher holds a redeemed use.
 */
export async function checkVouchers(db: DbOrTx): Promise<Drift[]> {
  const rows = await txRows<{ kind: DriftKind; scope: string; item: string; actual: number; expected: number }>(
    db,
    sql`with counted as (
          select voucher_id, count(*) filter (where state = 'redeemed')::int as redeemed, count(*) filter (where state = 'reserved')::int as reserved
          from voucher_uses group by voucher_id)
        select 'voucher_used' as kind, v.id::text as scope, v.code as item, v.used_count as actual, coalesce(c.redeemed, 0) as expected
          from vouchers v left join counted c on c.voucher_id = v.id where v.used_count <> coalesce(c.redeemed, 0)
        union all select 'voucher_reserved', v.id::text, v.code, v.reserved_count, coalesce(c.reserved, 0)
          from vouchers v left join counted c on c.voucher_id = v.id where v.reserved_count <> coalesce(c.reserved, 0)
        union all select 'voucher_order', o.id::text, o.number, 0, 1
          from orders o where o.status = 'valid' and o.voucher_id is not null
            and not exists (select 1 from voucher_uses u where u.order_id = o.id and u.state = 'redeemed')
        order by 1, 2, 3`,
  );
  return rows.map((r) => ({ kind: r.kind, scope: r.scope, item: r.item, actual: Number(r.actual), expected: Number(r.expected) }));
}
