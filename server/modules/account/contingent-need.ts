import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { events } from "../../db/schema";
import { ticketsStillOnSale } from "../events/lifecycle";

/**
 * What the organiser's released events (published or scheduled, not over yet) can still sell:
 * the contingent it should keep (decision 014). Below it, or at zero, the dashboard and the plan
 * tab show the "insufficient ticket contingent" prompt. Sales are never refused for it.
 */
export async function liveContingentNeed(db: DbOrTx, organiserId: string): Promise<number> {
  const live = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.organiserId, organiserId),
        inArray(events.status, ["published", "scheduled"]),
        sql`(${events.type} = 'SEASONAL' or exists (select 1 from event_dates d where d.event_id = ${events.id} and d.ends_at > now()))`,
      ),
    );
  let need = 0;
  for (const event of live) need += await ticketsStillOnSale(db, event);
  return need;
}
