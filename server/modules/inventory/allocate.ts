import type { DbOrTx } from "../../db/client";
import type { Changes } from "./changes";
import { giveBack } from "./give-back";
import { sellOrder, type SellInput } from "./sell";

/**
 * Places sold without a hold (box office, resellers): the order's seats are taken if free and its
 * counters grow within their capacity, all or nothing, in the caller's transaction; false when
 * anything is not there (nothing changed). The same statement as a paid cart's sale.
 */
export function allocatePlaces(tx: DbOrTx, input: Omit<SellInput, "cartId">, changes: Changes): Promise<boolean> {
  return sellOrder(tx, { ...input, cartId: null }, changes);
}

/**
 * Places of orders handed back (a box-office return, a reseller's unsold contingent, a
 * cancellation): their seats become free and their counters' sold units go down. Call it before
 * the lines are marked canceled; lines already canceled gave theirs back before.
 */
export async function returnPlaces(tx: DbOrTx, input: { orderIds: string[] }, changes: Changes): Promise<string[]> {
  const result = await giveBack(tx, { orderIds: input.orderIds }, changes);
  return result.freed;
}
