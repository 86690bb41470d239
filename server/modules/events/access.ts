import { and, eq } from "drizzle-orm";
import { isCancelled, mayChangeEvent } from "../../../shared/rules/event-status";
import type { DbOrTx } from "../../db/client";
import { events } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export type EventRow = typeof events.$inferSelect;

/**
 * The organiser's own event, or NOT_FOUND: another organiser's event is indistinguishable from
 * a missing one. `forUpdate` locks the row for the rest of the transaction (FOR NO KEY UPDATE:
 * it excludes every other change of the event, but not the key-share locks that buyers' carts
 * and orders take on it through their foreign keys; FOR UPDATE would wait for those and can
 * deadlock with a first hold that locked the counters before inserting its cart).
 */
export async function getOwnEvent(
  db: DbOrTx,
  organiserId: string,
  eventId: string,
  options: { forUpdate?: boolean } = {},
): Promise<EventRow> {
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organiserId, organiserId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("no key update") : await query;
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** What the caller may change: organisers and holders of "update event" can update released events. */
export type EventRights = { canUpdate: boolean };
export const ORGANISER_RIGHTS: EventRights = { canUpdate: true };

/** FORBIDDEN for a creator (no "update event") once the event is no longer a draft. */
export function assertMayChange(event: EventRow, rights: EventRights): void {
  if (!mayChangeEvent(event.status, rights)) throw new AppError("FORBIDDEN");
}

/** Cancelled is final: nothing about the event may change any more. */
export function assertEditable(event: EventRow): void {
  if (isCancelled(event.status)) throw new AppError("EVENT_CANCELLED");
}
