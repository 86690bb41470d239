import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";

/**
 * The ticket contingent (decision 014). This module is the only writer of
 * `organisers.ticket_contingent`: every change is a ledger entry in `contingent_entries` and the
 * balance moves by the same delta in the same transaction, so the balance always equals the sum
 * of the ledger (`npm run inventory:check` verifies it). One entry per (reason, source): a
 * settlement or cancellation that runs twice counts once.
 */
export type ContingentReason = "plan" | "sale" | "return" | "opening_balance" | "admin_adjustment";

/** One change of an organiser's contingent. */
export type ContingentChange = {
  organiserId: string;
  /** Positive adds tickets (a plan, a return), negative consumes them (a sale). */
  delta: number;
  reason: ContingentReason;
  /** The plan purchase or order the change belongs to (null only for an opening balance). */
  sourceId: string | null;
};

/**
 * Writes one ledger entry and moves the balance by its delta, in the caller's transaction, in one
 * statement (the organiser's row stays locked until the transaction ends: a sale does this last).
 * Returns false (and changes nothing) when the entry for this reason and source exists already.
 * The entry is inserted first: a concurrent second attempt waits on the unique index until the
 * first commits and then finds it, so the balance moves once.
 */
export async function changeContingent(tx: DbOrTx, change: ContingentChange): Promise<boolean> {
  const [row] = await txRows<{ inserted: number }>(tx, contingentStatement(change));
  return Number(row?.inserted ?? 0) > 0;
}

/** `changeContingent`'s statement, for a caller that sends it together with others (a sale's last writes). */
export function contingentStatement(change: ContingentChange): SQL {
  if (!Number.isInteger(change.delta)) throw new RangeError("a contingent delta is a whole number of tickets");
  return sql`with entry as (
      insert into contingent_entries (organiser_id, delta, reason, source_id)
      values (${change.organiserId}, ${change.delta}, ${change.reason}, ${change.sourceId})
      on conflict (reason, source_id) do nothing returning id),
    balance as (
      update organisers set ticket_contingent = ticket_contingent + ${change.delta}
      where id = ${change.organiserId} and ${change.delta}::int <> 0 and exists (select 1 from entry) returning 1)
    select (select count(*) from entry)::int as inserted, (select count(*) from balance)::int as moved`;
}

/** The change a valid order makes: its tickets leave the organiser's contingent. */
export function saleContingent(orderId: string, consumed: ConsumedTickets): ContingentChange {
  return { organiserId: consumed.organiserId, delta: -consumed.tickets, reason: "sale", sourceId: orderId };
}

/**
 * An order became valid: its tickets (ticket lines not canceled) are taken from its organiser's
 * contingent. Never refused: the balance may go below zero (decision 014), buyers never suffer
 * for the organiser's plan. (A sale from the shop, box office or a reseller sends
 * `contingentStatement(saleContingent(…))` with its other last writes instead, orders/settle.ts.)
 */
export async function consumeForOrder(tx: DbOrTx, orderId: string): Promise<void> {
  const [order] = await txRows<{ organiser_id: string; tickets: number }>(
    tx,
    sql`select o.organiser_id::text, (select count(*)::int from order_lines l where l.order_id = o.id and l.status <> 'canceled') as tickets
        from orders o where o.id = ${orderId}`,
  );
  if (!order) return;
  await changeContingent(tx, saleContingent(orderId, { organiserId: order.organiser_id, tickets: Number(order.tickets) }));
}

/** What an order's sale takes from which organiser's contingent. */
export type ConsumedTickets = { organiserId: string; tickets: number };

/**
 * Valid orders were cancelled: each gives back what its sale took and its cancelled tickets did
 * not give back already (once per order; an order that never consumed gives nothing back).
 */
export async function returnForOrders(tx: DbOrTx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const sales = await txRows<{ organiser_id: string; source_id: string; delta: number; returned: number }>(
    tx,
    sql`select s.organiser_id, s.source_id::text, s.delta,
          coalesce((select sum(r.delta) from contingent_entries r join order_lines l on l.id = r.source_id
                    where r.reason = 'return' and l.order_id = s.source_id), 0)::int as returned
        from contingent_entries s
        where s.reason = 'sale' and s.source_id in (${sql.join(
          orderIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) order by s.source_id`,
  );
  for (const sale of sales) {
    const delta = -Number(sale.delta) - Number(sale.returned);
    await changeContingent(tx, { organiserId: sale.organiser_id, delta, reason: "return", sourceId: sale.source_id });
  }
}

/**
 * The organiser cancelled some tickets of a valid order: each gives its ticket back (one entry
 * per line, so cancelling the rest later, or the event, never returns a ticket twice). Only
 * tickets whose order's sale consumed the contingent.
 */
export async function returnForLines(tx: DbOrTx, orderId: string, lineIds: string[]): Promise<void> {
  const [sale] = await txRows<{ organiser_id: string }>(
    tx,
    sql`select organiser_id from contingent_entries where reason = 'sale' and source_id = ${orderId}`,
  );
  if (!sale) return;
  for (const lineId of [...lineIds].sort()) {
    await changeContingent(tx, { organiserId: sale.organiser_id, delta: 1, reason: "return", sourceId: lineId });
  }
}
