import { and, asc, eq, exists, inArray, like, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZMyTicketsListInput } from "../../../../shared/schemas/my-tickets";
import type { DbOrTx } from "../../../db/client";
import { eventDates, events, quotaInventory, ticketCategories } from "../../../db/schema";
import { categoryState, closedReason, type CounterPlaces, eventSaleEnd, type OverviewEvent, type OverviewScope, resolvedSaleStart, scopeFigures } from "./state";

/**
 * myTickets.list (decision 026): one row per ticket category of the organiser's events and
 * seasons, with its figures summed over the dates it sells for (each date in `dates`). Sold and
 * held come from the inventory's counters (`ticket:<id>` per date, decision 009), the very rows
 * a sale checks, so the list and the shop never count differently. Every statement filters by
 * the organiser; states are derived in code with the shop's rule, then filtered, sorted and paged.
 */

type ListInput = z.output<typeof ZMyTicketsListInput>;
type EventRow = OverviewEvent & { name: string; seasonId: string | null };
type DateRow = { id: string; eventId: string; seasonId: string | null; startsAt: Date; endsAt: Date };

const EPOCH = new Date(0);

/** The organiser's events that have ticket categories (the event filter's choices, too). */
async function eventsWithTickets(db: DbOrTx, organiserId: string): Promise<EventRow[]> {
  return db
    .select({
      id: events.id,
      name: events.name,
      type: events.type,
      status: events.status,
      publishedAt: events.publishedAt,
      publicationDate: events.publicationDate,
      timeZone: events.timeZone,
      seasonSaleEnd: events.seasonSaleEnd,
      seasonId: events.seasonId,
    })
    .from(events)
    .where(
      and(
        eq(events.organiserId, organiserId),
        exists(
          db
            .select({ x: sql`1` })
            .from(ticketCategories)
            .where(and(eq(ticketCategories.eventId, events.id), eq(ticketCategories.organiserId, organiserId))),
        ),
      ),
    );
}

/** The dates of the events (and of the events of the seasons) the list shows, earliest first. */
async function datesOf(db: DbOrTx, organiserId: string, eventIds: string[]): Promise<DateRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .select({ id: eventDates.id, eventId: eventDates.eventId, seasonId: events.seasonId, startsAt: eventDates.startsAt, endsAt: eventDates.endsAt })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(
      and(
        eq(eventDates.organiserId, organiserId),
        eq(events.organiserId, organiserId),
        or(inArray(eventDates.eventId, eventIds), inArray(events.seasonId, eventIds)),
      ),
    )
    .orderBy(asc(eventDates.startsAt), asc(eventDates.id));
}

/** The `ticket:<id>` counters of these scopes (event dates, seasons), by scope and category. */
async function countersOf(db: DbOrTx, organiserId: string, scopeIds: string[]): Promise<Map<string, CounterPlaces>> {
  if (scopeIds.length === 0) return new Map();
  const rows = await db
    .select({ scopeId: quotaInventory.scopeId, key: quotaInventory.counterKey, capacity: quotaInventory.capacity, held: quotaInventory.held, sold: quotaInventory.sold })
    .from(quotaInventory)
    .innerJoin(events, eq(events.id, quotaInventory.eventId))
    .where(and(eq(events.organiserId, organiserId), inArray(quotaInventory.scopeId, scopeIds), like(quotaInventory.counterKey, "ticket:%")));
  return new Map(rows.map((r) => [`${r.scopeId}|${r.key}`, { capacity: r.capacity, held: r.held, sold: r.sold }]));
}

/** Where an event's categories sell: each of its dates, or a season as one scope over its events' dates. */
function scopesOf(event: EventRow, own: DateRow[], children: DateRow[]): OverviewScope[] {
  if (event.type !== "SEASONAL") {
    return own.map((d) => ({ scopeId: d.id, kind: "date", startsAt: d.startsAt, endsAt: d.endsAt, saleDate: { startsAt: d.startsAt, endsAt: d.endsAt, timeZone: event.timeZone }, sells: true }));
  }
  // As the shop reads a season (shop/scope.ts): from its first date until its season-ticket sale end.
  const first = children[0]?.startsAt ?? null;
  const last = children.length > 0 ? new Date(Math.max(...children.map((d) => d.endsAt.getTime()))) : null;
  const start = first ?? EPOCH;
  return [{ scopeId: event.id, kind: "season", startsAt: first, endsAt: last, saleDate: { startsAt: start, endsAt: event.seasonSaleEnd ?? start, timeZone: event.timeZone }, sells: children.length > 0 }];
}

function groupBy<T>(rows: T[], key: (row: T) => string | null): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) out.set(k, [...(out.get(k) ?? []), row]);
  }
  return out;
}

export async function listMyTickets(db: DbOrTx, organiserId: string, input: ListInput, now = new Date()) {
  const all = await eventsWithTickets(db, organiserId);
  const shown = input.eventId ? all.filter((e) => e.id === input.eventId) : all;
  const eventIds = shown.map((e) => e.id);
  const categories =
    eventIds.length === 0
      ? []
      : await db
          .select()
          .from(ticketCategories)
          .where(and(eq(ticketCategories.organiserId, organiserId), inArray(ticketCategories.eventId, eventIds)));
  const dates = await datesOf(db, organiserId, eventIds);
  const own = groupBy(dates, (d) => d.eventId);
  const children = groupBy(dates, (d) => d.seasonId);
  const scopes = new Map(shown.map((e) => [e.id, scopesOf(e, own.get(e.id) ?? [], children.get(e.id) ?? [])]));
  const counters = await countersOf(db, organiserId, [...scopes.values()].flat().map((s) => s.scopeId));
  const byEvent = new Map(shown.map((e) => [e.id, e]));
  const names = new Map(categories.map((c) => [c.id, c.name]));

  const rows = categories.flatMap((c) => {
    const event = byEvent.get(c.eventId);
    if (!event) return [];
    const eventScopes = scopes.get(event.id)!;
    const eventDatesShown = event.type === "SEASONAL" ? (children.get(event.id) ?? []) : (own.get(event.id) ?? []);
    const perScope = eventScopes.map((scope) => ({
      scopeId: scope.scopeId,
      kind: scope.kind,
      startsAt: scope.startsAt,
      endsAt: scope.endsAt,
      ...scopeFigures(event, c, scope, counters.get(`${scope.scopeId}|ticket:${c.id}`), now),
    }));
    const sum = (pick: (s: (typeof perScope)[number]) => number) => perScope.reduce((n, s) => n + pick(s), 0);
    const saleEnds = perScope.map((s) => s.saleEnd.getTime());
    return [
      {
        id: c.id,
        name: c.name,
        kind: c.kind,
        sortOrder: c.sortOrder,
        priceCents: c.priceCents,
        currency: c.currency,
        dailyQuantity: c.dailyQuantity,
        seatsPerTicket: c.seatsPerTicket,
        appliesTo: c.appliesTo,
        visibility: c.visibility,
        conditionCategoryName: c.conditionCategoryId ? (names.get(c.conditionCategoryId) ?? null) : null,
        saleStartMode: c.saleStartMode,
        saleEndMode: c.saleEndMode,
        /** The set sale end (`saleEndMode` "at"), null: until the event ends. */
        saleEndAt: c.saleEndMode === "at" ? c.saleEndAt : null,
        saleStart: resolvedSaleStart(event, c),
        /** The last moment any of its dates sells (the sale end, or the date's end). */
        saleEnd: saleEnds.length > 0 ? new Date(Math.max(...saleEnds)) : null,
        /** The latest sale end a quick change may set. */
        saleEndLimit: eventSaleEnd(event, eventScopes),
        event: {
          id: event.id,
          name: event.name,
          type: event.type,
          status: event.status,
          timeZone: event.timeZone,
          dateCount: eventDatesShown.length,
          firstStartsAt: eventDatesShown[0]?.startsAt ?? null,
          nextStartsAt: eventDatesShown.find((d) => d.endsAt.getTime() > now.getTime())?.startsAt ?? null,
        },
        quantity: sum((s) => s.quantity),
        sold: sum((s) => s.sold),
        held: sum((s) => s.held),
        left: sum((s) => s.left),
        state: categoryState(event, perScope),
        /** Why quick changes are refused (the event is cancelled or over), null: they are allowed. */
        closed: closedReason(event, eventScopes, now),
        dates: perScope.map(({ saleStart: _start, ...s }) => s),
      },
    ];
  });

  const filtered = input.state ? rows.filter((r) => r.state === input.state) : rows;
  // By the event's first date (events without one last), then the event, then the tickets step's order.
  filtered.sort(
    (a, b) =>
      (a.event.firstStartsAt?.getTime() ?? Infinity) - (b.event.firstStartsAt?.getTime() ?? Infinity) ||
      a.event.name.localeCompare(b.event.name) ||
      a.event.id.localeCompare(b.event.id) ||
      a.sortOrder - b.sortOrder ||
      a.id.localeCompare(b.id),
  );
  const start = (input.page - 1) * input.pageSize;
  return {
    total: filtered.length,
    page: input.page,
    pageSize: input.pageSize,
    rows: filtered.slice(start, start + input.pageSize),
    events: all
      .map((e) => ({ id: e.id, name: e.name, isSeason: e.type === "SEASONAL" }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  };
}

export type MyTicketsList = Awaited<ReturnType<typeof listMyTickets>>;
export type MyTicketRow = MyTicketsList["rows"][number];
