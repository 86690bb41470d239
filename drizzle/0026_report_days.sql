CREATE TABLE "report_day_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_day_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organiser_id" uuid NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_day_range" (
	"organiser_id" uuid PRIMARY KEY NOT NULL,
	"from_day" date NOT NULL,
	"until_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sales_days" (
	"organiser_id" uuid NOT NULL,
	"day" date NOT NULL,
	"event_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer NOT NULL,
	"paid_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"tickets" integer NOT NULL,
	"lines_cents" bigint NOT NULL,
	"bo_cents" bigint NOT NULL,
	"refunds_cents" bigint NOT NULL,
	CONSTRAINT "report_sales_days_organiser_id_day_event_id_channel_payment_method_pk" PRIMARY KEY("organiser_id","day","event_id","channel","payment_method")
);
--> statement-breakpoint
CREATE TABLE "report_ticket_days" (
	"organiser_id" uuid NOT NULL,
	"day" date NOT NULL,
	"order_event_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"category_name" text NOT NULL,
	"sold" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"shown" integer NOT NULL,
	"list_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"lines_cents" bigint NOT NULL,
	"bo_cents" bigint NOT NULL,
	CONSTRAINT "report_ticket_days_organiser_id_day_order_event_id_event_id_category_name_pk" PRIMARY KEY("organiser_id","day","order_event_id","event_id","category_name")
);
--> statement-breakpoint
ALTER TABLE "report_day_range" ADD CONSTRAINT "report_day_range_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sales_days" ADD CONSTRAINT "report_sales_days_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_ticket_days" ADD CONSTRAINT "report_ticket_days_organiser_id_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."organisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_day_marks_organiser_idx" ON "report_day_marks" USING btree ("organiser_id");--> statement-breakpoint
-- Marks for kept report days (decision 025c): a write to an order, ticket line or refund of a day
-- before the writing transaction's own day (in Europe/Berlin, ORDERS_TIME_ZONE) marks that day.
-- Writes of the transaction's own day need no mark: no day is kept while a transaction that
-- started on it or before still runs (server/modules/reports/day-cache.ts).
CREATE FUNCTION report_mark(organiser uuid, at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF organiser IS NOT NULL AND at IS NOT NULL
     AND (at AT TIME ZONE 'Europe/Berlin')::date < (now() AT TIME ZONE 'Europe/Berlin')::date THEN
    INSERT INTO report_day_marks (organiser_id, day) VALUES (organiser, (at AT TIME ZONE 'Europe/Berlin')::date);
  END IF;
END $$;
--> statement-breakpoint
-- An order counts on the day it was paid; its refunds are kept by its event, channel and method.
CREATE FUNCTION report_mark_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM report_mark(OLD.organiser_id, OLD.paid_at);
    IF TG_OP = 'DELETE' OR OLD.event_id IS DISTINCT FROM NEW.event_id OR OLD.channel IS DISTINCT FROM NEW.channel
       OR OLD.payment_method IS DISTINCT FROM NEW.payment_method OR OLD.status IS DISTINCT FROM NEW.status
       OR OLD.organiser_id IS DISTINCT FROM NEW.organiser_id OR OLD.paid_at IS DISTINCT FROM NEW.paid_at THEN
      FOR r IN SELECT done_at FROM refunds WHERE order_id = OLD.id AND status = 'done' LOOP
        PERFORM report_mark(OLD.organiser_id, r.done_at);
        IF TG_OP = 'UPDATE' THEN PERFORM report_mark(NEW.organiser_id, r.done_at); END IF;
      END LOOP;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM report_mark(NEW.organiser_id, NEW.paid_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_report_marks_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.paid_at IS NOT NULL) EXECUTE FUNCTION report_mark_order();
--> statement-breakpoint
CREATE TRIGGER orders_report_marks_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.paid_at IS NOT NULL OR NEW.paid_at IS NOT NULL) AND (
    OLD.paid_at IS DISTINCT FROM NEW.paid_at OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.amounts IS DISTINCT FROM NEW.amounts
    OR OLD.channel IS DISTINCT FROM NEW.channel OR OLD.payment_method IS DISTINCT FROM NEW.payment_method
    OR OLD.event_id IS DISTINCT FROM NEW.event_id OR OLD.organiser_id IS DISTINCT FROM NEW.organiser_id))
  EXECUTE FUNCTION report_mark_order();
--> statement-breakpoint
CREATE TRIGGER orders_report_marks_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.paid_at IS NOT NULL) EXECUTE FUNCTION report_mark_order();
--> statement-breakpoint
-- A ticket line counts on the day its order was paid.
CREATE FUNCTION report_mark_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT organiser_id, paid_at INTO o FROM orders WHERE id = OLD.order_id;
    IF FOUND THEN PERFORM report_mark(o.organiser_id, o.paid_at); END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    SELECT organiser_id, paid_at INTO o FROM orders WHERE id = NEW.order_id;
    IF FOUND THEN PERFORM report_mark(o.organiser_id, o.paid_at); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_lines_report_marks_insert AFTER INSERT ON order_lines FOR EACH ROW EXECUTE FUNCTION report_mark_line();
--> statement-breakpoint
CREATE TRIGGER order_lines_report_marks_update AFTER UPDATE ON order_lines FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
    OR OLD.discount_cents IS DISTINCT FROM NEW.discount_cents OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.category_name IS DISTINCT FROM NEW.category_name OR OLD.event_id IS DISTINCT FROM NEW.event_id
    OR OLD.cancel_reason IS DISTINCT FROM NEW.cancel_reason OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION report_mark_line();
--> statement-breakpoint
CREATE TRIGGER order_lines_report_marks_delete AFTER DELETE ON order_lines FOR EACH ROW EXECUTE FUNCTION report_mark_line();
--> statement-breakpoint
-- A refund counts on the day it was done.
CREATE FUNCTION report_mark_refund() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE org uuid;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'done' THEN
    SELECT organiser_id INTO org FROM orders WHERE id = OLD.order_id;
    PERFORM report_mark(org, OLD.done_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'done' THEN
    SELECT organiser_id INTO org FROM orders WHERE id = NEW.order_id;
    PERFORM report_mark(org, NEW.done_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refunds_report_marks AFTER INSERT OR UPDATE OR DELETE ON refunds FOR EACH ROW EXECUTE FUNCTION report_mark_refund();
