CREATE TYPE "public"."checkin_outcome" AS ENUM('admitted', 'conflict');--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_date_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"staff_user_id" uuid,
	"device_id" text NOT NULL,
	"device_label" text NOT NULL,
	"nonce" text NOT NULL,
	"outcome" "checkin_outcome" DEFAULT 'admitted' NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_nonce_unique" ON "checkins" USING btree ("nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_line_date_admitted_unique" ON "checkins" USING btree ("line_id","event_date_id") WHERE "checkins"."outcome" = 'admitted' and "checkins"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "checkins_date_idx" ON "checkins" USING btree ("event_date_id","recorded_at");--> statement-breakpoint
CREATE INDEX "checkins_line_idx" ON "checkins" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "checkins_staff_idx" ON "checkins" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "order_lines_scope_changed_idx" ON "order_lines" USING btree ("scope_id","changed_at");