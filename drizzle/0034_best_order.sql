DROP INDEX "seat_inventory_best_free_idx";--> statement-breakpoint
DROP INDEX "seat_inventory_best_free_runs_idx";--> statement-breakpoint
ALTER TABLE "seat_inventory" ADD COLUMN "best_order" integer;--> statement-breakpoint
CREATE INDEX "seat_inventory_best_free_idx" ON "seat_inventory" USING btree ("event_date_id","category_id","best_rank","best_order") WHERE "seat_inventory"."status" = 'FREE';--> statement-breakpoint
CREATE INDEX "seat_inventory_best_free_runs_idx" ON "seat_inventory" USING btree ("event_date_id","category_id","best_rank","best_order") WHERE "seat_inventory"."status" = 'FREE' and not "seat_inventory"."lone";