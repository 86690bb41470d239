DROP INDEX "seat_inventory_best_open_idx";--> statement-breakpoint
DROP INDEX "seat_inventory_best_runs_idx";--> statement-breakpoint
CREATE INDEX "seat_inventory_best_free_idx" ON "seat_inventory" USING btree ("event_date_id","category_id","best_rank") WHERE "seat_inventory"."status" = 'FREE';--> statement-breakpoint
CREATE INDEX "seat_inventory_best_free_runs_idx" ON "seat_inventory" USING btree ("event_date_id","category_id","best_rank") WHERE "seat_inventory"."status" = 'FREE' and not "seat_inventory"."lone";--> statement-breakpoint
CREATE INDEX "seat_inventory_held_until_idx" ON "seat_inventory" USING btree ("event_date_id","held_until") WHERE "seat_inventory"."status" in ('PAYMENT_PENDING', 'SEASON_BLOCKED');