import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { testPayments } from "../../db/schema";
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, ProviderPaymentStatus } from "./provider";

/**
 * The test provider when its page may take payments here, else null (its endpoints then answer
 * NOT_FOUND): never beside Stripe, and in production only with ALLOW_TEST_PAYMENTS, checked
 * here again so that a configuration that slipped past loadConfig cannot sell for free.
 */
export function activeTestProvider(deps: {
  config: { isProduction: boolean; ALLOW_TEST_PAYMENTS: boolean };
  payments: PaymentProvider;
}): TestPaymentProvider | null {
  if (!(deps.payments instanceof TestPaymentProvider)) return null;
  return deps.config.isProduction && !deps.config.ALLOW_TEST_PAYMENTS ? null : deps.payments;
}

/**
 * The built-in test provider: a payment is a row, the "bank" is the labelled page
 * /test-payment/{id} where the buyer makes it succeed, fail or gives up. Used without a Stripe
 * key and in tests; never moves real money.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;

  constructor(private readonly database: Database) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const [row] = await this.database.db
      .insert(testPayments)
      .values(input.kind === "plan" ? { planPurchaseId: input.planPurchaseId, amountCents: input.amountCents } : { orderId: input.orderId, amountCents: input.amountCents })
      .returning({ id: testPayments.id });
    return { providerRef: row!.id, redirectUrl: `/test-payment/${row!.id}` };
  }

  /** The labelled page shows any payment (an open one with its buttons). */
  async paymentPage(providerRef: string): Promise<string | null> {
    return `/test-payment/${providerRef}`;
  }

  async status(providerRef: string): Promise<ProviderPaymentStatus> {
    const [row] = await this.database.db.select().from(testPayments).where(eq(testPayments.id, providerRef)).limit(1);
    if (!row) return "failed";
    return row.status === "paid" || row.status === "refunded" ? "paid" : row.status === "failed" || row.status === "abandoned" ? "failed" : "open";
  }

  async refund(providerRef: string, amountCents: number): Promise<{ refundId: string }> {
    const rows = await this.database.rows<{ id: string }>(sql`
      update test_payments set refunded_cents = least(amount_cents, refunded_cents + ${amountCents}), status = 'refunded'
      where id = ${providerRef} and status in ('paid', 'refunded') returning id`);
    if (rows.length === 0) throw new Error("test payment is not paid");
    return { refundId: `test-refund:${providerRef}` };
  }

  /** What the test page shows: the amount, what it pays for (an order, or a plan purchase), the state. */
  async get(paymentId: string): Promise<TestPaymentView | null> {
    const rows = await this.database.rows<{
      id: string;
      amount_cents: number;
      status: string;
      number: string | null;
      event_name: string | null;
      plan_key: string | null;
      period: "monthly" | "yearly" | null;
      tickets: number | null;
      invoice_number: string | null;
    }>(sql`
      select p.id, p.amount_cents, p.status, o.number, e.name as event_name, pp.plan_key, pp.period::text as period, pp.tickets, i.number as invoice_number
      from test_payments p
      left join orders o on o.id = p.order_id left join events e on e.id = o.event_id
      left join plan_purchases pp on pp.id = p.plan_purchase_id left join platform_invoices i on i.plan_purchase_id = pp.id
      where p.id = ${paymentId}`);
    const row = rows[0];
    if (!row) return null;
    const base = { id: row.id, amountCents: Number(row.amount_cents), status: row.status };
    if (row.plan_key && row.period) {
      return { ...base, kind: "plan", planKey: row.plan_key, period: row.period, tickets: Number(row.tickets), invoiceNumber: row.invoice_number ?? "" };
    }
    return row.number ? { ...base, kind: "order", orderNumber: row.number, eventName: row.event_name ?? "" } : null;
  }

  /** The test page's buttons: the payment's outcome, once. Returns what it pays for. */
  async decide(paymentId: string, outcome: "paid" | "failed" | "abandoned"): Promise<(TestPaymentSubject & { changed: boolean }) | null> {
    const rows = await this.database.rows<{ order_id: string | null; plan_purchase_id: string | null }>(sql`
      update test_payments set status = ${outcome} where id = ${paymentId} and status = 'open' returning order_id, plan_purchase_id`);
    if (rows[0]) return { ...subjectOf(rows[0].order_id, rows[0].plan_purchase_id), changed: true };
    const [row] = await this.database.db.select().from(testPayments).where(eq(testPayments.id, paymentId)).limit(1);
    return row ? { ...subjectOf(row.orderId, row.planPurchaseId), changed: false } : null;
  }
}

/** What a test payment pays for. */
export type TestPaymentSubject = { kind: "order"; orderId: string } | { kind: "plan"; planPurchaseId: string };

export type TestPaymentView = { id: string; amountCents: number; status: string } & (
  | { kind: "order"; orderNumber: string; eventName: string }
  | { kind: "plan"; planKey: string; period: "monthly" | "yearly"; tickets: number; invoiceNumber: string }
);

function subjectOf(orderId: string | null, planPurchaseId: string | null): TestPaymentSubject {
  return planPurchaseId ? { kind: "plan", planPurchaseId } : { kind: "order", orderId: orderId! };
}
