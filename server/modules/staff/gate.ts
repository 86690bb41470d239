import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sql } from "drizzle-orm";
import type { CheckinGate } from "../../../shared/rules/checkin";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import type { SessionUser } from "../auth/session";
import { ticketSigningKey } from "../orders/ticket-code";

export type StaffUser = Pick<SessionUser, "id" | "firstName" | "lastName" | "organiserId" | "eventId">;

type DateRow = { id: string; event_id: string; season_id: string | null; local_date: string; starts_at: Date | string; ends_at: Date | string; time_zone: string; event_name: string };

/**
 * The dates a staff member checks in: those of their event, or of every event of it when it is a
 * season. Only events of their own organiser, never a cancelled one.
 */
async function staffDates(db: DbOrTx, user: StaffUser, dateId?: string): Promise<DateRow[]> {
  if (!user.eventId || !user.organiserId) return [];
  return txRows<DateRow>(
    db,
    sql`select d.id, d.event_id, e.season_id, d.local_date, d.starts_at, d.ends_at, e.time_zone, e.name as event_name
        from event_dates d join events e on e.id = d.event_id
        where e.organiser_id = ${user.organiserId} and e.status <> 'cancelled'
          and (e.id = ${user.eventId} or e.season_id = ${user.eventId})
          ${dateId ? sql`and d.id = ${dateId}` : sql``}
        order by d.starts_at, d.id`,
  );
}

/** The gate of a date the staff member may check in at; NOT_FOUND for any other date. */
export async function loadGate(db: DbOrTx, user: StaffUser, dateId: string): Promise<CheckinGate & { organiserId: string; startsAt: Date; endsAt: Date }> {
  const [d] = await staffDates(db, user, dateId);
  if (!d) throw new AppError("NOT_FOUND");
  return {
    organiserId: user.organiserId!,
    eventId: d.event_id,
    seasonId: d.season_id,
    date: { id: d.id, localDate: d.local_date, timeZone: d.time_zone },
    startsAt: new Date(d.starts_at),
    endsAt: new Date(d.ends_at),
  };
}

/**
 * The check-in page's start: who is at the door, for which event, its dates (the page picks the
 * one running or next), and the public key that verifies signed ticket codes offline.
 */
export async function staffHome(deps: AppDeps, user: SessionUser) {
  const [head] = user.organiserId
    ? await txRows<{ organiser_name: string; event_name: string | null; event_status: string | null }>(
        deps.database.db,
        sql`select o.name as organiser_name, e.name as event_name, e.status::text as event_status
            from organisers o left join events e on e.id = ${user.eventId} and e.organiser_id = o.id
            where o.id = ${user.organiserId}`,
      )
    : [];
  const dates = await staffDates(deps.database.db, user);
  return {
    id: user.id,
    name: user.firstName,
    organiserName: head?.organiser_name ?? null,
    eventId: head?.event_name ? user.eventId : null,
    eventName: head?.event_name ?? null,
    eventCancelled: head?.event_status === "cancelled",
    dates: dates.map((d) => ({
      id: d.id,
      eventId: d.event_id,
      seasonId: d.season_id,
      eventName: d.event_name,
      localDate: d.local_date,
      timeZone: d.time_zone,
      startsAt: new Date(d.starts_at),
      endsAt: new Date(d.ends_at),
    })),
    publicKey: encodeBase64urlNoPadding(ticketSigningKey(deps.config.APP_SECRET).publicKeyRaw),
  };
}
