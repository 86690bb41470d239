// PLACEHOLDER (helper INV replaces this file).
import type { DbOrTx } from "../../../db/client";
export async function renderOrderInvoicePdf(_db: DbOrTx, _invoiceId: string): Promise<{ number: string; pdf: Uint8Array } | null> {
  return null;
}
