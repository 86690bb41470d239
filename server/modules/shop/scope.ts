import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { eventListStatus, isCancelled, isOnSale, isUnpublished } from "../../../shared/rules/event-status";
import type { RuleCategory, RuleContext, SalesChannel } from "../../../shared/rules/ticket-selection";
import type { EventListStatus } from "../../../shared/schemas/events";
import type { SeatingLayout } from "../../../shared/seating/layout";
import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { eventDates, events, eventSeating, organisers, ticketCategories } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { EventRow } from "../events/access";

export type TicketCategoryRow = typeof ticketCategories.$inferSelect;

/**
 * Where a buyer shops: one event date, or a season (whose season tickets take a seat on every
 * date of its events). Everything a hold needs to check a request, loaded once per second;
 * loading it only reads (its counters were created where capacity is decided, decision 009).
 */
export type ShopScope = {
  kind: "date" | "season";
  scopeId: string;
  event: EventRow;
  /** The inventory dates a hold touches: the date itself, or every date of the season's events. */
  dateIds: string[];
  /** The date sold (a season: from its first date until the end of season-ticket sales). */
  date: { startsAt: Date; endsAt: Date; timeZone: string };
  firstStartsAt: Date | null;
  lastEndsAt: Date | null;
  categories: TicketCategoryRow[];
  layout: SeatingLayout | null;
  /** The organiser disabled its account: nothing of it sells (issue 15). */
  organiserDisabled: boolean;
};

const CACHE_MS = 1000;
const cache = new Map<string, { at: number; scope: Promise<ShopScope | null> }>();

/** Drops cached scopes of an event (after its categories, seating or status changed). */
export function forgetShopScopes(eventId?: string): void {
  if (!eventId) return cache.clear();
  for (const [key, entry] of cache) {
    void entry.scope.then((s) => {
      if (!s || s.event.id === eventId || s.event.seasonId === eventId) cache.delete(key);
    });
  }
}

/** The scope of an event date or season id; null when neither exists. Cached for a second. */
export function loadScope(db: DbOrTx, scopeId: string): Promise<ShopScope | null> {
  const hit = cache.get(scopeId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.scope;
  const scope = readScope(db, scopeId);
  cache.set(scopeId, { at: Date.now(), scope });
  scope.catch(() => cache.delete(scopeId));
  if (cache.size > 5000) cache.delete(cache.keys().next().value!);
  return scope;
}

async function readScope(db: DbOrTx, scopeId: string): Promise<ShopScope | null> {
  const [dated] = await db
    .select({ date: eventDates, event: events })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(eq(eventDates.id, scopeId))
    .limit(1);
  let event: EventRow;
  let dateIds: string[];
  let date: ShopScope["date"];
  let firstStartsAt: Date | null;
  let lastEndsAt: Date | null;
  if (dated) {
    event = dated.event;
    dateIds = [dated.date.id];
    date = { startsAt: dated.date.startsAt, endsAt: dated.date.endsAt, timeZone: event.timeZone };
    const [span] = await db
      .select({ first: sql<Date>`min(${eventDates.startsAt})`.mapWith(eventDates.startsAt), last: sql<Date>`max(${eventDates.endsAt})`.mapWith(eventDates.endsAt) })
      .from(eventDates)
      .where(eq(eventDates.eventId, event.id));
    firstStartsAt = span?.first ?? null;
    lastEndsAt = span?.last ?? null;
  } else {
    const [season] = await db.select().from(events).where(eq(events.id, scopeId)).limit(1);
    if (!season || season.type !== "SEASONAL") return null;
    event = season;
    const children = await db.select({ id: events.id }).from(events).where(eq(events.seasonId, season.id));
    const childDates = children.length
      ? await db.select().from(eventDates).where(inArray(eventDates.eventId, children.map((c) => c.id))).orderBy(asc(eventDates.startsAt))
      : [];
    dateIds = childDates.map((d) => d.id);
    firstStartsAt = childDates[0]?.startsAt ?? null;
    lastEndsAt = childDates.length ? new Date(Math.max(...childDates.map((d) => d.endsAt.getTime()))) : null;
    const start = firstStartsAt ?? new Date(0);
    date = { startsAt: start, endsAt: season.seasonSaleEnd ?? start, timeZone: season.timeZone };
  }
  const categories = await db.select().from(ticketCategories).where(eq(ticketCategories.eventId, event.id)).orderBy(asc(ticketCategories.sortOrder));
  const [seating] = event.seatingMode === "template" ? await db.select({ layout: eventSeating.layout }).from(eventSeating).where(eq(eventSeating.eventId, event.id)).limit(1) : [];
  const [organiser] = await db.select({ disabledAt: organisers.disabledAt }).from(organisers).where(eq(organisers.id, event.organiserId)).limit(1);
  const organiserDisabled = !organiser || organiser.disabledAt !== null;
  const scope: ShopScope = { kind: dated ? "date" : "season", scopeId, event, dateIds, date, firstStartsAt, lastEndsAt, categories, layout: seating?.layout ?? null, organiserDisabled };
  return scope;
}

export function scopeListStatus(scope: ShopScope, now = new Date()): EventListStatus {
  return eventListStatus({ type: scope.event.type, status: scope.event.status, firstStartsAt: scope.firstStartsAt, lastEndsAt: scope.lastEndsAt }, now);
}

/** Whether this date (or season) still sells: the event is on sale and the date has not ended. */
export function scopeOnSale(scope: ShopScope, now = new Date()): boolean {
  if (scope.organiserDisabled) return false;
  const on = isOnSale({ type: scope.event.type, status: scope.event.status, firstStartsAt: scope.firstStartsAt, lastEndsAt: scope.lastEndsAt }, now);
  if (!on) return false;
  if (scope.kind === "season") return scope.dateIds.length > 0 && now.getTime() < scope.date.endsAt.getTime();
  return now.getTime() < scope.date.endsAt.getTime();
}

/** Whether a tried access code is the event's (compared in constant time, case-insensitive). */
export function accessCodeMatches(event: EventRow, code: string): boolean {
  if (!event.accessCode) return false;
  const a = createHash("sha256").update(event.accessCode.trim().toLowerCase()).digest();
  const b = createHash("sha256").update(code.trim().toLowerCase()).digest();
  return timingSafeEqual(a, b);
}

/**
 * What a buyer gets for the right access code: a token bound to the event and its current code
 * (changing the code ends old tokens). Codes are only tried through the rate-limited unlock.
 */
export function accessToken(secret: string, event: EventRow): string {
  return createHmac("sha256", secret).update(`access:${event.id}:${event.accessCode ?? ""}`).digest("base64url");
}

export function hasAccess(secret: string, event: EventRow, token: string | undefined): boolean {
  if (event.visibility !== "code") return true;
  if (!token) return false;
  const a = Buffer.from(accessToken(secret, event));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The rule view of a category (shared/rules/ticket-selection.ts). */
export function ruleCategory(c: TicketCategoryRow): RuleCategory {
  return { ...c };
}

export function ruleContext(scope: ShopScope, remaining: ReadonlyMap<string, number>, now = new Date(), channel: SalesChannel = "online"): RuleContext {
  return { now, channel, releasedAt: scope.event.publishedAt, date: scope.date, remaining };
}

/** The scope a buyer may shop in right now, or the reason why not. */
export async function openScope(deps: AppDeps, scopeId: string, access: string | undefined): Promise<ShopScope> {
  const scope = await loadScope(deps.database.db, scopeId);
  if (!scope || isUnpublished(scope.event.status)) throw new AppError("NOT_FOUND", { field: "scopeId" });
  if (isCancelled(scope.event.status)) throw new AppError("EVENT_CANCELLED");
  if (!scopeOnSale(scope)) throw new AppError("EVENT_NOT_ON_SALE");
  if (!hasAccess(deps.config.APP_SECRET, scope.event, access)) throw new AppError("ACCESS_CODE_INVALID", { field: "access" });
  return scope;
}
