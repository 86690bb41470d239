CREATE TYPE "public"."box_office_print_format" AS ENUM('a4', 'din_long', 'receipt');--> statement-breakpoint
CREATE TABLE "box_office_sales" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"shift_id" uuid NOT NULL,
	"organiser_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"cash_given_cents" integer,
	"change_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "box_office_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"organiser_id" uuid NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"print_format" "box_office_print_format" DEFAULT 'a4' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_fee_range" CHECK ("box_office_settings"."fee_cents" >= 0 and "box_office_settings"."fee_cents" <= 100000)
);
--> statement-breakpoint
CREATE TABLE "box_office_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"starting_cash_cents" integer NOT NULL,
	"counted_cash_cents" integer,
	"report" jsonb,
	CONSTRAINT "box_office_shifts_cash" CHECK ("box_office_shifts"."starting_cash_cents" >= 0 and ("box_office_shifts"."counted_cash_cents" is null or "box_office_shifts"."counted_cash_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "box_office_sales" ADD CONSTRAINT "box_office_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_sales" ADD CONSTRAINT "box_office_sales_shift_id_box_office_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."box_office_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_sales" ADD CONSTRAINT "box_office_sales_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_settings" ADD CONSTRAINT "box_office_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_settings" ADD CONSTRAINT "box_office_settings_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_sales_key_unique" ON "box_office_sales" USING btree ("organiser_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "box_office_sales_shift_idx" ON "box_office_sales" USING btree ("shift_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_shifts_one_open" ON "box_office_shifts" USING btree ("user_id") WHERE "box_office_shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "box_office_shifts_organiser_idx" ON "box_office_shifts" USING btree ("organiser_id","opened_at");