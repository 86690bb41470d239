-- Check-in devices fetch the ticket lines of a date that changed since their last look (issue 18,
-- decision 018). Every path that changes a line, or the state of its order, stamps the line:
-- one trigger each, so no writer can forget it.
CREATE OR REPLACE FUNCTION order_lines_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := clock_timestamp();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_lines_touch BEFORE UPDATE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_lines_touch();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_touch_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines SET changed_at = clock_timestamp() WHERE order_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_touch_lines AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_touch_lines();
