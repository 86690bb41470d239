import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZResellerOrdersInput } from "../../../shared/schemas/resellers";
import { txRows } from "../../db/sql";
import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { allocationHoldings } from "../inventory/allocation";
import { accessToken } from "../shop/scope";
import { readBoxOfficeSettings } from "../boxoffice/settings";
import { resellerPrices } from "./allocations";
import { type Reseller, ownAllocation } from "./sell";

/**
 * What a reseller sees (issue 21): its allocations with what is left, one allocation ready to
 * sell from, its own orders, its revenue. Every query names the reseller: nothing of other
 * resellers, other events of the organiser, or buyers of other channels.
 */

type AllocationListRow = {
  id: string;
  reseller_id: string;
  reseller_name: string;
  reseller_active: boolean;
  event_id: string;
  event_name: string;
  event_date_id: string;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  return_at: string | Date;
  cart_id: string;
  live: boolean;
  sold: number;
  revenue_cents: number;
};

/** Allocations with their reseller, date, sales and what they hold now (for the reseller or the organiser). */
export async function allocationSummaries(db: DbOrTx, filter: { organiserId: string; resellerId?: string; eventDateId?: string }) {
  const rows = await txRows<AllocationListRow>(
    db,
    sql`select a.id::text, a.reseller_id::text, u.first_name as reseller_name, u.status = 'active' as reseller_active,
          e.id::text as event_id, e.name as event_name, d.id::text as event_date_id, d.starts_at, d.ends_at, e.time_zone,
          a.return_at, a.cart_id::text, c.state = 'active' and c.expires_at > now() as live,
          coalesce(s.sold, 0)::int as sold, coalesce(s.revenue, 0)::int as revenue_cents
        from reseller_allocations a
        join users u on u.id = a.reseller_id
        join events e on e.id = a.event_id
        join event_dates d on d.id = a.event_date_id
        join carts c on c.id = a.cart_id
        left join lateral (
          -- Revenue: the lines not canceled (a reseller charges no fee; a partial cancellation keeps the order's total).
          select count(l.id) as sold, coalesce(sum(l.total_cents), 0) as revenue
          from orders o join order_lines l on l.order_id = o.id and l.status <> 'canceled'
          where o.reseller_id = a.reseller_id and o.scope_id = a.event_date_id and o.status = 'valid') s on true
        where a.organiser_id = ${filter.organiserId}
          ${filter.resellerId ? sql`and a.reseller_id = ${filter.resellerId}` : sql``}
          ${filter.eventDateId ? sql`and a.event_date_id = ${filter.eventDateId}` : sql``}
        order by d.starts_at, u.first_name, a.id
        limit 500`,
  );
  const holdings = await allocationHoldings(db, rows.filter((r) => r.live).map((r) => r.cart_id));
  return rows.map((r) => {
    const h = holdings.get(r.cart_id);
    return {
      id: r.id,
      resellerId: r.reseller_id,
      resellerName: r.reseller_name,
      resellerActive: r.reseller_active,
      eventId: r.event_id,
      eventName: r.event_name,
      eventDateId: r.event_date_id,
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      timeZone: r.time_zone,
      returnAt: new Date(r.return_at),
      /** Gone back to public sale (by the organiser, at its return time, or with a cancellation). */
      returned: !r.live,
      seatKeys: h?.seats ?? [],
      seatsLeft: h?.seats.length ?? 0,
      placesLeft: h?.items ?? [],
      sold: Number(r.sold),
      revenueCents: Number(r.revenue_cents),
    };
  });
}

/** The reseller's home: who it sells for, its tickets sold and revenue (valid orders). */
export async function resellerHome(db: DbOrTx, reseller: Reseller & { name: string }) {
  const [row] = await txRows<{ organiser: string | null; sold: number; revenue: number; orders: number }>(
    db,
    sql`select (select name from organisers where id = ${reseller.organiserId}) as organiser,
          (select count(*)::int from order_lines l join orders o on o.id = l.order_id
            where o.reseller_id = ${reseller.id} and o.status = 'valid' and l.status <> 'canceled') as sold,
          (select coalesce(sum(l.total_cents), 0)::int from order_lines l join orders o on o.id = l.order_id
            where o.reseller_id = ${reseller.id} and o.status = 'valid' and l.status <> 'canceled') as revenue,
          (select count(*)::int from orders where reseller_id = ${reseller.id} and status = 'valid') as orders`,
  );
  return {
    name: reseller.name,
    organiserName: row?.organiser ?? null,
    ticketsSold: Number(row?.sold ?? 0),
    revenueCents: Number(row?.revenue ?? 0),
    orders: Number(row?.orders ?? 0),
  };
}

/**
 * One allocation, ready to sell from: the plan, the reseller's ticket categories at its prices
 * (only those), the seats and places still allocated, and an access token for the date's live
 * feed (a code-protected event's too).
 */
export async function allocationSaleView(deps: AppDeps, reseller: Reseller, allocationId: string) {
  const allocation = await ownAllocation(deps, reseller, allocationId);
  const { scope } = allocation;
  const db = deps.database.db;
  const [summary] = await allocationSummaries(db, { organiserId: reseller.organiserId, resellerId: reseller.id, eventDateId: scope.scopeId });
  const priceOf = await resellerPrices(db, reseller.id, scope.event.id);
  const settings = await readBoxOfficeSettings(db, reseller.organiserId, scope.event.id);
  return {
    ...summary!,
    scopeId: scope.scopeId,
    eventStatus: scope.event.status,
    layout: scope.layout,
    access: scope.event.visibility === "code" ? accessToken(deps.config.APP_SECRET, scope.event) : undefined,
    categories: scope.categories
      .filter((c) => priceOf.has(c.id))
      .map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.kind,
        priceCents: priceOf.get(c.id)!,
        seatingCategoryId: c.seatingCategoryId,
        seatsPerTicket: c.seatsPerTicket,
        bookingOptions: c.bookingOptions,
        minPerOrder: c.minPerOrder,
        maxPerOrder: c.maxPerOrder,
      })),
    participantFields: scope.event.participantFields,
    vatRateBp: scope.event.vatRateBp,
    printFormat: settings.printFormat,
  };
}

/** The reseller's own orders, newest first (its buyers only). */
export async function resellerOrders(db: DbOrTx, reseller: Reseller, input: z.output<typeof ZResellerOrdersInput>) {
  const [at, id] = input.before?.split("|") ?? [];
  const cursor = at && id ? { at, id } : null;
  const rows = await txRows<{
    id: string;
    number: string;
    created_at: string | Date;
    cursor_at: string;
    event_name: string;
    starts_at: string | Date | null;
    time_zone: string;
    buyer: { firstName?: string; lastName?: string };
    buyer_email: string;
    tickets: number;
    total_cents: number;
    status: string;
    payment_method: string;
  }>(
    db,
    sql`select o.id::text, o.number, o.created_at, o.created_at::text as cursor_at, e.name as event_name, d.starts_at, e.time_zone, o.buyer, o.buyer_email,
          (select count(*)::int from order_lines l where l.order_id = o.id and l.status <> 'canceled') as tickets,
          o.total_cents, o.status::text, o.payment_method::text
        from orders o join events e on e.id = o.event_id left join event_dates d on d.id = o.scope_id
        where o.reseller_id = ${reseller.id} and o.organiser_id = ${reseller.organiserId} and o.status in ('valid', 'cancelled')
          ${cursor ? sql`and (o.created_at, o.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by o.created_at desc, o.id desc limit ${input.limit + 1}`,
  );
  const items = rows.slice(0, input.limit).map((r) => ({
    id: r.id,
    number: r.number,
    createdAt: new Date(r.created_at),
    eventName: r.event_name,
    startsAt: r.starts_at ? new Date(r.starts_at) : null,
    timeZone: r.time_zone,
    buyerName: `${r.buyer.firstName ?? ""} ${r.buyer.lastName ?? ""}`.trim(),
    buyerEmail: r.buyer_email,
    tickets: Number(r.tickets),
    totalCents: Number(r.total_cents),
    status: r.status,
    paymentMethod: r.payment_method,
  }));
  // The cursor keeps the database's microseconds (a Date would cut them and skip rows).
  const last = rows[input.limit - 1];
  return { items, nextBefore: rows.length > input.limit && last ? `${last.cursor_at}|${last.id}` : null };
}
