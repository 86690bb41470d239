-- Counters are created where capacity is decided (decision 009), no longer when a shop page reads
-- its scope: every scope gets the counters it should have, with what it already holds and sold.
WITH e AS (SELECT id, type, daily_attendee_limit, daily_season_ticket_limit FROM events),
scopes AS (
  SELECT d.id AS scope_id, e.id AS event_id, e.daily_attendee_limit AS lim FROM event_dates d JOIN e ON e.id = d.event_id
  UNION ALL SELECT e.id, e.id, e.daily_season_ticket_limit FROM e WHERE e.type = 'SEASONAL'),
wanted AS (
  SELECT s.scope_id, s.event_id, 'ticket:' || c.id AS k, c.daily_quantity * c.seats_per_ticket AS cap
  FROM scopes s JOIN ticket_categories c ON c.event_id = s.event_id
  UNION ALL SELECT s.scope_id, s.event_id, 'attendees', s.lim FROM scopes s WHERE s.lim IS NOT NULL),
ledger AS (
  SELECT c.scope_id, n.counter_key AS k, sum(n.quantity)::int AS n FROM cart_counts n JOIN carts c ON c.id = n.cart_id
  WHERE n.quantity > 0 GROUP BY 1, 2),
sold_lines AS (
  SELECT l.scope_id, x.k, sum(l.places)::int AS n
  FROM order_lines l JOIN orders o ON o.id = l.order_id
  CROSS JOIN LATERAL (VALUES ('ticket:' || l.ticket_category_id::text), ('attendees'), ('area:' || l.area_id)) AS x(k)
  WHERE o.status = 'valid' AND l.status <> 'canceled' AND x.k IS NOT NULL
  GROUP BY 1, 2)
INSERT INTO quota_inventory (scope_id, counter_key, event_id, capacity, held, sold)
SELECT w.scope_id, w.k, w.event_id, greatest(w.cap, coalesce(h.n, 0) + coalesce(s.n, 0)), coalesce(h.n, 0), coalesce(s.n, 0)
FROM wanted w
LEFT JOIN ledger h ON h.scope_id = w.scope_id AND h.k = w.k
LEFT JOIN sold_lines s ON s.scope_id = w.scope_id AND s.k = w.k
ON CONFLICT (scope_id, counter_key) DO NOTHING;
