ALTER TABLE "carts" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "carts_active_address_idx" ON "carts" USING btree ("client_address") WHERE "carts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "carts_active_device_idx" ON "carts" USING btree ("device_id") WHERE "carts"."state" = 'active';