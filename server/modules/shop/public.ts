import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { eventDates, events, organisers, ticketCategories } from "../../db/schema";
import { eventListStatus, isLive, isUnpublished } from "../../../shared/rules/event-status";
import { AppError } from "../../lib/app-error";
import type { EventRow } from "../events/access";
import { computeRemaining } from "./availability";
import { accessCodeMatches, accessToken, hasAccess, loadScope, scopeListStatus, scopeOnSale, type ShopScope, type TicketCategoryRow } from "./scope";

/** Who asks for a public page, and what the shop's links are signed with. */
export type ShopViewOptions = {
  /** The organiser whose unpublished events the caller may preview (the viewer middleware decides), else null. */
  previewOrganiserId: string | null;
  /** Signs and checks the access tokens of code-protected events. */
  appSecret: string;
  /** The access token the buyer got by unlocking, if any. */
  access?: string | undefined;
};

/** Organisers (and their team) see their own drafts, marked as such; everybody else does not. */
function assertVisible(options: Pick<ShopViewOptions, "previewOrganiserId">, event: EventRow): void {
  const unpublished = isUnpublished(event.status);
  if (unpublished && options.previewOrganiserId !== event.organiserId) throw new AppError("NOT_FOUND");
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
export async function publicEvent(db: Db, options: ShopViewOptions & { eventId: string }) {
  const { eventId } = options;
  const [row] = await db
    .select({ event: events, organiser: { id: organisers.id, name: organisers.name } })
    .from(events)
    .innerJoin(organisers, eq(organisers.id, events.organiserId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const { event, organiser } = row;
  assertVisible(options, event);
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
  const unlocked = hasAccess(options.appSecret, event, options.access);
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
    season: season && isLive(season.status) ? { id: season.id, name: season.name } : null,
    status,
    preview: isUnpublished(event.status),
    locked: !unlocked,
    dates: dates.map((d) => ({ ...d, past: d.endsAt.getTime() <= now })),
    categories: unlocked ? (await categoriesOf(db, event.id)).filter((c) => c.appliesTo === "boxoffice_online").map(publicCategory) : [],
  };
}

async function categoriesOf(db: Db, eventId: string): Promise<TicketCategoryRow[]> {
  return db.select().from(ticketCategories).where(eq(ticketCategories.eventId, eventId)).orderBy(asc(ticketCategories.sortOrder));
}

/** The shop of one date (or season): what is on sale, the plan, and what is left. */
export async function publicScope(db: Db, options: ShopViewOptions & { scopeId: string; holdTtlSeconds: number }) {
  const scope = await loadScope(db, options.scopeId);
  if (!scope) throw new AppError("NOT_FOUND");
  assertVisible(options, scope.event);
  const unlocked = hasAccess(options.appSecret, scope.event, options.access);
  const remaining = unlocked ? await computeRemaining(db, scope) : new Map<string, number>();
  // A season ticket covers every date of the season's events: the checkout lists them (issue 24 item 6).
  const seasonDates =
    scope.kind === "season"
      ? await db
          .select({ id: eventDates.id, startsAt: eventDates.startsAt, eventName: events.name })
          .from(eventDates)
          .innerJoin(events, eq(events.id, eventDates.eventId))
          .where(eq(events.seasonId, scope.event.id))
          .orderBy(asc(eventDates.startsAt))
      : [];
  return {
    scopeId: scope.scopeId,
    seasonDates,
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
    onSale: scopeOnSale(scope) && isLive(scope.event.status),
    locked: !unlocked,
    layout: unlocked ? scope.layout : null,
    dailyAttendeeLimit: scope.kind === "season" ? scope.event.dailySeasonTicketLimit : scope.event.dailyAttendeeLimit,
    categories: unlocked ? scope.categories.filter((c) => c.appliesTo === "boxoffice_online").map(publicCategory) : [],
    remaining: Object.fromEntries(remaining),
    holdTtlSeconds: options.holdTtlSeconds,
    /** The checkout asks these per ticket (SPEC §3 participant information fields). */
    participantFields: scope.event.participantFields,
    vatRateBp: scope.event.vatRateBp,
    /** The event's on-sale waiting room is on: the page queues the buyer first (decision 033). */
    waitingRoom: scope.event.waitingRoomEnabled,
  };
}

/**
 * The organiser's events buyers can find on its profile: published, public (hidden and
 * code-protected events are reached by their link only), with a date still ahead.
 */
export async function organiserEvents(db: Db, options: { organiserId: string }) {
  const { organiserId } = options;
  const rows = await db
    .select({ id: events.id, name: events.name, type: events.type, city: events.city, imageId: events.imageId, timeZone: events.timeZone, next: sql<Date>`min(${eventDates.startsAt})`.mapWith(eventDates.startsAt) })
    .from(events)
    .innerJoin(eventDates, eq(eventDates.eventId, events.id))
    .where(and(eq(events.organiserId, organiserId), eq(events.status, "published"), eq(events.visibility, "public"), gt(eventDates.endsAt, sql`now()`)))
    .groupBy(events.id)
    .orderBy(sql`min(${eventDates.startsAt})`)
    .limit(100);
  return rows;
}

/** Tries an access code (the router limits tries per address and event); the right one gives an access token. */
export async function unlock(db: Db, options: Omit<ShopViewOptions, "access"> & { eventId: string; code: string }): Promise<{ access: string }> {
  const [event] = await db.select().from(events).where(eq(events.id, options.eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND");
  assertVisible(options, event);
  if (event.visibility !== "code") return { access: "" };
  if (!accessCodeMatches(event, options.code)) throw new AppError("ACCESS_CODE_INVALID", { field: "code" });
  return { access: accessToken(options.appSecret, event) };
}

export type { ShopScope };
