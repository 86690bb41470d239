/** Seeding the check-in benchmark's database with set-based SQL: organiser, event, today's date, ticket lines, gate staff. */
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { txRows } from "../../../server/db/sql";
import { hashPassword } from "../../../server/lib/password";
import { GATES, LINES, log, PASSWORD } from "./config";

export type Seeded = { organiserId: string; eventId: string; dateId: string; usernames: string[] };

export async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await txRows<T>(db, q))[0]!;
  const { id: organiserId } = await one<{ id: string }>(sql`insert into organisers (name) values ('Bench Organiser') returning id::text`);
  const { id: eventId } = await one<{ id: string }>(
    sql`insert into events (organiser_id, name, status, type, published_at, time_zone)
        values (${organiserId}, 'Bench Match', 'published', 'REGULAR', now() - interval '30 days', 'Europe/Berlin') returning id::text`,
  );
  // Today's date in the event's time zone, doors open: started an hour ago, ends in three.
  const { id: dateId } = await one<{ id: string }>(
    sql`insert into event_dates (event_id, organiser_id, local_date, starts_at, ends_at)
        values (${eventId}, ${organiserId}, to_char(now() at time zone 'Europe/Berlin', 'YYYY-MM-DD'), now() - interval '1 hour', now() + interval '3 hours')
        returning id::text`,
  );
  // Orders of 1-4 lines (2.5 on average) until LINES lines: order i has 1 + i % 4.
  const orders = Math.ceil(LINES / 2.5) + 4;
  await txRows(
    db,
    sql`insert into orders (number, organiser_id, event_id, scope_id, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
          payment_method, channel, provider, provider_ref, paid_at, created_at)
        select upper(substr(md5(i::text), 1, 4)) || '-' || upper(lpad(to_hex(i), 4, '0')), ${organiserId}::uuid, ${eventId}::uuid, ${dateId}::uuid, 'bench-' || i, 'valid',
          jsonb_build_object('firstName', 'Fan' || i, 'lastName', 'Bench' || (i % 997), 'email', 'fan' || i || '@example.com'),
          'fan' || i || '@example.com', 'de',
          jsonb_build_object('ticketsCents', tot, 'optionsCents', 0, 'feesCents', 0, 'discountCents', 0, 'vatCents', round(tot * 19 / 119.0)::int, 'totalCents', tot,
            'vat', jsonb_build_array(jsonb_build_object('rateBp', 1900, 'vatCents', round(tot * 19 / 119.0)::int))),
          tot, 'online', 'online', 'test', 'bench-pay-' || i, now() - (i * interval '1 minute'), now() - (i * interval '1 minute')
        from generate_series(1, ${orders}::int) i cross join lateral (select (1 + i % 4) * 3000 as tot) a`,
  );
  await txRows(
    db,
    sql`insert into order_lines (order_id, event_id, scope_id, category_name, seat_keys, place_labels, price_cents, total_cents, vat_rate_bp, vat_cents, status, created_at)
        select o.id, o.event_id, o.scope_id, 'Stehplatz Nord', '[]'::jsonb, jsonb_build_array('Block ' || (1 + n % 12) || ', Reihe ' || (1 + n % 25) || ', Platz ' || k),
          3000, 3000, 1900, 479, 'active', o.created_at + k * interval '1 millisecond'
        from (select o.*, row_number() over (order by o.created_at desc, o.id) as n from orders o) o
        cross join lateral generate_series(1, o.total_cents / 3000) k`,
  );
  // Exactly LINES lines: drop the newest surplus.
  await txRows(
    db,
    sql`delete from order_lines where id in (select id from order_lines order by created_at desc, id offset ${LINES}::int)`,
  );
  await txRows(db, sql`delete from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`);
  const passwordHash = await hashPassword(PASSWORD);
  const usernames = Array.from({ length: GATES }, (_, i) => `bench-gate-${i + 1}`);
  for (const [i, username] of usernames.entries()) {
    await txRows(
      db,
      sql`insert into users (username, password_hash, role, status, first_name, last_name, locale, organiser_id, event_id, activated_at)
          values (${username}, ${passwordHash}, 'agent', 'active', 'Gate', ${String(i + 1)}, 'de', ${organiserId}, ${eventId}, now())`,
    );
  }
  log("VACUUM ANALYZE");
  await txRows(db, sql`vacuum analyze`);
  return { organiserId, eventId, dateId, usernames };
}
