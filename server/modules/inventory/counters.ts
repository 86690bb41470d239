import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { lockRows } from "./lock-order";

/**
 * The quota counters every scope of an event should have: per ticket category its daily
 * quantity in places (`ticket:<id>`), and the daily attendee limit (`attendees`; a season's
 * daily season-ticket limit) when there is one. Scopes: each date of the event, and a season
 * itself.
 */
export function wantedCounters(eventFilter: SQL): SQL {
  return sql`e as (select id, type, daily_attendee_limit, daily_season_ticket_limit from events where ${eventFilter}),
    scopes as (
      select d.id as scope_id, e.id as event_id, e.daily_attendee_limit as lim from event_dates d join e on e.id = d.event_id
      union all select e.id, e.id, e.daily_season_ticket_limit from e where e.type = 'SEASONAL'),
    wanted as (
      select s.scope_id, s.event_id, 'ticket:' || c.id as k, c.daily_quantity * c.seats_per_ticket as cap
      from scopes s join ticket_categories c on c.event_id = s.event_id
      union all select s.scope_id, s.event_id, 'attendees', s.lim from scopes s where s.lim is not null)`;
}

/**
 * What a counter holds and has sold, recomputed: the units in the cart ledgers of its scope, and
 * the places of the scope's valid ticket lines (every line counts towards `attendees`) less those
 * of ledger rows marked sold and not yet folded (they count as held until the fold).
 */
export function recomputed(eventId: string | null): SQL {
  return sql`ledger as (
      select c.scope_id, n.counter_key as k, sum(n.quantity)::int as n from cart_counts n join carts c on c.id = n.cart_id
      where n.quantity > 0 ${eventId ? sql`and c.event_id = ${eventId}` : sql``} group by 1, 2),
    sold_lines as (
      select scope_id, k, sum(n)::int as n from (
        select l.scope_id, x.k, l.places as n
        from order_lines l join orders o on o.id = l.order_id
        cross join lateral (values ('ticket:' || l.ticket_category_id::text), ('attendees'), ('area:' || l.area_id)) as x(k)
        where o.status = 'valid' and l.status <> 'canceled' and x.k is not null ${eventId ? sql`and l.event_id = ${eventId}` : sql``}
        -- Sold places whose ledger rows the fold has not moved yet are still held (./fold.ts).
        union all select c.scope_id, n.counter_key, -n.quantity from cart_counts n join carts c on c.id = n.cart_id
        where n.sold ${eventId ? sql`and c.event_id = ${eventId}` : sql``}) x
      group by 1, 2)`;
}

/**
 * Creates and adjusts the quota counters of an event where capacity is decided (saving its
 * ticket categories or options, adding dates; decision 009): missing counters are created with
 * what their scope already holds and sold, capacities follow the organiser (never below held +
 * sold), and counters nothing asks for any more (a removed category or limit, a removed date)
 * go: a missing counter does not limit. Existing counters are locked in key order first.
 */
export async function syncCounters(tx: DbOrTx, eventId: string): Promise<void> {
  await tx.execute(sql`with ${wantedCounters(sql`id = ${eventId}`)},
    locked as (${lockRows(sql`select q.scope_id, q.counter_key from quota_inventory q where q.event_id = ${eventId}`, sql`q.scope_id, q.counter_key`, sql`for update of q`)}),
    ${recomputed(eventId)},
    gone as (
      delete from quota_inventory q using locked l
      where q.scope_id = l.scope_id and q.counter_key = l.counter_key
        and not exists (select 1 from wanted w where w.scope_id = q.scope_id and w.k = q.counter_key)
      returning 1),
    changed as (
      update quota_inventory q set capacity = greatest(w.cap, q.held + q.sold), version = q.version + 1
      from wanted w, locked l
      where q.scope_id = w.scope_id and q.counter_key = w.k and l.scope_id = q.scope_id and l.counter_key = q.counter_key
        and q.capacity <> greatest(w.cap, q.held + q.sold)
      returning 1),
    created as (
      insert into quota_inventory (scope_id, counter_key, event_id, capacity, held, sold)
      select w.scope_id, w.k, w.event_id, greatest(w.cap, coalesce(h.n, 0) + coalesce(s.n, 0)), coalesce(h.n, 0), coalesce(s.n, 0)
      from wanted w
      left join ledger h on h.scope_id = w.scope_id and h.k = w.k
      left join sold_lines s on s.scope_id = w.scope_id and s.k = w.k
      where not exists (select 1 from locked l where l.scope_id = w.scope_id and l.counter_key = w.k)
      on conflict do nothing
      returning 1)
    select (select count(*) from gone) + (select count(*) from changed) + (select count(*) from created) as n`);
}

/**
 * `lq` and `la`: the quota and area counters of the CTE `units(scope, k, …)` locked by key
 * (decision 009), once `after` holds (a condition naming the CTEs that lock before them: it
 * makes Postgres take those locks first).
 */
export function lockUnitCounters(after: SQL): SQL {
  return sql`lq as (${lockRows(
    sql`select q.scope_id, q.counter_key from quota_inventory q join units u on u.scope = q.scope_id and u.k = q.counter_key where ${after}`,
    sql`q.scope_id, q.counter_key`,
    sql`for update of q`,
  )}),
    la as (${lockRows(
      sql`select a.event_date_id, a.area_id from area_inventory a join units u on u.scope = a.event_date_id and u.k = 'area:' || a.area_id
        where (select count(*) from lq) >= 0`,
      sql`a.event_date_id, a.area_id`,
      sql`for update of a`,
    )})`;
}
