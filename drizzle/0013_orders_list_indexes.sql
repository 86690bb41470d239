DROP INDEX "orders_organiser_idx";--> statement-breakpoint
CREATE INDEX "orders_organiser_scope_idx" ON "orders" USING btree ("organiser_id","scope_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_organiser_event_idx" ON "orders" USING btree ("organiser_id","event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_organiser_status_idx" ON "orders" USING btree ("organiser_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_organiser_method_idx" ON "orders" USING btree ("organiser_id","payment_method","created_at");--> statement-breakpoint
CREATE INDEX "orders_organiser_channel_idx" ON "orders" USING btree ("organiser_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "orders_organiser_total_idx" ON "orders" USING btree ("organiser_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_organiser_number_idx" ON "orders" USING btree ("organiser_id","number");--> statement-breakpoint
CREATE INDEX "orders_organiser_buyer_idx" ON "orders" USING btree ("organiser_id",lower(coalesce("buyer"->>'lastName', '') || ' ' || coalesce("buyer"->>'firstName', '')),"id");--> statement-breakpoint
CREATE INDEX "orders_organiser_idx" ON "orders" USING btree ("organiser_id","created_at","id");