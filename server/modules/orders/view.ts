import { sql } from "drizzle-orm";
import type { OrderAmounts, OrderStatus } from "../../../shared/schemas/orders";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { txRows } from "../../db/sql";
import { orderKeyMatches } from "./links";

/**
 * The buyer's order (SPEC §2 tickets-view): its state ("payment processing" while pending), its
 * tickets and amounts. Only with the key of the buyer's link; anything else looks missing.
 */
export async function viewOrder(deps: AppDeps, orderId: string, key: string) {
  if (!orderKeyMatches(deps.config.APP_SECRET, orderId, key)) throw new AppError("ORDER_UNAVAILABLE");
  const [order] = await txRows<{
    id: string;
    number: string;
    status: OrderStatus;
    event_id: string;
    scope_id: string;
    is_season: boolean;
    event_name: string;
    time_zone: string;
    starts_at: Date | string | null;
    buyer: { firstName: string; lastName: string; email: string };
    amounts: OrderAmounts;
    total_cents: number;
    created_at: Date | string;
    paid_at: Date | string | null;
    refunded: boolean;
  }>(
    deps.database.db,
    sql`select o.id, o.number, o.status, o.event_id, o.scope_id, o.is_season, e.name as event_name, e.time_zone, d.starts_at,
          o.buyer, o.amounts, o.total_cents, o.created_at, o.paid_at, exists(select 1 from refunds r where r.order_id = o.id) as refunded
        from orders o join events e on e.id = o.event_id left join event_dates d on d.id = o.scope_id where o.id = ${orderId}`,
  );
  if (!order) throw new AppError("ORDER_UNAVAILABLE");
  const lines = await txRows<{ id: string; category_name: string; place_labels: string[]; area_id: string | null; total_cents: number; status: string }>(
    deps.database.db,
    sql`select id, category_name, place_labels, area_id, total_cents, status from order_lines where order_id = ${orderId} order by created_at, id`,
  );
  // The buyer's invoice and credit notes (decision 016), downloadable with the same key.
  const invoices = await txRows<{ id: string; number: string; kind: "invoice" | "credit_note" }>(
    deps.database.db,
    sql`select id::text, number, kind::text from order_invoices where order_id = ${orderId} order by issued_at, kind, counter`,
  );
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    refunded: order.refunded,
    eventId: order.event_id,
    scopeId: order.scope_id,
    isSeason: order.is_season,
    eventName: order.event_name,
    timeZone: order.time_zone,
    startsAt: order.starts_at ? new Date(order.starts_at) : null,
    buyer: { firstName: order.buyer.firstName, lastName: order.buyer.lastName, email: order.buyer.email },
    amounts: order.amounts,
    createdAt: new Date(order.created_at),
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    lines: lines.map((l) => ({
      id: l.id,
      categoryName: l.category_name,
      places: l.area_id ? [{ area: l.place_labels[0] ?? "" }] : l.place_labels.map((p) => {
        const [block, row, seat] = p.split("|");
        return { block: block ?? "", row: row ?? "", seat: seat ?? "" };
      }),
      totalCents: l.total_cents,
      status: l.status as "active" | "canceled" | "checked_in",
    })),
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, kind: i.kind })),
  };
}
