import { sql } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { txRows } from "../db/sql";
import { allocate } from "../modules/resellers/allocations";
import { loadScope } from "../modules/shop/scope";
import { DEMO_ACCOUNTS } from "./seed";
import { DEMO_MATCH } from "./events";

/** Seats of the demo reseller's allocation: the row before the demo orders' row, in the last seated block. */
const DEMO_ALLOCATION_SEATS = 10;
const DEMO_ALLOCATION_PLACES = 20;

/**
 * The demo reseller (Rita, reseller@example.com) sells the demo match: its details, every ticket
 * category of the match at its price, and an allocation of ten seats and twenty standing places
 * on the match's date, made through the allocation service (issue 21). Does nothing when the
 * reseller or the match is missing or the reseller has an allocation already. Returns whether it did.
 */
export async function seedDemoResellers(deps: AppDeps): Promise<boolean> {
  const db = deps.database.db;
  const [row] = await txRows<{ reseller_id: string; organiser_id: string; event_id: string; date_id: string; has: boolean }>(
    db,
    sql`select u.id::text as reseller_id, e.organiser_id::text, e.id::text as event_id, d.id::text as date_id,
          exists (select 1 from reseller_allocations a where a.reseller_id = u.id) as has
        from users u join events e on e.organiser_id = u.organiser_id and e.name = ${DEMO_MATCH} join event_dates d on d.event_id = e.id
        where u.email = ${DEMO_ACCOUNTS.reseller} and u.role = 'reseller' order by d.starts_at limit 1`,
  );
  if (!row || row.has) return false;
  const scope = await loadScope(db, row.date_id);
  if (!scope) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into reseller_profiles (user_id, organiser_id, name, address, city, zip, state, country, mobile)
      values (${row.reseller_id}, ${row.organiser_id}, 'Rita Reseller', 'Bahnhofstraße 7', 'Leipzig', '04109', 'Sachsen', 'DE', '+49 341 555 0100')
      on conflict (user_id) do nothing`);
    for (const c of scope.categories) {
      await tx.execute(sql`insert into reseller_tickets (reseller_id, event_id, ticket_category_id, price_cents)
        values (${row.reseller_id}, ${row.event_id}, ${c.id}, ${c.priceCents}) on conflict do nothing`);
    }
  });
  const block = scope.layout?.blocks.filter((b) => b.kind === "seated").at(-1);
  const seatCategory = scope.categories.find((c) => block?.kind === "seated" && c.seatingCategoryId === block.categoryId);
  const area = scope.layout?.blocks.find((b) => b.kind === "standing");
  const areaCategory = scope.categories.find((c) => area && c.seatingCategoryId === area.categoryId);
  const seats =
    block?.kind === "seated" && seatCategory
      ? Array.from({ length: Math.min(DEMO_ALLOCATION_SEATS, block.seatsPerRow) }, (_, i) => ({ key: `${block.id}:${block.rows - 2}:${i}`, ticketCategoryId: seatCategory.id }))
      : [];
  const counts = area && areaCategory ? [{ ticketCategoryId: areaCategory.id, areaId: area.id, quantity: DEMO_ALLOCATION_PLACES }] : [];
  if (seats.length + counts.length === 0) return true;
  await allocate(deps, row.organiser_id, { resellerId: row.reseller_id, eventDateId: row.date_id, seats, counts, returnAt: null });
  return true;
}
