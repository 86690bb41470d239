import { sql } from "drizzle-orm";
import { remainingPerCategory } from "../../../shared/rules/ticket-selection";
import type { CounterState, SeatState } from "../../../shared/schemas/shop";
import type { DbOrTx } from "../../db/client";
import type { ShopScope } from "./scope";
import { pgArray, txRows } from "../../db/sql";
import { FREE_NOW, HELD } from "../inventory/statuses";

/** The live state of a scope: every seat that is not "free and never touched", and every counter. */
export async function readSnapshot(db: DbOrTx, scope: ShopScope): Promise<{ seats: SeatState[]; counters: CounterState[] }> {
  const seats =
    scope.kind === "date"
      ? await txRows<SeatState>(
          db,
          sql`select seat_key as k, case when ${FREE_NOW} then 'FREE' else status::text end as s, version as v
              from seat_inventory where event_date_id = ${scope.scopeId} and (status <> 'FREE' or version > 1)`,
        )
      : await txRows<SeatState>(
          db,
          // A season seat is taken when it is taken on any date of the season.
          sql`select seat_key as k,
                coalesce(max(case when ${FREE_NOW} then null else status::text end), 'FREE') as s, max(version) as v
              from seat_inventory where event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and (status <> 'FREE' or version > 1)
              group by seat_key`,
        );
  const counters = await txRows<CounterState>(
    db,
    sql`select counter_key as k, capacity as cap, held, sold, version as v from quota_inventory where scope_id = ${scope.scopeId}
        union all
        select 'area:' || area_id, capacity, held, sold, version from area_inventory where event_date_id = ${scope.scopeId}`,
  );
  return {
    seats: seats.map((s) => ({ k: s.k, s: s.s, v: Number(s.v) })),
    counters: counters.map((c) => ({ k: c.k, cap: Number(c.cap), held: Number(c.held), sold: Number(c.sold), v: Number(c.v) })),
  };
}

/**
 * Tickets left per category: the smallest of its quota, the attendee limit and its free seats or
 * places. With `heldIsFree`, places held in carts count as left (what is not sold yet: the
 * "sold out" check), otherwise as gone (what a buyer can take now).
 */
export async function computeRemaining(db: DbOrTx, scope: ShopScope, options: { heldIsFree?: boolean } = {}): Promise<Map<string, number>> {
  const held = options.heldIsFree ? sql`0` : sql`held`;
  const open = options.heldIsFree ? sql`(status = 'FREE' or status in ${HELD})` : FREE_NOW;
  const counters = await txRows<{ k: string; left: number }>(
    db,
    sql`select counter_key as k, capacity - ${held} - sold as left from quota_inventory where scope_id = ${scope.scopeId}
        union all
        select 'area:' || area_id, capacity - ${held} - sold from area_inventory where event_date_id = ${scope.scopeId}`,
  );
  const left = new Map(counters.map((c) => [c.k, Number(c.left)]));
  let freeSeats = new Map<string | null, number>();
  if (scope.layout) {
    const rows =
      scope.kind === "date"
        ? await txRows<{ c: string | null; n: number }>(
            db,
            sql`select category_id as c, count(*)::int as n from seat_inventory where event_date_id = ${scope.scopeId} and ${open} group by 1`,
          )
        : await txRows<{ c: string | null; n: number }>(
            db,
            sql`select c, count(*)::int as n from (
                  select seat_key, max(category_id) as c from seat_inventory
                  where event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and ${open}
                  group by seat_key having count(*) = ${scope.dateIds.length}) f group by c`,
          );
    freeSeats = new Map(rows.map((r) => [r.c, Number(r.n)]));
  }
  return remainingPerCategory(scope.categories, {
    counters: left,
    freeSeats: scope.layout ? freeSeats : null,
    areas: (scope.layout?.blocks ?? []).filter((b) => b.kind === "standing"),
    attendeeLimit: scope.kind === "season" ? scope.event.dailySeasonTicketLimit : scope.event.dailyAttendeeLimit,
  });
}
