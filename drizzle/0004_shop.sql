CREATE TYPE "public"."cart_state" AS ENUM('active', 'checked_out', 'released', 'expired');--> statement-breakpoint
CREATE TABLE "cart_counts" (
	"cart_id" uuid NOT NULL,
	"counter_key" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "cart_counts_cart_id_counter_key_pk" PRIMARY KEY("cart_id","counter_key"),
	CONSTRAINT "cart_counts_positive" CHECK ("cart_counts"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"cart_id" uuid NOT NULL,
	"ticket_category_id" uuid NOT NULL,
	"area_id" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "cart_items_cart_id_ticket_category_id_area_id_pk" PRIMARY KEY("cart_id","ticket_category_id","area_id"),
	CONSTRAINT "cart_items_positive" CHECK ("cart_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret_hash" text NOT NULL,
	"event_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"is_season" boolean DEFAULT false NOT NULL,
	"state" "cart_state" DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_inventory" (
	"scope_id" uuid NOT NULL,
	"counter_key" text NOT NULL,
	"event_id" uuid NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quota_inventory_scope_id_counter_key_pk" PRIMARY KEY("scope_id","counter_key"),
	CONSTRAINT "quota_inventory_bounds" CHECK ("quota_inventory"."held" >= 0 and "quota_inventory"."sold" >= 0 and "quota_inventory"."held" + "quota_inventory"."sold" <= "quota_inventory"."capacity")
);
--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD COLUMN "seating_category_id" text;--> statement-breakpoint
ALTER TABLE "seat_inventory" ADD COLUMN "ticket_category_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_counts" ADD CONSTRAINT "cart_counts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_inventory" ADD CONSTRAINT "quota_inventory_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_expiry_idx" ON "carts" USING btree ("state","expires_at");