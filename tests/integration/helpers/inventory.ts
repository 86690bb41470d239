import { expect } from "vitest";
import type { Database } from "../../../server/db/client";
import { checkContingents, checkInventory, checkVouchers } from "../../../server/modules/inventory/check";

/**
 * `npm run inventory:check` on a test database: every counter equal to what the seats, carts and
 * orders say, every organiser's ticket contingent equal to its ledger, and every voucher's
 * counts equal to its uses.
 */
export async function expectNoDrift(database: Database): Promise<void> {
  expect(await checkInventory(database.db)).toEqual([]);
  expect(await checkContingents(database.db)).toEqual([]);
  expect(await checkVouchers(database.db)).toEqual([]);
}
