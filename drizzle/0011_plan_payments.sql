ALTER TABLE "test_payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payments" ADD COLUMN "plan_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "test_payments" ADD CONSTRAINT "test_payments_plan_purchase_id_plan_purchases_id_fk" FOREIGN KEY ("plan_purchase_id") REFERENCES "public"."plan_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payments" ADD CONSTRAINT "test_payments_one_subject" CHECK (("test_payments"."order_id" is null) <> ("test_payments"."plan_purchase_id" is null));