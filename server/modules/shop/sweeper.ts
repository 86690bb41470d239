import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { announceChanges, type Changes } from "../inventory/changes";
import { giveBack } from "../inventory/give-back";
import { lockRows } from "../inventory/lock-order";
import { txRows } from "../../db/sql";
import { releaseOrphanedUses, releaseUses } from "../vouchers/uses";

/**
 * The sweeper: releases carts whose time ran out and announces the freed seats. Carts are
 * claimed with SKIP LOCKED, so any number of instances may sweep at once.
 */
export async function sweepExpiredCarts(deps: AppDeps, limit = 100): Promise<number> {
  const due = await txRows<{ id: string }>(
    deps.database.db,
    // A checked-out cart whose order is paid is done; only carts still holding something are due.
    sql`select id from carts c where state in ('active', 'checked_out') and expires_at <= now()
          and not exists (select 1 from orders o where o.cart_id = c.id and o.status in ('valid', 'cancelled'))
        order by expires_at limit ${limit}`,
  );
  let swept = 0;
  for (const candidate of due) {
    const changes: Changes = new Map();
    const done = await deps.database.db.transaction(async (tx) => {
      // Claimed with SKIP LOCKED: another instance sweeping it (or its buyer paying) wins.
      const [cart] = await txRows<{ id: string }>(
        tx,
        lockRows(
          sql`select id from carts where id = ${candidate.id} and state in ('active', 'checked_out') and expires_at <= now()`,
          sql`id`,
          sql`for update skip locked`,
        ),
      );
      if (!cart) return false;
      // An order still waiting for its payment gives up (its row right after its cart, decision
      // 009); a payment arriving later is settled again (seats still free) or refunded.
      await tx.execute(sql`update orders set status = 'failed', failed_at = now(), updated_at = now() where cart_id = ${cart.id} and status = 'pending'`);
      // Its voucher's reserved use goes back (decision 020), before its places (the lock order).
      await releaseUses(tx, { cartIds: [cart.id] });
      await giveBack(tx, { cartIds: [cart.id], cartState: "expired" }, changes);
      return true;
    });
    if (!done) continue;
    await announceChanges(deps, changes);
    swept++;
  }
  // Reservations of carts that ended another way (a buyer's "release all") go back too.
  await releaseOrphanedUses(deps.database.db);
  // Sales whose fold did not run after their commit (an instance stopped in between).
  await deps.folds.foldAll();
  return swept;
}
