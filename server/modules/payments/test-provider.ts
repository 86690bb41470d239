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
      .values({ orderId: input.orderId, amountCents: input.amountCents })
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

  /** What the test page shows: the amount, the order number, the state. */
  async get(paymentId: string) {
    const rows = await this.database.rows<{ id: string; amount_cents: number; status: string; number: string; event_name: string; order_id: string }>(sql`
      select p.id, p.amount_cents, p.status, o.number, e.name as event_name, o.id as order_id
      from test_payments p join orders o on o.id = p.order_id join events e on e.id = o.event_id where p.id = ${paymentId}`);
    const row = rows[0];
    return row ? { id: row.id, amountCents: Number(row.amount_cents), status: row.status, orderNumber: row.number, eventName: row.event_name } : null;
  }

  /** The test page's buttons: the payment's outcome, once. Returns the order it belongs to. */
  async decide(paymentId: string, outcome: "paid" | "failed" | "abandoned"): Promise<{ orderId: string; changed: boolean } | null> {
    const rows = await this.database.rows<{ order_id: string }>(sql`
      update test_payments set status = ${outcome} where id = ${paymentId} and status = 'open' returning order_id`);
    if (rows[0]) return { orderId: rows[0].order_id, changed: true };
    const [row] = await this.database.db.select().from(testPayments).where(eq(testPayments.id, paymentId)).limit(1);
    return row ? { orderId: row.orderId, changed: false } : null;
  }
}
