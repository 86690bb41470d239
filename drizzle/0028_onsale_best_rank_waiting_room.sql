CREATE TABLE "waiting_room_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waiting_room_entries_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	"admission_expires_at" timestamp with time zone,
	CONSTRAINT "waiting_room_entries_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_room_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waiting_room_per_minute" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_inventory" ADD COLUMN "best_rank" integer;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_room_queue_idx" ON "waiting_room_entries" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "waiting_room_admitted_idx" ON "waiting_room_entries" USING btree ("event_id","admitted_at");--> statement-breakpoint
CREATE INDEX "seat_inventory_best_idx" ON "seat_inventory" USING btree ("event_date_id","category_id","best_rank");