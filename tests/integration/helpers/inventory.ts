import { expect } from "vitest";
import type { Database } from "../../../server/db/client";
import { checkContingents, checkInventory } from "../../../server/modules/inventory/check";

/**
 * `npm run inventory:check` on a test database: every counter equal to what the seats, carts and
 * orders say, and every organiser's ticket contingent equal to its ledger.
 */
export async function expectNoDrift(database: Database): Promise<void> {
  expect(await checkInventory(database.db)).toEqual([]);
  expect(await checkContingents(database.db)).toEqual([]);
}
