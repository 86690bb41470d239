CREATE TYPE "public"."event_status" AS ENUM('draft', 'scheduled', 'published', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('REGULAR', 'SEASONAL', 'SEASON_CHILD');--> statement-breakpoint
CREATE TYPE "public"."event_visibility" AS ENUM('public', 'hidden', 'code');--> statement-breakpoint
CREATE TYPE "public"."publish_option" AS ENUM('draft', 'later', 'now');--> statement-breakpoint
CREATE TYPE "public"."seating_mode" AS ENUM('free', 'template');--> statement-breakpoint
CREATE TYPE "public"."ticket_applies_to" AS ENUM('boxoffice', 'boxoffice_online');--> statement-breakpoint
CREATE TYPE "public"."ticket_kind" AS ENUM('chargeable', 'free');--> statement-breakpoint
CREATE TYPE "public"."ticket_sale_end" AS ENUM('event_end', 'at');--> statement-breakpoint
CREATE TYPE "public"."ticket_sale_start" AS ENUM('on_release', 'at');--> statement-breakpoint
CREATE TYPE "public"."ticket_selectability" AS ENUM('always', 'with_other_selected', 'other_sold_out');--> statement-breakpoint
CREATE TYPE "public"."ticket_visibility" AS ENUM('always', 'with_other_selected');--> statement-breakpoint
CREATE TABLE "event_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organiser_id" uuid NOT NULL,
	"local_date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_additional" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"type" "event_type" DEFAULT 'REGULAR' NOT NULL,
	"season_id" uuid,
	"status" "event_status" DEFAULT 'draft' NOT NULL,
	"publish_option" "publish_option" DEFAULT 'draft' NOT NULL,
	"publication_date" timestamp with time zone,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"wizard_step" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"subcategory" text,
	"address" text,
	"address_addition" text,
	"city" text,
	"zip" text,
	"country" text,
	"time_zone" text DEFAULT 'Europe/Berlin' NOT NULL,
	"schedule" jsonb,
	"image_id" uuid,
	"media_image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"youtube_url" text,
	"description_html" text,
	"faq" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"daily_attendee_limit" integer,
	"vat_rate_bp" integer DEFAULT 1900 NOT NULL,
	"participant_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" "event_visibility" DEFAULT 'public' NOT NULL,
	"access_code" text,
	"seating_mode" "seating_mode" DEFAULT 'free' NOT NULL,
	"season_start" text,
	"season_sale_end" timestamp with time zone,
	"daily_season_ticket_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organiser_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" "ticket_kind" DEFAULT 'chargeable' NOT NULL,
	"area" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"daily_quantity" integer NOT NULL,
	"seats_per_ticket" integer DEFAULT 1 NOT NULL,
	"booking_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"web_description" text,
	"pdf_description" text,
	"sale_start_mode" "ticket_sale_start" DEFAULT 'on_release' NOT NULL,
	"sale_start_at" timestamp with time zone,
	"sale_end_mode" "ticket_sale_end" DEFAULT 'event_end' NOT NULL,
	"sale_end_at" timestamp with time zone,
	"validity_start_time" text,
	"validity_end_time" text,
	"visibility" "ticket_visibility" DEFAULT 'always' NOT NULL,
	"selectability" "ticket_selectability" DEFAULT 'always' NOT NULL,
	"condition_category_id" uuid,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 20 NOT NULL,
	"show_remaining" boolean DEFAULT false NOT NULL,
	"applies_to" "ticket_applies_to" DEFAULT 'boxoffice_online' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_season_id_events_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_id_uploads_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_condition_category_id_ticket_categories_id_fk" FOREIGN KEY ("condition_category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_dates_event_start_unique" ON "event_dates" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_dates_starts_idx" ON "event_dates" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_organiser_idx" ON "events" USING btree ("organiser_id","status");--> statement-breakpoint
CREATE INDEX "events_season_idx" ON "events" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "events_publication_idx" ON "events" USING btree ("status","publication_date");--> statement-breakpoint
CREATE INDEX "ticket_categories_event_idx" ON "ticket_categories" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE INDEX "uploads_organiser_idx" ON "uploads" USING btree ("organiser_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;