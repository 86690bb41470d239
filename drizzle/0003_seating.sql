CREATE TYPE "public"."active_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."seat_status" AS ENUM('FREE', 'SOLD', 'PAYMENT_PENDING', 'BLOCKED', 'SEASON_BLOCKED', 'SEASON_SOLD');--> statement-breakpoint
CREATE TYPE "public"."stadium_type" AS ENUM('daily', 'seasonal', 'daily_from_season');--> statement-breakpoint
CREATE TABLE "area_inventory" (
	"event_date_id" uuid NOT NULL,
	"area_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"category_id" text,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "area_inventory_event_date_id_area_id_pk" PRIMARY KEY("event_date_id","area_id"),
	CONSTRAINT "area_inventory_bounds" CHECK ("area_inventory"."held" >= 0 and "area_inventory"."sold" >= 0 and "area_inventory"."held" + "area_inventory"."sold" <= "area_inventory"."capacity")
);
--> statement-breakpoint
CREATE TABLE "event_seating" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_inventory" (
	"event_date_id" uuid NOT NULL,
	"seat_key" text NOT NULL,
	"event_id" uuid NOT NULL,
	"block_id" text NOT NULL,
	"row_label" text NOT NULL,
	"seat_label" text NOT NULL,
	"category_id" text,
	"status" "seat_status" DEFAULT 'FREE' NOT NULL,
	"hold_id" uuid,
	"held_until" timestamp with time zone,
	"order_line_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "seat_inventory_event_date_id_seat_key_pk" PRIMARY KEY("event_date_id","seat_key")
);
--> statement-breakpoint
CREATE TABLE "stadium_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"name" text NOT NULL,
	"comment" text,
	"status" "active_status" DEFAULT 'ACTIVE' NOT NULL,
	"type" "stadium_type" DEFAULT 'daily' NOT NULL,
	"layout" jsonb NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"fixed_capacity" integer DEFAULT 0 NOT NULL,
	"free_capacity" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "stadium_template_id" uuid;--> statement-breakpoint
ALTER TABLE "area_inventory" ADD CONSTRAINT "area_inventory_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_template_id_stadium_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."stadium_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_inventory" ADD CONSTRAINT "seat_inventory_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stadium_templates" ADD CONSTRAINT "stadium_templates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_inventory_hold_idx" ON "seat_inventory" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "seat_inventory_status_idx" ON "seat_inventory" USING btree ("event_date_id","status");--> statement-breakpoint
CREATE INDEX "stadium_templates_organiser_idx" ON "stadium_templates" USING btree ("organiser_id");