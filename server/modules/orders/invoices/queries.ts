import { and, asc, eq } from "drizzle-orm";
import type { InvoiceItem, InvoiceKind, InvoiceParty, InvoiceVatRow } from "../../../../shared/schemas/orders";
import type { DbOrTx } from "../../../db/client";
import { orderInvoices, orders } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";

export type OrderInvoiceView = {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  dueOn: string;
  locale: "de" | "en";
  seller: InvoiceParty;
  recipient: InvoiceParty;
  items: InvoiceItem[];
  vat: InvoiceVatRow[];
  totalCents: number;
  lineIds: string[];
  /** A credit note's invoice number (null for an invoice). */
  refersToNumber: string | null;
};

/**
 * The organiser's invoice modal: an order's invoice and its credit notes, oldest first, with
 * every field as issued. Another organiser's order (or none) is NOT_FOUND.
 */
export async function listOrderInvoices(db: DbOrTx, organiserId: string, orderId: string): Promise<OrderInvoiceView[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.organiserId, organiserId)));
  if (!order) throw new AppError("NOT_FOUND");
  const rows = await db
    .select()
    .from(orderInvoices)
    .where(and(eq(orderInvoices.orderId, orderId), eq(orderInvoices.organiserId, organiserId)))
    .orderBy(asc(orderInvoices.issuedAt), asc(orderInvoices.kind), asc(orderInvoices.counter));
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    number: r.number,
    issuedAt: r.issuedAt,
    dueOn: r.dueOn,
    locale: r.locale,
    seller: r.seller,
    recipient: r.recipient,
    items: r.items,
    vat: r.vat,
    totalCents: r.totalCents,
    lineIds: r.lineIds,
    refersToNumber: r.refersToId ? (numbers.get(r.refersToId) ?? null) : null,
  }));
}

/** One document of an order of this organiser (the PDF download); null when it is not theirs. */
export async function findOrderInvoice(db: DbOrTx, orderId: string, invoiceId: string, organiserId?: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: orderInvoices.id })
    .from(orderInvoices)
    .where(
      and(
        eq(orderInvoices.id, invoiceId),
        eq(orderInvoices.orderId, orderId),
        organiserId === undefined ? undefined : eq(orderInvoices.organiserId, organiserId),
      ),
    );
  return row ?? null;
}
