import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Locale } from "../../../../shared/enums";
import { cancelledLinesCents, SERVICE_FEE_CENTS_PER_TICKET, SERVICE_FEE_VAT_BP, vatOfGross } from "../../../../shared/rules/pricing";
import type { BuyerDetails, InvoiceItem, InvoiceKind, InvoiceParty, InvoiceVatRow, OrderAmounts } from "../../../../shared/schemas/orders";
import type { DbOrTx } from "../../../db/client";
import { orderInvoices, organisers } from "../../../db/schema";
import { pgArray, txRows } from "../../../db/sql";
import { i18nFor } from "../../../i18n";
import { dateTimeFormat } from "../../../../shared/rules/intl-formats";

/**
 * The organiser's invoices to buyers and their credit notes (decision 016). Both are written
 * once, in the transaction that makes the order valid or cancels its lines, and never changed:
 * the item texts are composed in the buyer's language when issued, the parties copied.
 */

const T = {
  seat: /*i18n*/ { id: "orderInvoice.seat", message: "{block}, row {row}, seat {seat}" },
  ticket: /*i18n*/ { id: "orderInvoice.ticketItem", message: "{category} – {event}, {date} – {places}" },
  ticketNoDate: /*i18n*/ { id: "orderInvoice.ticketItemNoDate", message: "{category} – {event} – {places}" },
  serviceFee: /*i18n*/ { id: "orderInvoice.serviceFee", message: "Service fee per ticket" },
  boxOfficeFee: /*i18n*/ { id: "orderInvoice.boxOfficeFee", message: "Box office fee per ticket" },
  discount: /*i18n*/ { id: "orderInvoice.discount", message: "Voucher {code}" },
};

/** A box office order's fee (decision 017): per chargeable ticket, gross, at the tickets' VAT rate. */
type BoxOfficeFee = { perTicketCents: number; totalCents: number };

/** The box office fee of an order's amounts, or null (an online order). */
function boxOfficeFeeOf(amounts: OrderAmounts): BoxOfficeFee | null {
  const perTicketCents = amounts.boxOfficeFeeCents ?? 0;
  return amounts.boxOfficeFeesCents !== undefined ? { perTicketCents, totalCents: amounts.boxOfficeFeesCents } : null;
}

export const INVOICE_PREFIX: Record<InvoiceKind, string> = { invoice: "RE", credit_note: "GS" };

/** "RE-2026-00042": prefix, year, the counter padded to five digits (more once it passes 99999). */
export function invoiceNumber(kind: InvoiceKind, year: number, counter: number): string {
  return `${INVOICE_PREFIX[kind]}-${year}-${String(counter).padStart(5, "0")}`;
}

/** The calendar day in Germany (the organisers' invoices are numbered and dated there): "2026-11-25". */
function berlinDay(at: Date): string {
  return dateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

type LineRow = {
  id: string;
  category_name: string;
  place_labels: string[];
  area_id: string | null;
  total_cents: number;
  discount_cents: number;
  vat_rate_bp: number;
  vat_cents: number;
  starts_at: Date | string | null;
  time_zone: string;
  event_name: string;
};

async function linesOf(tx: DbOrTx, orderId: string, which: { active: true } | { ids: string[] }): Promise<LineRow[]> {
  const filter = "ids" in which ? sql`l.id = any(${pgArray(which.ids)}::uuid[])` : sql`l.status <> 'canceled'`;
  const rows = await txRows<LineRow>(
    tx,
    sql`select l.id::text, l.category_name, l.place_labels, l.area_id, l.total_cents, l.discount_cents, l.vat_rate_bp, l.vat_cents,
          d.starts_at, e.time_zone, e.name as event_name
        from order_lines l join events e on e.id = l.event_id left join event_dates d on d.id = l.scope_id
        where l.order_id = ${orderId} and ${filter} order by l.created_at, l.id`,
  );
  return rows.map((r) => ({
    ...r,
    total_cents: Number(r.total_cents),
    discount_cents: Number(r.discount_cents),
    vat_rate_bp: Number(r.vat_rate_bp),
    vat_cents: Number(r.vat_cents),
  }));
}

/**
 * One position per ticket at its price (category, event and date, places), a voucher position
 * (minus the lines' discounts, decision 020), a service-fee position, and VAT per rate: each
 * line's VAT on its discounted price, as the order computed it.
 */
function content(
  lines: LineRow[],
  feesCents: number,
  locale: Locale,
  boxOffice: BoxOfficeFee | null = null,
  voucherCode: string | undefined = undefined,
): { items: InvoiceItem[]; vat: InvoiceVatRow[]; totalCents: number } {
  const t = i18nFor(locale);
  const intl = locale === "de" ? "de-DE" : "en-GB";
  const items: InvoiceItem[] = lines.map((l) => {
    const places = l.area_id
      ? (l.place_labels[0] ?? "")
      : l.place_labels
          .map((p) => {
            const [block = "", row = "", seat = ""] = p.split("|");
            return t._({ ...T.seat, values: { block, row, seat } });
          })
          .join("; ");
    const date = l.starts_at
      ? dateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short", timeZone: l.time_zone }).format(new Date(l.starts_at))
      : null;
    const values = { category: l.category_name, event: l.event_name, date, places };
    const text = t._({ ...(date ? T.ticket : T.ticketNoDate), values }).replace(/ – $/, "");
    const listCents = l.total_cents + l.discount_cents;
    return { text, quantity: 1, unitCents: listCents, totalCents: listCents, vatRateBp: l.vat_rate_bp };
  });
  const discountCents = lines.reduce((a, l) => a + l.discount_cents, 0);
  if (discountCents > 0) {
    const rateBp = lines[0]?.vat_rate_bp ?? SERVICE_FEE_VAT_BP;
    items.push({ text: t._({ ...T.discount, values: { code: voucherCode ?? "" } }).trim(), quantity: 1, unitCents: -discountCents, totalCents: -discountCents, vatRateBp: rateBp });
  }
  const byRate = new Map<number, { gross: number; vat: number }>();
  const add = (rateBp: number, gross: number, vat: number) => {
    const row = byRate.get(rateBp) ?? { gross: 0, vat: 0 };
    byRate.set(rateBp, { gross: row.gross + gross, vat: row.vat + vat });
  };
  // The tickets' VAT as the order computed it: per line, rounded once (shared/rules/pricing.ts).
  for (const l of lines) add(l.vat_rate_bp, l.total_cents, l.vat_cents);
  if (feesCents > 0) {
    const count = feesCents / SERVICE_FEE_CENTS_PER_TICKET;
    const whole = Number.isInteger(count);
    items.push({
      text: t._(T.serviceFee),
      quantity: whole ? count : 1,
      unitCents: whole ? SERVICE_FEE_CENTS_PER_TICKET : feesCents,
      totalCents: feesCents,
      vatRateBp: SERVICE_FEE_VAT_BP,
    });
    add(SERVICE_FEE_VAT_BP, feesCents, vatOfGross(feesCents, SERVICE_FEE_VAT_BP));
  }
  if (boxOffice && boxOffice.totalCents > 0) {
    const rateBp = lines[0]?.vat_rate_bp ?? SERVICE_FEE_VAT_BP;
    const count = boxOffice.perTicketCents > 0 ? boxOffice.totalCents / boxOffice.perTicketCents : 0;
    const whole = Number.isInteger(count) && count > 0;
    items.push({
      text: t._(T.boxOfficeFee),
      quantity: whole ? count : 1,
      unitCents: whole ? boxOffice.perTicketCents : boxOffice.totalCents,
      totalCents: boxOffice.totalCents,
      vatRateBp: rateBp,
    });
    add(rateBp, boxOffice.totalCents, vatOfGross(boxOffice.totalCents, rateBp));
  }
  const vat = [...byRate]
    .map(([rateBp, r]) => ({ rateBp, netCents: r.gross - r.vat, vatCents: r.vat, grossCents: r.gross }))
    .sort((a, b) => a.rateBp - b.rateBp);
  return { items, vat, totalCents: items.reduce((a, i) => a + i.totalCents, 0) };
}

const clean = (party: InvoiceParty): InvoiceParty =>
  Object.fromEntries(Object.entries(party).filter(([, v]) => typeof v === "string" && v.trim() !== "")) as InvoiceParty;

type InvoiceRow = Omit<typeof orderInvoices.$inferInsert, "number" | "year" | "counter" | "issuedAt" | "dueOn">;

/**
 * Numbers and writes an invoice or credit note in one statement: the next number of the
 * organiser's series (kind, year) from its counter row, and the document. The counter row stays
 * locked until the transaction ends: concurrent issuers wait for it, and a transaction that
 * rolls back gives its number back, so the series has no gaps and no duplicates. A sale sends it
 * last, together with its other writes (orders/settle.ts).
 */
function invoiceStatement(tx: DbOrTx, row: InvoiceRow): SQL {
  const now = new Date();
  const day = berlinDay(now);
  const year = Number(day.slice(0, 4));
  const counter = sql`(select last from n)`;
  // invoiceNumber's format: the counter padded to five digits, never cut.
  const number = sql`${`${INVOICE_PREFIX[row.kind]}-${year}-`} || lpad(${counter}::text, greatest(5, length(${counter}::text)), '0')`;
  const insert = tx
    .insert(orderInvoices)
    // Due on the day of issue: the order is paid (a credit note is settled by the refund).
    .values({ ...row, number, year, counter, issuedAt: now, dueOn: day })
    .returning({ id: orderInvoices.id });
  return sql`with n as (
      insert into invoice_counters (organiser_id, kind, year, last) values (${row.organiserId}, ${row.kind}, ${year}, 1)
      on conflict (organiser_id, kind, year) do update set last = invoice_counters.last + 1
      returning last)
    ${insert.getSQL()}`;
}

async function insertInvoice(tx: DbOrTx, row: InvoiceRow): Promise<string> {
  const [inserted] = await txRows<{ id: string }>(tx, invoiceStatement(tx, row));
  return inserted!.id;
}

/**
 * The invoice a paid order is about to get, composed but not numbered: `issue` is null when it
 * has one already (`id` is that one's). Its id is chosen here, so the confirmation mail can name
 * it before it is written.
 */
export type InvoiceDraft = { id: string; issue: InvoiceRow | null };

/** The organiser's fields an invoice names as its seller. */
export const SELLER_COLUMNS = {
  name: organisers.name,
  address: organisers.address,
  zipCode: organisers.zipCode,
  city: organisers.city,
  country: organisers.country,
  vatId: organisers.vatId,
  taxNumber: organisers.taxNumber,
};

export type Seller = { [K in keyof typeof SELLER_COLUMNS]: (typeof SELLER_COLUMNS)[K]["_"]["data"] | null };

/**
 * What an order's invoice is drafted from; `invoiceId` when it has its invoice already; `seller`
 * when the caller read the organiser already (the sale's one read, issue 25).
 */
export type KnownOrder = {
  organiserId: string;
  buyer: BuyerDetails;
  buyerEmail: string;
  locale: Locale;
  amounts: OrderAmounts;
  totalCents: number;
  invoiceId: string | null;
  seller?: Seller;
};

async function orderToInvoice(tx: DbOrTx, orderId: string): Promise<KnownOrder | null> {
  const [o] = await txRows<{ organiser_id: string; buyer: BuyerDetails; buyer_email: string; locale: Locale; amounts: OrderAmounts; total_cents: number; invoice_id: string | null }>(
    tx,
    sql`select organiser_id::text, buyer, buyer_email, locale, amounts, total_cents,
          (select id::text from order_invoices where order_id = o.id and kind = 'invoice') as invoice_id
        from orders o where id = ${orderId} for update`,
  );
  return o
    ? { organiserId: o.organiser_id, buyer: o.buyer, buyerEmail: o.buyer_email, locale: o.locale, amounts: o.amounts, totalCents: Number(o.total_cents), invoiceId: o.invoice_id }
    : null;
}

/**
 * Composes the invoice of a paid order (total > 0) when it becomes valid (decision 016): reads
 * only, so the completing transaction can do it before it takes the sale's locks; `issueDraft`
 * numbers and writes it at the end. Null for a free order; an order invoiced already keeps its
 * one invoice (a draft with its id and nothing to issue).
 */
export async function draftOrderInvoice(tx: DbOrTx, orderId: string, known?: KnownOrder): Promise<InvoiceDraft | null> {
  const order = known ?? (await orderToInvoice(tx, orderId));
  if (!order || Number(order.totalCents) <= 0) return null;
  if (order.invoiceId) return { id: order.invoiceId, issue: null };
  const organiser = order.seller ?? (await tx.select(SELLER_COLUMNS).from(organisers).where(eq(organisers.id, order.organiserId)))[0];
  if (!organiser?.name) return null;
  const lines = await linesOf(tx, orderId, { active: true });
  const body = content(lines, order.amounts.feesCents, order.locale, boxOfficeFeeOf(order.amounts), order.amounts.voucherCode);
  const b = order.buyer;
  const id = randomUUID();
  return {
    id,
    issue: {
      id,
      organiserId: order.organiserId,
      orderId,
      kind: "invoice",
      locale: order.locale,
      seller: clean({
        name: organiser.name,
        street: organiser.address ?? undefined,
        zip: organiser.zipCode ?? undefined,
        city: organiser.city ?? undefined,
        country: organiser.country ?? undefined,
        vatId: organiser.vatId ?? undefined,
        taxNumber: organiser.taxNumber ?? undefined,
      }),
      recipient: clean({
        name: [b.title, b.firstName, b.lastName].filter(Boolean).join(" "),
        company: b.company,
        street: b.street,
        zip: b.zip,
        city: b.city,
        country: b.country,
        email: b.email || order.buyerEmail,
      }),
      ...body,
    },
  };
}

/** Numbers and writes a drafted invoice (nothing when the order had one); its id. The counter row is the transaction's last lock. */
export async function issueDraft(tx: DbOrTx, draft: InvoiceDraft): Promise<string> {
  return draft.issue ? insertInvoice(tx, draft.issue) : draft.id;
}

/** `issueDraft`'s statement, for a sale that sends it with its other last writes; null when there is nothing to issue. */
export function issueStatement(tx: DbOrTx, draft: InvoiceDraft): SQL | null {
  return draft.issue ? invoiceStatement(tx, draft.issue) : null;
}

/** Issues the invoice of a paid order at once (draft and issue); its id, or null for a free order. */
export async function issueOrderInvoice(tx: DbOrTx, orderId: string): Promise<string | null> {
  const draft = await draftOrderInvoice(tx, orderId);
  return draft ? issueDraft(tx, draft) : null;
}

/**
 * The credit note for cancelled ticket lines of an invoiced order: each line's total and, for a
 * chargeable line, its service fee (`cancelledLinesCents`, what the refund pays back), under the
 * invoice's parties and language, referring to the invoice. Lines of another order and lines a
 * credit note has covered already are left out. Null when the order has no invoice or nothing is
 * left to credit. Call it in the cancellation's transaction, after the lines are canceled.
 */
export async function issueCreditNote(tx: DbOrTx, input: { orderId: string; lineIds: string[] }): Promise<string | null> {
  if (input.lineIds.length === 0) return null;
  // The order's lock (held by the cancellation already) serialises credit notes of one order.
  await tx.execute(sql`select id from orders where id = ${input.orderId} for update`);
  const documents = await tx.select().from(orderInvoices).where(eq(orderInvoices.orderId, input.orderId));
  const invoice = documents.find((d) => d.kind === "invoice");
  if (!invoice) return null;
  const credited = new Set(documents.flatMap((d) => (d.kind === "credit_note" ? d.lineIds : [])));
  const lines = (await linesOf(tx, input.orderId, { ids: [...new Set(input.lineIds)] })).filter((l) => !credited.has(l.id));
  // A box office order credits its box office fee per ticket instead of the service fee.
  const [order] = await txRows<{ amounts: OrderAmounts }>(tx, sql`select amounts from orders where id = ${input.orderId}`);
  const boxOffice = order ? boxOfficeFeeOf(order.amounts) : null;
  const amounts = cancelledLinesCents(lines.map((l) => ({ totalCents: l.total_cents })), boxOffice ? boxOffice.perTicketCents : undefined);
  if (lines.length === 0 || amounts.totalCents <= 0) return null;
  const code = order?.amounts.voucherCode;
  const body = boxOffice
    ? content(lines, 0, invoice.locale, { perTicketCents: boxOffice.perTicketCents, totalCents: amounts.feesCents }, code)
    : content(lines, amounts.feesCents, invoice.locale, null, code);
  return insertInvoice(tx, {
    organiserId: invoice.organiserId,
    orderId: input.orderId,
    kind: "credit_note",
    refersToId: invoice.id,
    locale: invoice.locale,
    seller: invoice.seller,
    recipient: invoice.recipient,
    lineIds: lines.map((l) => l.id),
    ...body,
  });
}
