import { and, asc, count, desc, eq, ilike, inArray, isNull, max, min, ne, or, sql } from "drizzle-orm";
import type { EventListStatus } from "../../../shared/schemas/events";
import { eventListStatus } from "../../../shared/rules/event-status";
import type { DbOrTx } from "../../db/client";
import { parseJson } from "../../db/sql";
import type { SeatingCategory } from "../../../shared/seating/layout";
import { eventDates, events, eventSeating, ticketCategories } from "../../db/schema";
import { getOwnEvent } from "./access";
import { listTicketCategories } from "../tickets/service";
import { eventSeatCounts } from "../seating/service";

type DateStats = { firstStartsAt: Date | null; lastEndsAt: Date | null; dateCount: number };

/** First start, last end and number of dates per event of the organiser. */
async function dateStats(db: DbOrTx, organiserId: string): Promise<Map<string, DateStats>> {
  const rows = await db
    .select({ eventId: eventDates.eventId, first: min(eventDates.startsAt), last: max(eventDates.endsAt), n: count() })
    .from(eventDates)
    .where(eq(eventDates.organiserId, organiserId))
    .groupBy(eventDates.eventId);
  return new Map(rows.map((r) => [r.eventId, { firstStartsAt: r.first, lastEndsAt: r.last, dateCount: r.n }]));
}

function combine(stats: (DateStats | undefined)[]): DateStats {
  const present = stats.filter((s): s is DateStats => s !== undefined && s.dateCount > 0);
  if (present.length === 0) return { firstStartsAt: null, lastEndsAt: null, dateCount: 0 };
  return {
    firstStartsAt: new Date(Math.min(...present.map((s) => s.firstStartsAt!.getTime()))),
    lastEndsAt: new Date(Math.max(...present.map((s) => s.lastEndsAt!.getTime()))),
    dateCount: present.reduce((n, s) => n + s.dateCount, 0),
  };
}

export type ListOptions = { type: "events" | "seasons"; status?: EventListStatus | undefined; search?: string | undefined };

/** My Events / Seasons: the organiser's own, with the derived status label, filtered. */
export async function listEvents(db: DbOrTx, organiserId: string, options: ListOptions, now = new Date()) {
  const typeFilter = options.type === "seasons" ? eq(events.type, "SEASONAL") : ne(events.type, "SEASONAL");
  const search = options.search ? ilike(events.name, `%${options.search.replace(/[%_\\]/g, "\\$&")}%`) : undefined;
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      type: events.type,
      status: events.status,
      seasonId: events.seasonId,
      city: events.city,
      timeZone: events.timeZone,
      imageId: events.imageId,
      visibility: events.visibility,
      publicationDate: events.publicationDate,
      wizardStep: events.wizardStep,
      updatedAt: events.updatedAt,
    })
    .from(events)
    .where(and(eq(events.organiserId, organiserId), typeFilter, search))
    .orderBy(desc(events.updatedAt));
  const stats = await dateStats(db, organiserId);
  const children = new Map<string, string[]>();
  if (options.type === "seasons") {
    const childRows = await db
      .select({ id: events.id, seasonId: events.seasonId })
      .from(events)
      .where(and(eq(events.organiserId, organiserId), eq(events.type, "SEASON_CHILD")));
    for (const c of childRows) children.set(c.seasonId!, [...(children.get(c.seasonId!) ?? []), c.id]);
  }
  const categoryCounts = new Map(
    (
      await db
        .select({ eventId: ticketCategories.eventId, n: count() })
        .from(ticketCategories)
        .where(eq(ticketCategories.organiserId, organiserId))
        .groupBy(ticketCategories.eventId)
    ).map((r) => [r.eventId, r.n]),
  );
  return rows
    .map((row) => {
      const s =
        row.type === "SEASONAL" ? combine((children.get(row.id) ?? []).map((id) => stats.get(id))) : combine([stats.get(row.id)]);
      return {
        ...row,
        ...s,
        childCount: children.get(row.id)?.length ?? 0,
        categoryCount: categoryCounts.get(row.id) ?? 0,
        listStatus: eventListStatus({ type: row.type, status: row.status, ...s }, now),
      };
    })
    .filter((row) => !options.status || row.listStatus === options.status);
}

/** One event with everything the form and the event dashboard show. */
export async function getEventDetail(db: DbOrTx, organiserId: string, eventId: string, now = new Date()) {
  const event = await getOwnEvent(db, organiserId, eventId);
  const dates = await db.select().from(eventDates).where(eq(eventDates.eventId, event.id)).orderBy(asc(eventDates.startsAt));
  const categories = await listTicketCategories(db, event.id);
  const childEvents =
    event.type === "SEASONAL"
      ? await db
          .select({ id: events.id, name: events.name, status: events.status })
          .from(events)
          .where(and(eq(events.organiserId, organiserId), eq(events.seasonId, event.id)))
          .orderBy(asc(events.name))
      : [];
  const childDates =
    childEvents.length > 0
      ? await db
          .select()
          .from(eventDates)
          .where(inArray(eventDates.eventId, childEvents.map((c) => c.id)))
          .orderBy(asc(eventDates.startsAt))
      : [];
  const all = event.type === "SEASONAL" ? childDates : dates;
  const s = {
    firstStartsAt: all[0]?.startsAt ?? null,
    lastEndsAt: all.length ? new Date(Math.max(...all.map((d) => d.endsAt.getTime()))) : null,
  };
  const seating = await eventSeatCounts(db, event.id);
  // Only the categories: the plan itself can hold tens of thousands of seats.
  const [plan] =
    event.seatingMode === "template"
      ? await db
          .select({ categories: sql`${eventSeating.layout} -> 'categories'`.mapWith((v: SeatingCategory[] | string) => parseJson(v)) })
          .from(eventSeating)
          .where(eq(eventSeating.eventId, event.id))
      : [];
  return {
    event,
    dates,
    categories,
    childEvents,
    /** Seats and standing places of the event over all its dates. */
    seating,
    /** The categories of the event's seating plan, which tickets may sell; null without a plan. */
    seatingCategories: plan?.categories ?? null,
    /** A season's dates are its events' dates. */
    childDates,
    listStatus: eventListStatus({ type: event.type, status: event.status, ...s }, now),
  };
}

/** Events a season may contain: the organiser's regular events not in another season, not cancelled. */
export async function listSeasonCandidates(db: DbOrTx, organiserId: string, seasonId?: string) {
  return db
    .select({ id: events.id, name: events.name, status: events.status })
    .from(events)
    .where(
      and(
        eq(events.organiserId, organiserId),
        ne(events.status, "cancelled"),
        seasonId
          ? or(and(eq(events.type, "REGULAR"), isNull(events.seasonId)), eq(events.seasonId, seasonId))
          : and(eq(events.type, "REGULAR"), isNull(events.seasonId)),
      ),
    )
    .orderBy(asc(events.name));
}
