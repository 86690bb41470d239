import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { verifyTicketCode } from "./ticket-code";

/**
 * What a ticket code stands for now: `forged` (the signature does not match: no database look-up),
 * `unknown` (signed, but no such line), `cancelled` (the line was canceled: by the organiser, with
 * its event, or replaced by a date change), `checked_in`, or `valid` (its order is valid).
 * The one answer check-in and any other reader of codes build on.
 */
export type TicketState = "valid" | "checked_in" | "cancelled" | "forged" | "unknown";

export async function ticketState(
  db: DbOrTx,
  secret: string,
  code: string,
): Promise<{ state: TicketState; lineId?: string; orderId?: string; scopeId?: string }> {
  const lineId = verifyTicketCode(secret, code);
  if (!lineId) return { state: "forged" };
  const [line] = await txRows<{ order_id: string; scope_id: string; status: string; order_status: string }>(
    db,
    sql`select l.order_id, l.scope_id, l.status::text as status, o.status::text as order_status
        from order_lines l join orders o on o.id = l.order_id where l.id = ${lineId}`,
  );
  if (!line) return { state: "unknown", lineId };
  const facts = { lineId, orderId: line.order_id, scopeId: line.scope_id };
  if (line.status === "canceled" || line.order_status !== "valid") return { state: "cancelled", ...facts };
  return { state: line.status === "checked_in" ? "checked_in" : "valid", ...facts };
}
