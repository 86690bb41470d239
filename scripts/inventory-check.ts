/**
 * Inventory check (`npm run inventory:check`): recomputes every counter from the seats, the cart
 * ledgers and the order lines, and checks seats and carts against each other, in one read-only
 * statement that is safe on a live database, and every organiser's ticket contingent against its
 * ledger (decision 014), and every voucher's counts against its uses (decision 020). Prints every drift; exit code 1 when there is any,
 * 2 when the check could not run.
 *
 * Database as the server opens it: DATABASE_URL (Postgres), otherwise the PGlite directory
 * PGLITE_DIR (default ./data/pglite).
 */
import { openDatabase } from "../server/db/client";
import { checkContingents, checkInventory, checkVouchers } from "../server/modules/inventory/check";

async function main(): Promise<number> {
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, pgliteDir: process.env.PGLITE_DIR || "./data/pglite", maxConnections: 1 });
  try {
    const drift = [...(await checkInventory(database.db)), ...(await checkContingents(database.db)), ...(await checkVouchers(database.db))];
    if (drift.length === 0) {
      console.log("inventory: no drift");
      return 0;
    }
    console.log(`inventory: ${drift.length} drift${drift.length === 1 ? "" : "s"} (kind, scope or cart, counter or seat, found, expected)`);
    for (const d of drift) console.log(`${d.kind}\t${d.scope}\t${d.item}\t${d.actual}\t${d.expected}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("inventory check failed:", err);
    process.exit(2);
  },
);
