CREATE TABLE "dashboard_figure_cache" (
	"organiser_id" uuid NOT NULL,
	"period" text NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"stamp" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL,
	CONSTRAINT "dashboard_figure_cache_organiser_id_period_pk" PRIMARY KEY("organiser_id","period")
);
--> statement-breakpoint
ALTER TABLE "dashboard_figure_cache" ADD CONSTRAINT "dashboard_figure_cache_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_cancelled_idx" ON "order_lines" USING btree ("cancelled_at") WHERE "order_lines"."cancelled_at" is not null;