import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZSaveWaitingRoomInput } from "../../../shared/schemas/waiting-room";
import type { DbOrTx } from "../../db/client";
import { events } from "../../db/schema";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { assertEditable, assertMayChange, type EventRights, getOwnEvent } from "../events/access";
import { forgetShopScopes } from "../shop/scope";
import { ABANDONED_AFTER_SECONDS } from "./admission";
import { forgetRoom } from "./queue";

/** An event's waiting room as its organiser sees it: the switch, the rate, and the queue right now. */
export async function readWaitingRoomSettings(db: DbOrTx, organiserId: string, eventId: string, now = new Date()) {
  const event = await getOwnEvent(db, organiserId, eventId);
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_SECONDS * 1000).toISOString();
  const since = new Date(now.getTime() - 10 * 60_000).toISOString();
  const [counts] = await txRows<{ waiting: number | string; admitted: number | string }>(
    db,
    sql`select count(*) filter (where admitted_at is null and last_seen_at >= ${cutoff}::timestamptz) as waiting,
               count(*) filter (where admitted_at >= ${since}::timestamptz) as admitted
        from waiting_room_entries where event_id = ${event.id}`,
  );
  return {
    eventId: event.id,
    enabled: event.waitingRoomEnabled,
    perMinute: event.waitingRoomPerMinute,
    waiting: Number(counts?.waiting ?? 0),
    admittedLast10Minutes: Number(counts?.admitted ?? 0),
  };
}

/**
 * Switches an event's waiting room and sets its rate, under the rights of the event's other
 * settings: a cancelled event changes no more, a released one only with "update event". Takes
 * effect on the shop within a second on every instance (the scope and room caches), at once here.
 */
export async function saveWaitingRoomSettings(
  deps: Pick<AppDeps, "database" | "log">,
  who: { organiserId: string; userId: string; rights: EventRights },
  input: z.output<typeof ZSaveWaitingRoomInput>,
) {
  const db = deps.database.db;
  const before = await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, who.organiserId, input.eventId, { forUpdate: true });
    assertEditable(event);
    assertMayChange(event, who.rights);
    await tx
      .update(events)
      .set({ waitingRoomEnabled: input.enabled, waitingRoomPerMinute: input.perMinute })
      .where(and(eq(events.id, event.id), eq(events.organiserId, who.organiserId)));
    return { enabled: event.waitingRoomEnabled, perMinute: event.waitingRoomPerMinute };
  });
  forgetRoom(input.eventId);
  forgetShopScopes(input.eventId);
  deps.log.info(
    { eventId: input.eventId, organiserId: who.organiserId, userId: who.userId, before, after: { enabled: input.enabled, perMinute: input.perMinute } },
    "waiting room settings changed",
  );
  return readWaitingRoomSettings(db, who.organiserId, input.eventId);
}
