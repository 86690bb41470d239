import type { EventType } from "../enums";
import type { EventListStatus, EventStatus } from "../schemas/events";

export type EventStatusInput = {
  type: EventType;
  status: EventStatus;
  /** First start and last end over the event's dates (a season: over its events' dates). */
  firstStartsAt: Date | null;
  lastEndsAt: Date | null;
};

/**
 * The status label of the dashboard (SPEC §4): Draft, Publish Later, Published, Canceled and
 * Expired for every kind; a published season is Later before its first date and Current while
 * it runs. "Expired" is derived from the dates, so it is never stale and needs no job.
 */
export function eventListStatus(e: EventStatusInput, now: Date): EventListStatus {
  switch (e.status) {
    case "draft":
      return "draft";
    case "scheduled":
      return "publish_later";
    case "cancelled":
      return "canceled";
    case "published":
      if (e.lastEndsAt && e.lastEndsAt.getTime() <= now.getTime()) return "expired";
      if (e.type === "SEASONAL") {
        return e.firstStartsAt && e.firstStartsAt.getTime() <= now.getTime() ? "current" : "later";
      }
      return "published";
  }
}

/**
 * SPEC §6 rights: "create event" lets a team member create an event and complete it while it is
 * a draft; changing an event once it is released (scheduled, published) takes "update event".
 */
export function mayChangeEvent(status: EventStatus, rights: { canUpdate: boolean }): boolean {
  return rights.canUpdate || status === "draft";
}

/** Whether tickets of the event may still be sold at all (the shop adds the per-category rules). */
export function isOnSale(e: EventStatusInput, now: Date): boolean {
  return isOnSaleLabel(eventListStatus(e, now));
}

/** Live: released and selling (the shop sells, the dashboard links to it). */
export function isLive(status: EventStatus): boolean {
  return status === "published";
}

/** Not yet in the shop: a draft, or scheduled for a later publication (only a preview shows it). */
export function isUnpublished(status: EventStatus): boolean {
  return status === "draft" || status === "scheduled";
}

/**
 * Released: published or scheduled. Its dates are locked, it must keep passing the publication
 * gate, and only a released event may be cancelled (a draft is deleted instead).
 */
export function isReleased(status: EventStatus): boolean {
  return status === "published" || status === "scheduled";
}

/** The cancel action is offered and accepted for released events only. */
export const isCancellable = isReleased;

/** A cancelled event is final: never edited, never sold again. */
export function isCancelled(status: EventStatus): boolean {
  return status === "cancelled";
}

/** Whether a dashboard status label means tickets are on sale (a season before or during its run). */
export function isOnSaleLabel(label: EventListStatus): boolean {
  return label === "published" || label === "current" || label === "later";
}
