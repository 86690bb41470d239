ALTER TYPE "public"."line_cancel_reason" ADD VALUE 'print_voided';--> statement-breakpoint
ALTER TYPE "public"."order_channel" ADD VALUE 'hard_ticket';--> statement-breakpoint
CREATE TABLE "event_sponsors" (
	"event_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_sponsors_event_id_upload_id_pk" PRIMARY KEY("event_id","upload_id"),
	CONSTRAINT "event_sponsors_position" CHECK ("event_sponsors"."position" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "hard_ticket_activations" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"organiser_id" uuid NOT NULL,
	"print_run_id" uuid NOT NULL,
	"activated_by" uuid,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_method" "payment_method",
	"price_cents" integer,
	CONSTRAINT "hard_ticket_activations_price" CHECK ("hard_ticket_activations"."price_cents" is null or "hard_ticket_activations"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "print_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"ticket_category_id" uuid,
	"order_id" uuid NOT NULL,
	"tickets" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	CONSTRAINT "print_runs_tickets_positive" CHECK ("print_runs"."tickets" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD CONSTRAINT "event_sponsors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sponsors" ADD CONSTRAINT "event_sponsors_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hard_ticket_activations" ADD CONSTRAINT "hard_ticket_activations_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hard_ticket_activations" ADD CONSTRAINT "hard_ticket_activations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hard_ticket_activations" ADD CONSTRAINT "hard_ticket_activations_print_run_id_print_runs_id_fk" FOREIGN KEY ("print_run_id") REFERENCES "public"."print_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hard_ticket_activations" ADD CONSTRAINT "hard_ticket_activations_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_runs" ADD CONSTRAINT "print_runs_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_runs" ADD CONSTRAINT "print_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_runs" ADD CONSTRAINT "print_runs_ticket_category_id_ticket_categories_id_fk" FOREIGN KEY ("ticket_category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_runs" ADD CONSTRAINT "print_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_runs" ADD CONSTRAINT "print_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_runs" ADD CONSTRAINT "print_runs_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hard_ticket_activations_run_idx" ON "hard_ticket_activations" USING btree ("print_run_id");--> statement-breakpoint
CREATE INDEX "print_runs_organiser_idx" ON "print_runs" USING btree ("organiser_id","created_at");--> statement-breakpoint
CREATE INDEX "print_runs_order_idx" ON "print_runs" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "print_runs_idempotency_unique" ON "print_runs" USING btree ("organiser_id","idempotency_key");