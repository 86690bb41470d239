CREATE TYPE "public"."chargeback_status" AS ENUM('open', 'won', 'lost');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'accepted', 'refused');--> statement-breakpoint
CREATE TABLE "chargebacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"status" chargeback_status DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "chargebacks_amount_positive" CHECK ("chargebacks"."amount_cents" > 0 and "chargebacks"."fee_cents" >= 0 and "chargebacks"."fee_cents" <= "chargebacks"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"requested_by" uuid,
	"amount_cents" integer NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"method" text DEFAULT 'bank_transfer' NOT NULL,
	"bank_name" text,
	"account_number" text NOT NULL,
	"bic" text,
	"idempotency_key" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"payout_reference" text,
	"refusal_reason" text,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_decided" CHECK (("withdrawals"."status" = 'pending') = ("withdrawals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chargebacks" ADD CONSTRAINT "chargebacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chargebacks_dispute_unique" ON "chargebacks" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "chargebacks_order_idx" ON "chargebacks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawals_organiser_idx" ON "withdrawals" USING btree ("organiser_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("requested_at") WHERE "withdrawals"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_key_unique" ON "withdrawals" USING btree ("organiser_id","idempotency_key");--> statement-breakpoint
-- Refunds made before this migration: the service fees they gave back (decision 024): a whole
-- order's refund the order's fees, a partial one the fee of each chargeable ticket it names.
UPDATE "refunds" r SET "fee_cents" = least(r.amount_cents, coalesce((o.amounts->>'feesCents')::int, 0))
  FROM "orders" o WHERE o.id = r.order_id AND r.line_ids = '[]'::jsonb;--> statement-breakpoint
UPDATE "refunds" r SET "fee_cents" = least(r.amount_cents, (
    SELECT count(*)::int * 100 FROM "order_lines" l
    WHERE l.order_id = r.order_id AND l.total_cents > 0 AND l.id::text IN (SELECT jsonb_array_elements_text(r.line_ids))))
  FROM "orders" o WHERE o.id = r.order_id AND r.line_ids <> '[]'::jsonb AND coalesce((o.amounts->>'feesCents')::int, 0) > 0;
