ALTER TABLE "seat_inventory" ADD COLUMN "best_rank" integer;--> statement-breakpoint
CREATE INDEX "seat_inventory_best_idx" ON "seat_inventory" USING btree ("event_date_id","category_id","best_rank");