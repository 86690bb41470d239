DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart_idempotency_unique" ON "orders" USING btree ("cart_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_unique" ON "refunds" USING btree ("provider","provider_ref");