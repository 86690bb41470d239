import { sql } from "drizzle-orm";
import { MAX_ORDER_VALUE_CENTS } from "../../shared/rules/voucher";
import type { DbOrTx } from "../db/client";
import { parseJson, txRows } from "../db/sql";
import { createVoucher } from "../modules/vouchers/manage";
import { DEMO_MATCH } from "./events";

/** The demo voucher a person can try at the demo match's checkout: 10 % off every ticket. */
export const DEMO_VOUCHER = "DEMO10";

const DAY_MS = 24 * 3600_000;

/**
 * Seeds DEMO10 on the demo football match (10 %, unlimited, valid from yesterday for a year,
 * every category of the match), through the service. Does nothing when the match is missing or
 * the code exists already. Returns whether it made the voucher.
 */
export async function seedDemoVouchers(db: DbOrTx, organiserId: string, now = new Date()): Promise<boolean> {
  const [match] = await txRows<{ id: string; categories: string[] | string }>(
    db,
    sql`select e.id::text, coalesce((select jsonb_agg(c.id::text order by c.sort_order) from ticket_categories c where c.event_id = e.id), '[]'::jsonb) as categories
        from events e where e.organiser_id = ${organiserId} and e.name = ${DEMO_MATCH} order by e.created_at limit 1`,
  );
  const categories = match ? parseJson(match.categories) : [];
  if (!match || categories.length === 0) return false;
  const [existing] = await txRows<{ id: string }>(db, sql`select id from vouchers where event_id = ${match.id} and code = ${DEMO_VOUCHER}`);
  if (existing) return false;
  const validFrom = new Date(now.getTime() - DAY_MS);
  await createVoucher(db, organiserId, {
    code: DEMO_VOUCHER,
    kind: "percent",
    value: 1000,
    minOrderCents: 0,
    maxOrderCents: MAX_ORDER_VALUE_CENTS,
    maxUses: null,
    eventId: match.id,
    ticketCategoryIds: categories,
    blockIds: [],
    seatKeys: [],
    validFrom,
    validUntil: new Date(validFrom.getTime() + 365 * DAY_MS),
    description: "Demo: 10 % auf jedes Ticket des Derbys / 10 % off every ticket of the derby",
    status: "active",
  });
  return true;
}
