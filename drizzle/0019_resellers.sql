CREATE TABLE "reseller_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organiser_id" uuid NOT NULL,
	"reseller_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_date_id" uuid NOT NULL,
	"cart_id" uuid NOT NULL,
	"return_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organiser_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"mobile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_tickets" (
	"reseller_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_category_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "reseller_tickets_reseller_id_ticket_category_id_pk" PRIMARY KEY("reseller_id","ticket_category_id"),
	CONSTRAINT "reseller_tickets_price" CHECK ("reseller_tickets"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "reseller_allocations" ADD CONSTRAINT "reseller_allocations_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_allocations" ADD CONSTRAINT "reseller_allocations_reseller_id_users_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_allocations" ADD CONSTRAINT "reseller_allocations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_allocations" ADD CONSTRAINT "reseller_allocations_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_allocations" ADD CONSTRAINT "reseller_allocations_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_profiles" ADD CONSTRAINT "reseller_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_profiles" ADD CONSTRAINT "reseller_profiles_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_tickets" ADD CONSTRAINT "reseller_tickets_reseller_id_users_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_tickets" ADD CONSTRAINT "reseller_tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_tickets" ADD CONSTRAINT "reseller_tickets_ticket_category_id_ticket_categories_id_fk" FOREIGN KEY ("ticket_category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_allocations_reseller_date" ON "reseller_allocations" USING btree ("reseller_id","event_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_allocations_cart" ON "reseller_allocations" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "reseller_allocations_date_idx" ON "reseller_allocations" USING btree ("event_date_id");--> statement-breakpoint
CREATE INDEX "reseller_profiles_organiser_idx" ON "reseller_profiles" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "reseller_tickets_event_idx" ON "reseller_tickets" USING btree ("event_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reseller_id_users_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_reseller_idx" ON "orders" USING btree ("reseller_id","created_at") WHERE "orders"."reseller_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reseller_key_unique" ON "orders" USING btree ("reseller_id","idempotency_key") WHERE "orders"."reseller_id" is not null;