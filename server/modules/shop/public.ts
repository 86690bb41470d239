import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Context } from "../../trpc/context";
import { canActForOrganiser } from "../../../shared/permissions";
import { eventDates, events, organisers, ticketCategories } from "../../db/schema";
import { eventListStatus } from "../../../shared/rules/event-status";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../lib/rate-limit";
import type { EventRow } from "../events/access";
import { computeRemaining } from "./availability";
import { accessCodeMatches, accessToken, hasAccess, loadScope, scopeListStatus, scopeOnSale, type ShopScope, type TicketCategoryRow } from "./scope";

/** Organisers (and their team) see their own drafts, marked as such; everybody else does not. */
function mayPreview(ctx: Context, event: EventRow): boolean {
  return ctx.auth !== null && ctx.auth.user.organiserId === event.organiserId && canActForOrganiser(ctx.auth.user, ["createEvent", "updateEvent"]);
}

function assertVisible(ctx: Context, event: EventRow): void {
  const unpublished = event.status === "draft" || event.status === "scheduled";
  if (unpublished && !mayPreview(ctx, event)) throw new AppError("NOT_FOUND");
}

/** The fields of a category buyers may see (never the box-office-only ones online). */
function publicCategory(c: TicketCategoryRow) {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    priceCents: c.priceCents,
    currency: c.currency,
    seatingCategoryId: c.seatingCategoryId,
    seatsPerTicket: c.seatsPerTicket,
    dailyQuantity: c.dailyQuantity,
    bookingOptions: c.bookingOptions,
    webDescription: c.webDescription,
    saleStartMode: c.saleStartMode,
    saleStartAt: c.saleStartAt,
    saleEndMode: c.saleEndMode,
    saleEndAt: c.saleEndAt,
    validityStartTime: c.validityStartTime,
    validityEndTime: c.validityEndTime,
    visibility: c.visibility,
    selectability: c.selectability,
    conditionCategoryId: c.conditionCategoryId,
    minPerOrder: c.minPerOrder,
    maxPerOrder: c.maxPerOrder,
    showRemaining: c.showRemaining,
    appliesTo: c.appliesTo,
  };
}
export type PublicCategory = ReturnType<typeof publicCategory>;

/** The public event page (/event/{id}): the event, its organiser, its dates and (if unlocked) its tickets. */
export async function publicEvent(ctx: Context, eventId: string, access: string | undefined) {
  const db = ctx.database.db;
  const [row] = await db
    .select({ event: events, organiser: { id: organisers.id, name: organisers.name } })
    .from(events)
    .innerJoin(organisers, eq(organisers.id, events.organiserId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const { event, organiser } = row;
  assertVisible(ctx, event);
  // A season's dates are the dates of its events.
  const dates = await db
    .select({ id: eventDates.id, startsAt: eventDates.startsAt, endsAt: eventDates.endsAt, eventId: eventDates.eventId, eventName: events.name })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(event.type === "SEASONAL" ? eq(events.seasonId, event.id) : eq(eventDates.eventId, event.id))
    .orderBy(asc(eventDates.startsAt));
  const span = {
    firstStartsAt: dates[0]?.startsAt ?? null,
    lastEndsAt: dates.length ? new Date(Math.max(...dates.map((d) => d.endsAt.getTime()))) : null,
  };
  const status = eventListStatus({ type: event.type, status: event.status, ...span }, new Date());
  const unlocked = hasAccess(ctx.config.APP_SECRET, event, access);
  const season = event.seasonId
    ? (await db.select({ id: events.id, name: events.name, status: events.status }).from(events).where(eq(events.id, event.seasonId)).limit(1))[0] ?? null
    : null;
  const now = Date.now();
  return {
    event: {
      id: event.id,
      type: event.type,
      name: event.name,
      category: event.category,
      subcategory: event.subcategory,
      address: event.address,
      addressAddition: event.addressAddition,
      city: event.city,
      zip: event.zip,
      country: event.country,
      timeZone: event.timeZone,
      imageId: event.imageId,
      mediaImageIds: event.mediaImageIds,
      youtubeUrl: event.youtubeUrl,
      descriptionHtml: event.descriptionHtml,
      faq: event.faq,
      visibility: event.visibility,
      seatingMode: event.seatingMode,
      seasonSaleEnd: event.seasonSaleEnd,
    },
    organiser,
    season: season && season.status === "published" ? { id: season.id, name: season.name } : null,
    status,
    preview: event.status === "draft" || event.status === "scheduled",
    locked: !unlocked,
    dates: dates.map((d) => ({ ...d, past: d.endsAt.getTime() <= now })),
    categories: unlocked ? (await categoriesOf(db, event.id)).filter((c) => c.appliesTo === "boxoffice_online").map(publicCategory) : [],
  };
}

async function categoriesOf(db: Context["database"]["db"], eventId: string): Promise<TicketCategoryRow[]> {
  return db.select().from(ticketCategories).where(eq(ticketCategories.eventId, eventId)).orderBy(asc(ticketCategories.sortOrder));
}

/** The shop of one date (or season): what is on sale, the plan, and what is left. */
export async function publicScope(ctx: Context, scopeId: string, access: string | undefined) {
  const scope = await loadScope(ctx.database.db, scopeId);
  if (!scope) throw new AppError("NOT_FOUND");
  assertVisible(ctx, scope.event);
  const unlocked = hasAccess(ctx.config.APP_SECRET, scope.event, access);
  const remaining = unlocked ? await computeRemaining(ctx.database.db, scope) : new Map<string, number>();
  return {
    scopeId: scope.scopeId,
    kind: scope.kind,
    eventId: scope.event.id,
    eventName: scope.event.name,
    timeZone: scope.event.timeZone,
    startsAt: scope.kind === "date" ? scope.date.startsAt : scope.firstStartsAt,
    endsAt: scope.kind === "date" ? scope.date.endsAt : scope.lastEndsAt,
    releasedAt: scope.event.publishedAt,
    saleEndsAt: scope.date.endsAt,
    dateCount: scope.dateIds.length,
    status: scopeListStatus(scope),
    onSale: scopeOnSale(scope) && scope.event.status === "published",
    locked: !unlocked,
    layout: unlocked ? scope.layout : null,
    dailyAttendeeLimit: scope.kind === "season" ? scope.event.dailySeasonTicketLimit : scope.event.dailyAttendeeLimit,
    categories: unlocked ? scope.categories.filter((c) => c.appliesTo === "boxoffice_online").map(publicCategory) : [],
    remaining: Object.fromEntries(remaining),
    holdTtlSeconds: ctx.config.HOLD_TTL_SECONDS,
    /** The checkout asks these per ticket (SPEC §3 participant information fields). */
    participantFields: scope.event.participantFields,
    vatRateBp: scope.event.vatRateBp,
  };
}

/**
 * The organiser's events buyers can find on its profile: published, public (hidden and
 * code-protected events are reached by their link only), with a date still ahead.
 */
export async function organiserEvents(ctx: Context, organiserId: string) {
  const rows = await ctx.database.db
    .select({ id: events.id, name: events.name, type: events.type, city: events.city, imageId: events.imageId, timeZone: events.timeZone, next: sql<Date>`min(${eventDates.startsAt})`.mapWith(eventDates.startsAt) })
    .from(events)
    .innerJoin(eventDates, eq(eventDates.eventId, events.id))
    .where(and(eq(events.organiserId, organiserId), eq(events.status, "published"), eq(events.visibility, "public"), gt(eventDates.endsAt, sql`now()`)))
    .groupBy(events.id)
    .orderBy(sql`min(${eventDates.startsAt})`)
    .limit(100);
  return rows;
}

/** Tries an access code (rate limited per address and event); the right one gives an access token. */
export async function unlock(ctx: Context, eventId: string, code: string): Promise<{ access: string }> {
  await consumeRateLimit(ctx.database, { key: `access:${eventId}:${ctx.ip}`, limit: 10, windowSeconds: 15 * 60 });
  const [event] = await ctx.database.db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND");
  assertVisible(ctx, event);
  if (event.visibility !== "code") return { access: "" };
  if (!accessCodeMatches(event, code)) throw new AppError("ACCESS_CODE_INVALID", { field: "code" });
  return { access: accessToken(ctx.config.APP_SECRET, event) };
}

export type { ShopScope };
