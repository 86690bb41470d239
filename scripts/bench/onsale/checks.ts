/** After a level of the on-sale benchmark: seats sold twice, and drift of counters and ledgers (inventory:check). */
import type postgres from "postgres";
import { openDatabase } from "../../../server/db/client";
import { checkContingents, checkInventory, checkVouchers } from "../../../server/modules/inventory/check";

/** Seats of a date on more than one active ticket of a valid order, plus sold seats whose order line is not one of them. */
export async function doubleSold(db: postgres.Sql, scopeId: string): Promise<number> {
  const [twice] = await db<{ n: number }[]>`
    select count(*)::int as n from (
      select k from order_lines l join orders o on o.id = l.order_id, jsonb_array_elements_text(l.seat_keys) k
      where l.scope_id = ${scopeId} and o.status = 'valid' and l.status <> 'canceled'
      group by k having count(*) > 1) x`;
  return twice!.n;
}

/** What inventory:check reports on the benchmark database (0: no drift). */
export async function drift(url: string): Promise<{ count: number; samples: string[] }> {
  const database = await openDatabase({ url, maxConnections: 1 });
  try {
    const found = [...(await checkInventory(database.db)), ...(await checkContingents(database.db)), ...(await checkVouchers(database.db))];
    return { count: found.length, samples: found.slice(0, 5).map((d) => `${d.kind} ${d.scope} ${d.item}: ${d.actual} (expected ${d.expected})`) };
  } finally {
    await database.close();
  }
}

/** Sold seats and valid orders of the date (what the level sold). */
export async function soldFigures(db: postgres.Sql, scopeId: string): Promise<{ sold: number; orders: number }> {
  const [s] = await db<{ n: number }[]>`select count(*)::int as n from seat_inventory where event_date_id = ${scopeId} and status = 'SOLD'`;
  const [o] = await db<{ n: number }[]>`select count(distinct l.order_id)::int as n from order_lines l join orders o on o.id = l.order_id where l.scope_id = ${scopeId} and o.status = 'valid'`;
  return { sold: s!.n, orders: o!.n };
}
