CREATE TYPE "public"."voucher_kind" AS ENUM('fixed', 'percent');--> statement-breakpoint
CREATE TYPE "public"."voucher_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."voucher_use_state" AS ENUM('reserved', 'redeemed', 'released');--> statement-breakpoint
CREATE TABLE "voucher_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voucher_id" uuid NOT NULL,
	"cart_id" uuid,
	"order_id" uuid,
	"state" "voucher_use_state" DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" "voucher_kind" NOT NULL,
	"value" integer NOT NULL,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"max_order_cents" integer NOT NULL,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"reserved_count" integer DEFAULT 0 NOT NULL,
	"ticket_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seat_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "voucher_status" DEFAULT 'active' NOT NULL,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_value_range" CHECK ("vouchers"."value" > 0 and ("vouchers"."kind" <> 'percent' or "vouchers"."value" <= 10000)),
	CONSTRAINT "vouchers_order_range" CHECK ("vouchers"."min_order_cents" >= 0 and "vouchers"."max_order_cents" >= "vouchers"."min_order_cents"),
	CONSTRAINT "vouchers_validity" CHECK ("vouchers"."valid_until" > "vouchers"."valid_from"),
	CONSTRAINT "vouchers_uses_within_limit" CHECK ("vouchers"."used_count" >= 0 and "vouchers"."reserved_count" >= 0 and ("vouchers"."max_uses" is null or "vouchers"."used_count" + "vouchers"."reserved_count" <= "vouchers"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_uses" ADD CONSTRAINT "voucher_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_uses_cart_live_unique" ON "voucher_uses" USING btree ("cart_id") WHERE "voucher_uses"."state" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_uses_order_live_unique" ON "voucher_uses" USING btree ("order_id") WHERE "voucher_uses"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "voucher_uses_voucher_idx" ON "voucher_uses" USING btree ("voucher_id","state");--> statement-breakpoint
CREATE INDEX "voucher_uses_reserved_idx" ON "voucher_uses" USING btree ("created_at") WHERE "voucher_uses"."state" = 'reserved';--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_event_code_unique" ON "vouchers" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_organiser_idx" ON "vouchers" USING btree ("organiser_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vouchers_batch_idx" ON "vouchers" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "orders_voucher_idx" ON "orders" USING btree ("voucher_id") WHERE "orders"."voucher_id" is not null;