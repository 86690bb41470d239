import { deflateSync, crc32 } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { txRows } from "../../../server/db/sql";
import { renderMail } from "../../../server/mail/templates";
import { issueOrderInvoice } from "../../../server/modules/orders/invoices/issue";
import { storeImageUpload } from "../../../server/storage/uploads";

/**
 * The mail bench's data: one organiser with a logo, one published event with a photo and two
 * sponsors' logos (the pictures of tests/integration/ticket-pdf-design.test.ts: a 1600 x 900 PNG
 * photo, a 360 x 120 PNG logo with transparency; none with `pictures` false, as the demo's
 * events), one date, and `orders` valid orders of 2
 * seats each, each with its invoice. Their confirmation mails (the real template, rendered in
 * the buyer's language, with the tickets and the invoice attached as the sale attaches them)
 * are kept in `bench_confirmations`, numbered 0..n-1, to be put in the outbox when the bench
 * says their orders are made.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG (RGB or RGBA) whose pixel (x, y) is `paint(x, y)`. */
export function png(width: number, height: number, alpha: boolean, paint: (x: number, y: number) => number[]): Buffer {
  const channels = alpha ? 4 : 3;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  const raw = Buffer.alloc(height * (1 + width * channels));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(paint(x, y), y * (1 + width * channels) + 1 + x * channels);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** An evening sky over a crowd with three stage lights (16:9). */
function eventPhoto(): Buffer {
  const lights = [
    [380, 260],
    [800, 200],
    [1220, 260],
  ];
  return png(1600, 900, false, (x, y) => {
    const v = y / 900;
    let rgb = [30 + 200 * v, 40 + 80 * v, 110 - 40 * v];
    for (const [lx, ly] of lights) {
      const glow = Math.max(0, 1 - Math.hypot(x - lx!, y - ly!) / 260);
      rgb = rgb.map((c, i) => c + glow * glow * [255, 220, 150][i]!);
    }
    if (y > 720 + 30 * Math.sin(x / 40)) rgb = [20, 18, 30];
    return rgb.map((c) => Math.min(255, Math.round(c)));
  });
}

/** A round mark and a bar on transparent ground. */
function logo(color: number[]): Buffer {
  return png(360, 120, true, (x, y) => {
    if (Math.hypot(x - 60, y - 60) < 52) return [...color, 255];
    if (x > 130 && x < 350 && y > 42 && y < 78) return [40, 40, 48, 255];
    return [255, 255, 255, 0];
  });
}

export type MailSeed = { organiserId: string; eventId: string; dateId: string; orders: number };

export async function seedMailBench(database: Database, uploadDir: string, orders: number, log: (msg: string) => void, pictures = true): Promise<MailSeed> {
  const db = database.db;
  const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await txRows<T>(db, q))[0]!;
  const { id: organiserId } = await one<{ id: string }>(
    sql`insert into organisers (name, address, zip_code, city, country, vat_id)
        values ('Bench Concerts GmbH', 'Musterstraße 1', '10115', 'Berlin', 'DE', 'DE123456789') returning id::text`,
  );
  const { id: eventId } = await one<{ id: string }>(
    sql`insert into events (organiser_id, name, status, type, published_at, address, zip, city)
        values (${organiserId}, 'Bench Open Air: The Big On-Sale Night', 'published', 'REGULAR', now(), 'Stadionallee 1', '10115', 'Berlin')
        returning id::text`,
  );
  if (pictures) {
    const logoUpload = await storeImageUpload(db, uploadDir, { organiserId, kind: "organiser_logo", data: logo([200, 40, 60]) });
    const photo = await storeImageUpload(db, uploadDir, { organiserId, kind: "event_image", data: eventPhoto() });
    await txRows(db, sql`update organisers set logo_upload_id = ${logoUpload.id} where id = ${organiserId}`);
    await txRows(db, sql`update events set image_id = ${photo.id} where id = ${eventId}`);
    for (const [position, color] of [[40, 120, 200], [30, 160, 90]].entries()) {
      const sponsor = await storeImageUpload(db, uploadDir, { organiserId, kind: "sponsor_logo", data: logo(color) });
      await txRows(db, sql`insert into event_sponsors (event_id, upload_id, position) values (${eventId}, ${sponsor.id}, ${position})`);
    }
  }
  const { id: dateId } = await one<{ id: string }>(
    sql`insert into event_dates (event_id, organiser_id, local_date, starts_at, ends_at)
        values (${eventId}, ${organiserId}, to_char(now() + interval '30 days', 'YYYY-MM-DD'),
          date_trunc('day', now()) + interval '30 days 19 hours', date_trunc('day', now()) + interval '30 days 23 hours')
        returning id::text`,
  );
  const { id: categoryId } = await one<{ id: string }>(
    sql`insert into ticket_categories (event_id, organiser_id, name, price_cents, daily_quantity, pdf_description)
        values (${eventId}, ${organiserId}, 'Seated, category 1', 4900, 20000,
          'Doors open at 17:30. Bags larger than A4 are not allowed; please use the cloakroom at the east entrance.')
        returning id::text`,
  );

  log(`seeding ${orders.toLocaleString("en-US")} orders of 2 seats each`);
  await txRows(
    db,
    sql`insert into orders (number, organiser_id, event_id, scope_id, is_season, idempotency_key, status, buyer, buyer_email, locale, amounts, total_cents,
          payment_method, channel, provider, provider_ref, paid_at)
        select upper(substr(md5(i::text), 1, 4)) || '-' || upper(lpad(to_hex(i), 4, '0')), ${organiserId}::uuid, ${eventId}::uuid, ${dateId}::uuid, false,
          'bench-mail-' || i, 'valid',
          jsonb_build_object('firstName', 'Buyer', 'lastName', 'Number ' || i, 'email', 'buyer-' || i || '@bench.example'),
          'buyer-' || i || '@bench.example', (case when i % 4 = 0 then 'en' else 'de' end)::locale,
          jsonb_build_object('ticketsCents', 9800, 'optionsCents', 0, 'feesCents', 0, 'discountCents', 0, 'vatCents', 1565, 'totalCents', 9800,
            'vat', jsonb_build_array(jsonb_build_object('rateBp', 1900, 'vatCents', 1565))),
          9800, 'online', 'online', 'test', 'bench-pay-' || i, now()
        from generate_series(0, ${orders - 1}::int) i`,
  );
  await txRows(
    db,
    sql`insert into order_lines (order_id, event_id, scope_id, ticket_category_id, category_name, seat_keys, place_labels, price_cents, total_cents, vat_rate_bp, vat_cents)
        select o.id, o.event_id, o.scope_id, ${categoryId}::uuid, 'Seated, category 1',
          jsonb_build_array('B' || n / 1000 || ':' || (n / 40) % 25 || ':' || n % 40),
          jsonb_build_array('Block ' || chr(65 + n / 1000) || '|' || (1 + (n / 40) % 25) || '|' || (1 + n % 40)),
          4900, 4900, 1900, 782
        from orders o cross join generate_series(0, 1) k
        cross join lateral (select (substr(o.idempotency_key, 12)::int * 2 + k) % 20000 as n) s
        where o.event_id = ${eventId}`,
  );

  log("issuing the invoices");
  const ids = await txRows<{ id: string }>(db, sql`select id::text from orders where event_id = ${eventId} order by idempotency_key`);
  // Four at a time: each invoice takes its organiser's counter row until its statement commits.
  for (let i = 0; i < ids.length; i += 4) await Promise.all(ids.slice(i, i + 4).map((o) => issueOrderInvoice(db, o.id)));

  log("writing the confirmation mails");
  await txRows(
    db,
    sql`create table bench_confirmations (n int primary key, "to" text not null, locale locale not null, subject text not null, text text not null, html text not null, attachments jsonb not null, order_id uuid not null)`,
  );
  const rows = await txRows<{ id: string; number: string; locale: "de" | "en"; email: string; invoice_id: string; i: number }>(
    db,
    sql`select o.id::text, o.number, o.locale, o.buyer_email as email, v.id::text as invoice_id, substr(o.idempotency_key, 12)::int as i
        from orders o join order_invoices v on v.order_id = o.id and v.kind = 'invoice' where o.event_id = ${eventId} order by i`,
  );
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows.slice(start, start + 500).map((o) => {
      const mail = renderMail(o.locale, {
        template: "order_confirmation",
        name: `Buyer Number ${o.i}`,
        event: "Bench Open Air: The Big On-Sale Night",
        date: "Saturday, 26 December 2026 at 19:00",
        number: o.number,
        tickets: 2,
        total: o.locale === "de" ? "98,00 €" : "€98.00",
        link: `http://localhost:3000/order/${o.id}`,
      });
      const attachments = JSON.stringify([
        { kind: "order_tickets", orderId: o.id },
        { kind: "order_invoice", invoiceId: o.invoice_id },
      ]);
      return sql`(${o.i}, ${o.email}, ${o.locale}::locale, ${mail.subject}, ${mail.text}, ${mail.html}, ${attachments}::jsonb, ${o.id}::uuid)`;
    });
    await txRows(db, sql`insert into bench_confirmations values ${sql.join(values, sql`, `)}`);
  }
  await txRows(db, sql`vacuum analyze`);
  return { organiserId, eventId, dateId, orders: rows.length };
}

/**
 * Puts the confirmations n in [from, to) into the outbox as if their orders were made now (n
 * past the orders seeded repeats them); each gets its own address (`r{round}.{n}.` + the
 * buyer's) so every delivery is told apart.
 */
export async function enqueueConfirmations(database: Database, round: number, from: number, to: number, orders: number): Promise<number> {
  const rows = await txRows<{ n: number }>(
    database.db,
    sql`insert into outbox_mails ("to", locale, template, subject, text, html, attachments, order_id)
        select ${`r${round}.`} || g || '.' || c."to", c.locale, 'order_confirmation', c.subject, c.text, c.html, c.attachments, c.order_id
        from generate_series(${from}::int, ${to - 1}::int) g join bench_confirmations c on c.n = g % ${orders}::int
        returning 1 as n`,
  );
  return rows.length;
}
