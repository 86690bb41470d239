import { and, asc, count, eq, inArray, isNotNull, max, min, ne, sql, sum } from "drizzle-orm";
import type { CountryCode } from "../../../../shared/countries";
import { eventListStatus } from "../../../../shared/rules/event-status";
import type { DbOrTx } from "../../../db/client";
import { eventDates, events, orderLines, orders, resellerProfiles, resellerTickets, ticketCategories, users } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { isResellerOf } from "../manage";

/** A reseller's events with the ticket categories it sells, each at the reseller's price. */
export type AssignedEvent = {
  eventId: string;
  eventName: string;
  eventStatus: (typeof events.$inferSelect)["status"];
  tickets: { ticketCategoryId: string; name: string; priceCents: number; listPriceCents: number }[];
};

/** The assigned events of the resellers `resellerIds` of the organiser, by reseller; events by name, tickets in the event's order. */
async function assignedEventsOf(db: DbOrTx, organiserId: string, resellerIds: string[]): Promise<Map<string, AssignedEvent[]>> {
  const byReseller = new Map<string, AssignedEvent[]>();
  if (resellerIds.length === 0) return byReseller;
  const rows = await db
    .select({
      resellerId: resellerTickets.resellerId,
      eventId: events.id,
      eventName: events.name,
      eventStatus: events.status,
      ticketCategoryId: ticketCategories.id,
      name: ticketCategories.name,
      priceCents: resellerTickets.priceCents,
      listPriceCents: ticketCategories.priceCents,
    })
    .from(resellerTickets)
    // Both joins name the organiser: a row can only show the organiser's own events and categories.
    .innerJoin(events, and(eq(events.id, resellerTickets.eventId), eq(events.organiserId, organiserId)))
    .innerJoin(ticketCategories, and(eq(ticketCategories.id, resellerTickets.ticketCategoryId), eq(ticketCategories.organiserId, organiserId)))
    .where(inArray(resellerTickets.resellerId, resellerIds))
    .orderBy(asc(events.name), asc(events.id), asc(ticketCategories.sortOrder), asc(ticketCategories.id));
  for (const { resellerId, eventId, eventName, eventStatus, ...ticket } of rows) {
    const list = byReseller.get(resellerId) ?? [];
    let event = list.find((e) => e.eventId === eventId);
    if (!event) list.push((event = { eventId, eventName, eventStatus, tickets: [] }));
    event.tickets.push(ticket);
    byReseller.set(resellerId, list);
  }
  return byReseller;
}

/**
 * The organiser's resellers, oldest first, with their events and what they sold: tickets are
 * the lines not canceled of their valid orders, revenue the sum of those lines' totals (a reseller
 * charges no fee; a partial cancellation leaves the order's total as paid and refunds the rest).
 */
export async function listResellers(db: DbOrTx, organiserId: string) {
  const ofReseller = and(eq(orders.organiserId, organiserId), eq(orders.status, "valid"), isNotNull(orders.resellerId));
  const sold = db
    .select({ resellerId: orders.resellerId, n: count().as("n"), cents: sum(orderLines.totalCents).as("cents") })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(ofReseller, ne(orderLines.status, "canceled")))
    .groupBy(orders.resellerId)
    .as("sold");
  const rows = await db
    .select({
      id: users.id,
      name: resellerProfiles.name,
      email: users.email,
      city: resellerProfiles.city,
      country: resellerProfiles.country,
      mobile: resellerProfiles.mobile,
      status: users.status,
      ticketsSold: sql<number>`coalesce(${sold.n}, 0)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(${sold.cents}, 0)`.mapWith(Number),
    })
    .from(users)
    .innerJoin(resellerProfiles, eq(resellerProfiles.userId, users.id))
    .leftJoin(sold, eq(sold.resellerId, users.id))
    .where(isResellerOf(organiserId))
    .orderBy(asc(users.createdAt), asc(users.id));
  const assigned = await assignedEventsOf(db, organiserId, rows.map((r) => r.id));
  return rows.map(({ status, ...row }) => ({
    ...row,
    email: row.email ?? "",
    country: row.country as CountryCode,
    active: status === "active",
    events: (assigned.get(row.id) ?? []).map((e) => ({
      eventId: e.eventId,
      eventName: e.eventName,
      tickets: e.tickets.map((x) => ({ ticketCategoryId: x.ticketCategoryId, name: x.name, priceCents: x.priceCents })),
    })),
  }));
}

/** One reseller as its form shows it; another organiser's reseller is NOT_FOUND. */
export async function getReseller(db: DbOrTx, organiserId: string, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      name: resellerProfiles.name,
      address: resellerProfiles.address,
      city: resellerProfiles.city,
      zip: resellerProfiles.zip,
      state: resellerProfiles.state,
      country: resellerProfiles.country,
      mobile: resellerProfiles.mobile,
    })
    .from(users)
    .innerJoin(resellerProfiles, eq(resellerProfiles.userId, users.id))
    .where(and(eq(users.id, id), isResellerOf(organiserId)));
  if (!row) throw new AppError("NOT_FOUND");
  const { status, ...details } = row;
  const assigned = await assignedEventsOf(db, organiserId, [id]);
  return { ...details, email: row.email ?? "", country: row.country as CountryCode, active: status === "active", events: assigned.get(id) ?? [] };
}

/**
 * The events a reseller can be given, with their ticket categories: the organiser's events with
 * dates of their own (a season's events, not the season) that are not cancelled. Coming ones
 * first by their first date (none yet: after them), past ones last.
 */
export async function listResellerOptions(db: DbOrTx, organiserId: string, now = new Date()) {
  const rows = await db
    .select({
      eventId: events.id,
      name: events.name,
      type: events.type,
      status: events.status,
      timeZone: events.timeZone,
      startsAt: min(eventDates.startsAt),
      lastEndsAt: max(eventDates.endsAt),
    })
    .from(events)
    .leftJoin(eventDates, eq(eventDates.eventId, events.id))
    .where(and(eq(events.organiserId, organiserId), ne(events.type, "SEASONAL"), ne(events.status, "cancelled")))
    .groupBy(events.id);
  const categories = await db
    .select({ id: ticketCategories.id, eventId: ticketCategories.eventId, name: ticketCategories.name, priceCents: ticketCategories.priceCents })
    .from(ticketCategories)
    .innerJoin(events, eq(events.id, ticketCategories.eventId))
    .where(and(eq(ticketCategories.organiserId, organiserId), ne(events.type, "SEASONAL"), ne(events.status, "cancelled")))
    .orderBy(asc(ticketCategories.sortOrder), asc(ticketCategories.id));
  const categoriesOf = new Map<string, { id: string; name: string; priceCents: number }[]>();
  for (const { eventId, ...c } of categories) categoriesOf.set(eventId, [...(categoriesOf.get(eventId) ?? []), c]);
  const listed = rows.map(({ type, lastEndsAt, ...row }) => {
    const listStatus = eventListStatus({ type, status: row.status, firstStartsAt: row.startsAt, lastEndsAt }, now);
    return { ...row, listStatus, categories: categoriesOf.get(row.eventId) ?? [] };
  });
  const isOver = (e: (typeof listed)[number]) => e.listStatus === "expired";
  const firstTime = (e: (typeof listed)[number]) => (e.startsAt?.getTime() ?? Number.MAX_SAFE_INTEGER) * (isOver(e) ? -1 : 1);
  return listed.sort((a, b) => Number(isOver(a)) - Number(isOver(b)) || firstTime(a) - firstTime(b) || a.name.localeCompare(b.name));
}
