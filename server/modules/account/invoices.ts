import { and, desc, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { PLATFORM_VAT_RATE_BP, planInvoiceItem, platformInvoiceNumber } from "../../../shared/plans";
import { vatOfGross } from "../../../shared/rules/pricing";
import type { DbOrTx } from "../../db/client";
import { planPurchases, platformInvoices } from "../../db/schema";
import { txRows } from "../../db/sql";
import { i18nFor } from "../../i18n";

/** Texts of plan items (invoice PDF, the provider's payment page). */
const T = {
  item: /*i18n*/ { id: "invoice.planItem", message: "{plan} plan, {period} ({tickets} tickets)" },
  monthly: /*i18n*/ { id: "invoice.monthly", message: "monthly" },
  yearly: /*i18n*/ { id: "invoice.yearly", message: "yearly" },
};

/** The plan's name as shown (its key, capitalised: the names are the same in every language). */
export function planName(planKey: string): string {
  return planKey.charAt(0).toUpperCase() + planKey.slice(1);
}

/** "Professional plan, yearly (30,000 tickets)" in the reader's language. */
export function planItemText(p: { planKey: string; period: "monthly" | "yearly" | "none"; tickets: number }, locale: Locale): string {
  const t = i18nFor(locale);
  const tickets = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB").format(p.tickets);
  return t._({ ...T.item, values: { plan: planName(p.planKey), period: t._(p.period === "yearly" ? T.yearly : T.monthly), tickets } });
}

/**
 * Issues the platform's invoice for a plan purchase when it starts (unpaid): gross amount with
 * the platform's 19 % VAT in it (decision 014), numbered from the sequence per year of issue
 * ("P-2026-000123"). In the purchase's transaction.
 */
export async function issuePlanInvoice(tx: DbOrTx, purchase: typeof planPurchases.$inferSelect): Promise<void> {
  const [seq] = await txRows<{ n: string; year: number }>(tx, sql`select nextval('platform_invoice_numbers')::text as n, extract(year from now())::int as year`);
  await tx.insert(platformInvoices).values({
    organiserId: purchase.organiserId,
    number: platformInvoiceNumber(Number(seq!.year), Number(seq!.n)),
    item: planInvoiceItem(purchase.planKey, purchase.period === "yearly" ? "yearly" : "monthly", purchase.tickets),
    amountCents: purchase.amountCents,
    vatCents: vatOfGross(purchase.amountCents, PLATFORM_VAT_RATE_BP),
    planPurchaseId: purchase.id,
  });
}

/** The purchase's invoice is paid (in the settlement's transaction). */
export async function markPlanInvoicePaid(tx: DbOrTx, purchaseId: string, paidAt: Date): Promise<void> {
  await tx
    .update(platformInvoices)
    .set({ status: "paid", paidAt })
    .where(and(eq(platformInvoices.planPurchaseId, purchaseId), eq(platformInvoices.status, "unpaid")));
}

/** The invoices tab: the organiser's platform invoices, newest first, with their purchase's state. */
export async function listPlatformInvoices(db: DbOrTx, organiserId: string) {
  return db
    .select({
      id: platformInvoices.id,
      number: platformInvoices.number,
      item: platformInvoices.item,
      amountCents: platformInvoices.amountCents,
      vatCents: platformInvoices.vatCents,
      status: platformInvoices.status,
      issuedAt: platformInvoices.issuedAt,
      paidAt: platformInvoices.paidAt,
      purchaseStatus: planPurchases.status,
    })
    .from(platformInvoices)
    .leftJoin(planPurchases, eq(planPurchases.id, platformInvoices.planPurchaseId))
    .where(eq(platformInvoices.organiserId, organiserId))
    .orderBy(desc(platformInvoices.issuedAt), desc(platformInvoices.number))
    .limit(200);
}
