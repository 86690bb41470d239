// PLACEHOLDER (helper INV replaces this file).
import type { DbOrTx } from "../../../db/client";
/** Issues the invoice of a paid order (total > 0) when it becomes valid; its id, or null (free order, issued already). */
export async function issueOrderInvoice(_tx: DbOrTx, _orderId: string): Promise<string | null> {
  return null;
}
/** The credit note for cancelled ticket lines of an invoiced order; its id, or null (no invoice). */
export async function issueCreditNote(_tx: DbOrTx, _input: { orderId: string; lineIds: string[] }): Promise<string | null> {
  return null;
}
