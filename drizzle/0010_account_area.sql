CREATE TYPE "public"."invoice_status" AS ENUM('unpaid', 'paid');--> statement-breakpoint
CREATE TYPE "public"."plan_purchase_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
ALTER TYPE "public"."auth_token_kind" ADD VALUE 'email_change';--> statement-breakpoint
ALTER TYPE "public"."verification_state" ADD VALUE 'rejected';--> statement-breakpoint
CREATE SEQUENCE "public"."platform_invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contingent_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"source_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organiser_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"plan_key" text NOT NULL,
	"period" "plan_kind" NOT NULL,
	"tickets" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "plan_purchase_status" DEFAULT 'pending' NOT NULL,
	"provider" text,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"number" text NOT NULL,
	"item" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"status" "invoice_status" DEFAULT 'unpaid' NOT NULL,
	"plan_purchase_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "logo_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "notification_settings" jsonb DEFAULT '{"newOrder":true,"dailySummary":false,"soldOut":true,"payoutState":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "daily_summary_sent_on" date;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "verification_note" text;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "verification_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisers" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "contingent_entries" ADD CONSTRAINT "contingent_entries_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_documents" ADD CONSTRAINT "organiser_documents_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_plan_purchase_id_plan_purchases_id_fk" FOREIGN KEY ("plan_purchase_id") REFERENCES "public"."plan_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contingent_entries_organiser_idx" ON "contingent_entries" USING btree ("organiser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contingent_entries_source_unique" ON "contingent_entries" USING btree ("reason","source_id");--> statement-breakpoint
CREATE INDEX "organiser_documents_organiser_idx" ON "organiser_documents" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "plan_purchases_organiser_idx" ON "plan_purchases" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_idempotency_unique" ON "plan_purchases" USING btree ("organiser_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_number_unique" ON "platform_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_purchase_unique" ON "platform_invoices" USING btree ("plan_purchase_id");--> statement-breakpoint
CREATE INDEX "platform_invoices_organiser_idx" ON "platform_invoices" USING btree ("organiser_id","issued_at");--> statement-breakpoint
ALTER TABLE "organisers" ADD CONSTRAINT "organisers_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "contingent_entries" ("organiser_id", "delta", "reason") SELECT "id", "ticket_contingent", 'opening_balance' FROM "organisers" WHERE "ticket_contingent" <> 0;
