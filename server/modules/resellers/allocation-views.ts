import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { accessToken } from "../shop/scope";
import { organiserDate } from "./allocations";
import { allocationSummaries } from "./views";

/**
 * The organiser's allocation screens (issue 21): the dates that can be allocated (published
 * events with resellers assigned, not over), and one date with its plan, the resellers that sell
 * its event and every allocation on it.
 */
export async function allocationDates(db: DbOrTx, organiserId: string) {
  const rows = await txRows<{
    event_date_id: string;
    event_id: string;
    event_name: string;
    starts_at: string | Date;
    ends_at: string | Date;
    time_zone: string;
    resellers: number;
    allocations: number;
  }>(
    db,
    sql`select d.id::text as event_date_id, e.id::text as event_id, e.name as event_name, d.starts_at, d.ends_at, e.time_zone,
          (select count(distinct t.reseller_id)::int from reseller_tickets t where t.event_id = e.id) as resellers,
          (select count(*)::int from reseller_allocations a join carts c on c.id = a.cart_id
            where a.event_date_id = d.id and c.state = 'active' and c.expires_at > now()) as allocations
        from event_dates d join events e on e.id = d.event_id
        where e.organiser_id = ${organiserId} and e.status = 'published' and d.ends_at > now()
          and exists (select 1 from reseller_tickets t where t.event_id = e.id)
        order by d.starts_at limit 300`,
  );
  return rows.map((r) => ({
    eventDateId: r.event_date_id,
    eventId: r.event_id,
    eventName: r.event_name,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    timeZone: r.time_zone,
    resellers: Number(r.resellers),
    allocations: Number(r.allocations),
  }));
}

/** One date to allocate on: plan, categories, its event's resellers with their prices, its allocations. */
export async function allocationDateView(deps: AppDeps, organiserId: string, eventDateId: string) {
  const scope = await organiserDate(deps, organiserId, eventDateId);
  const db = deps.database.db;
  const tickets = await txRows<{ reseller_id: string; name: string; active: boolean; tc: string; price: number }>(
    db,
    sql`select t.reseller_id::text, u.first_name as name, u.status = 'active' as active, t.ticket_category_id::text as tc, t.price_cents as price
        from reseller_tickets t join users u on u.id = t.reseller_id
        where t.event_id = ${scope.event.id} and u.organiser_id = ${organiserId} and u.role = 'reseller' order by u.first_name, t.reseller_id`,
  );
  const resellers = new Map<string, { id: string; name: string; active: boolean; tickets: { ticketCategoryId: string; priceCents: number }[] }>();
  for (const t of tickets) {
    const r = resellers.get(t.reseller_id) ?? { id: t.reseller_id, name: t.name, active: t.active, tickets: [] };
    r.tickets.push({ ticketCategoryId: t.tc, priceCents: Number(t.price) });
    resellers.set(t.reseller_id, r);
  }
  return {
    eventDateId: scope.scopeId,
    eventId: scope.event.id,
    eventName: scope.event.name,
    timeZone: scope.event.timeZone,
    startsAt: scope.date.startsAt,
    endsAt: scope.date.endsAt,
    layout: scope.layout,
    access: scope.event.visibility === "code" ? accessToken(deps.config.APP_SECRET, scope.event) : undefined,
    categories: scope.categories.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      priceCents: c.priceCents,
      seatingCategoryId: c.seatingCategoryId,
      seatsPerTicket: c.seatsPerTicket,
    })),
    resellers: [...resellers.values()],
    allocations: await allocationSummaries(db, { organiserId, eventDateId: scope.scopeId }),
  };
}
