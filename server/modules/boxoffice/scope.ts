import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { categoryStatus, isVisible, type SalesChannel } from "../../../shared/rules/ticket-selection";
import { isCancelled, isLive, isUnpublished } from "../../../shared/rules/event-status";
import type { AppDeps } from "../../deps";
import { eventDates, events } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { computeRemaining } from "../shop/availability";
import type { HoldChannel } from "../shop/holds";
import { accessToken, loadScope, ruleCategory, ruleContext, scopeOnSale, type ShopScope } from "../shop/scope";
import { readBoxOfficeSettings } from "./settings";

export const COUNTER: SalesChannel = "boxoffice";

/**
 * A date (or season) the counter sells, of the caller's organiser: another organiser's is
 * NOT_FOUND; a draft, a cancelled event or a date that has ended sells nothing. No access code
 * (the organiser's own event).
 */
export async function counterScope(deps: AppDeps, organiserId: string, scopeId: string): Promise<ShopScope> {
  const scope = await loadScope(deps.database.db, scopeId);
  if (!scope || scope.event.organiserId !== organiserId) throw new AppError("NOT_FOUND", { field: "scopeId" });
  if (isCancelled(scope.event.status)) throw new AppError("EVENT_CANCELLED");
  if (isUnpublished(scope.event.status) || !isLive(scope.event.status) || !scopeOnSale(scope)) throw new AppError("EVENT_NOT_ON_SALE");
  return scope;
}

/** The shop's hold path, as the counter (channel "boxoffice", this scope). */
export async function counterChannel(deps: AppDeps, organiserId: string, scopeId: string): Promise<HoldChannel> {
  return { channel: COUNTER, scope: await counterScope(deps, organiserId, scopeId) };
}

/**
 * What the counter screen needs for a date: the plan, every category (Boxoffice-only ones too)
 * with its state at the counter and what is left, the box office fee and print format, and an
 * access token for `shop.watch` on a code-protected event (the live seat map).
 */
export async function counterView(deps: AppDeps, organiserId: string, scopeId: string) {
  const scope = await counterScope(deps, organiserId, scopeId);
  const db = deps.database.db;
  const remaining = await computeRemaining(db, scope);
  const ctx = ruleContext(scope, remaining, new Date(), COUNTER);
  const settings = await readBoxOfficeSettings(db, organiserId, scope.event.id);
  return {
    scopeId: scope.scopeId,
    kind: scope.kind,
    eventId: scope.event.id,
    eventName: scope.event.name,
    timeZone: scope.event.timeZone,
    startsAt: scope.kind === "date" ? scope.date.startsAt : scope.firstStartsAt,
    endsAt: scope.kind === "date" ? scope.date.endsAt : scope.lastEndsAt,
    layout: scope.layout,
    access: scope.event.visibility === "code" ? accessToken(deps.config.APP_SECRET, scope.event) : undefined,
    categories: scope.categories.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      priceCents: c.priceCents,
      seatingCategoryId: c.seatingCategoryId,
      seatsPerTicket: c.seatsPerTicket,
      bookingOptions: c.bookingOptions,
      minPerOrder: c.minPerOrder,
      maxPerOrder: c.maxPerOrder,
      appliesTo: c.appliesTo,
      status: categoryStatus(ruleCategory(c), ctx),
      visible: isVisible(ruleCategory(c), new Map(), ctx),
      remaining: remaining.get(c.id) ?? 0,
    })),
    participantFields: scope.event.participantFields,
    vatRateBp: scope.event.vatRateBp,
    holdTtlSeconds: deps.config.HOLD_TTL_SECONDS,
    feeCents: settings.feeCents,
    printFormat: settings.printFormat,
  };
}

/** The organiser's dates the counter can sell now (published events, not ended), soonest first. */
export async function counterDates(deps: AppDeps, organiserId: string, eventId?: string) {
  const rows = await deps.database.db
    .select({ scopeId: eventDates.id, eventId: events.id, eventName: events.name, timeZone: events.timeZone, startsAt: eventDates.startsAt, endsAt: eventDates.endsAt })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(
      and(
        eq(events.organiserId, organiserId),
        inArray(events.status, ["published"]),
        gt(eventDates.endsAt, sql`now()`),
        ...(eventId ? [eq(events.id, eventId)] : []),
      ),
    )
    .orderBy(asc(eventDates.startsAt))
    .limit(200);
  return rows;
}
