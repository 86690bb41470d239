CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."invoice_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."line_cancel_reason" AS ENUM('organiser', 'event_cancelled', 'date_changed', 'payment_lost');--> statement-breakpoint
CREATE TYPE "public"."order_channel" AS ENUM('online', 'box_office', 'reseller');--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"organiser_id" uuid NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"counter" integer NOT NULL,
	"refers_to_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"locale" "locale" NOT NULL,
	"seller" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"vat" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_orderId_unique";--> statement-breakpoint
DROP INDEX "refunds_payment_unique";--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancel_reason" "line_cancel_reason";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replaces_line_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" "order_channel" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(number || ' ' || coalesce(buyer->>'firstName', '') || ' ' || coalesce(buyer->>'lastName', '') || ' ' || buyer_email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_refers_to_id_order_invoices_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."order_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_counters_pk" ON "invoice_counters" USING btree ("organiser_id","kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_number_unique" ON "order_invoices" USING btree ("organiser_id","kind","year","counter");--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_one_per_order" ON "order_invoices" USING btree ("order_id") WHERE "order_invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "order_invoices_order_idx" ON "order_invoices" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_replaces_line_id_order_lines_id_fk" FOREIGN KEY ("replaces_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mails_order_idx" ON "outbox_mails" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_replaces_unique" ON "order_lines" USING btree ("replaces_line_id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_unique" ON "refunds" USING btree ("provider","provider_ref") WHERE "refunds"."order_id" is null;--> statement-breakpoint
UPDATE "order_lines" SET "cancel_reason" = 'event_cancelled', "cancelled_at" = now() WHERE "status" = 'canceled' AND "cancel_reason" IS NULL;