/**
 * The background export of every ticket line (issue 22 item 3, decision 025b), on PGlite and
 * Postgres: reportExports.start queues it (its SPEC errors before any job: no data for the
 * period or the event, a reversed period; at most two at once), the job writes it in keyset
 * batches with its progress after each, the file parses back with csv-parse to exactly the lines
 * of the counted orders paid in the period (each once, to the cent), only the same organiser
 * reads it, a failure or a right taken away marks it failed, an expired one is deleted with its
 * file, a claim whose lease ran out is taken over. On Postgres: two jobs at once write it once.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18nFor } from "../../server/i18n";
import { processRefunds } from "../../server/modules/orders/jobs";
import { reportExportsFolder } from "../../server/modules/reports/exports/files";
import { deleteExpiredReportExports, processReportExports } from "../../server/modules/reports/exports/worker";
import { emptyPermissionSet } from "../../shared/permissions";
import type { TestClient } from "./helpers/app";
import { createEventVia, ok, signedInTeamMember, validEventStep1 } from "./helpers/events";
import { buySeats, createOrdersApp, linesOf, type OrdersApp, placeSeatOrder } from "./helpers/orders";
import { organiserIdOf } from "./helpers/resellers";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";

const TZ = "Europe/Berlin";
const berlinDay = (d: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: TZ }).format(d);
const today = berlinDay(new Date());
const from = berlinDay(new Date(Date.now() - 10 * 86400_000));

let t: OrdersApp;
let uploadDir: string;
let shop: ShopEvent;
let other: ShopEvent;
let organiserId: string;
let emptyEventId: string;
/** The orders of `shop` that count (paid in the period), in the order they were made. */
const counted: string[] = [];

/** The lines CSV's columns: message ids (linesCsv.*) and English texts. */
const HEADER = [
  ["number", "Order number"], ["paidAt", "Paid at"], ["channel", "Channel"], ["method", "Payment method"], ["event", "Event"], ["date", "Event date"],
  ["category", "Ticket category"], ["place", "Place"], ["price", "Price (EUR)"], ["options", "Booking options"], ["optionsPrice", "Options (EUR)"],
  ["discount", "Discount (EUR)"], ["total", "Total (EUR)"], ["vatRate", "VAT rate (%)"], ["vat", "VAT (EUR)"], ["status", "Status"],
  ["buyerName", "Buyer"], ["buyerEmail", "Email"],
] as const;

type Expected = { number: string; category: string; total: string; status: string; email: string };

/** Every line of the counted orders, read straight from the tables, as the German CSV writes it. */
async function expectedLines(): Promise<Expected[]> {
  const rows = await t.database.rows<{ number: string; category_name: string; total_cents: number; status: string; buyer_email: string }>(
    sql`select o.number, l.category_name, l.total_cents, l.status::text as status, o.buyer_email from order_lines l join orders o on o.id = l.order_id
        where o.id in (${sql.join(counted.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
  const de = i18nFor("de");
  const status: Record<string, string> = {
    active: de._({ id: "linesCsv.status.active", message: "Valid" }),
    canceled: de._({ id: "linesCsv.status.canceled", message: "Cancelled" }),
    checked_in: de._({ id: "linesCsv.status.checkedIn", message: "Checked in" }),
  };
  return rows.map((r) => ({
    number: r.number,
    category: r.category_name,
    total: (Number(r.total_cents) / 100).toFixed(2).replace(".", ","),
    status: status[r.status]!,
    email: r.buyer_email,
  }));
}

const sortKey = (e: Expected) => `${e.number}|${e.category}|${e.total}|${e.status}`;

function downloadVia(client: TestClient, id: string) {
  return client.request({ method: "GET", url: `/api/reports/exports/${id}.csv` });
}

const start = (client: TestClient, input: Partial<{ from: string; to: string; eventId: string | null; lang: "de" | "en" }> = {}) =>
  client.trpc.reportExports.start.mutate({ from, to: today, eventId: null, lang: "de", ...input });

async function row(id: string) {
  const [r] = await t.database.rows<{ status: string; rows_done: number; rows_total: number | null; file_path: string | null; error: string | null; attempts: number }>(
    sql`select status::text, rows_done, rows_total, file_path, error, attempts from report_exports where id = ${id}`,
  );
  return r;
}

/** Finishes whatever is queued (so the next test starts with none running). */
async function drain() {
  await processReportExports(t.deps);
}

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), "report-exports-"));
  t = await createOrdersApp({ LOG_LEVEL: "silent", UPLOAD_DIR: uploadDir });
  shop = await createShopEvent(t);
  other = await createShopEvent(t);
  organiserId = await organiserIdOf(t, shop.eventId);
  const dateId = shop.dateIds[0]!;
  const free = async (category: string) =>
    (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = ${category} order by seat_key`)).map(
      (r) => r.k,
    );
  const pool = { a: await free("a"), b: await free("b") };
  /** `n` seats of one category, from a while it lasts, then b. */
  const take = (n: number) => {
    const key = pool.a.length >= n ? "a" : "b";
    return { category: shop.category(key).id, seats: pool[key].splice(0, n) };
  };
  // Seven orders of 1 to 3 lines; three of them paid at the very same instant (the keyset's tie on paid_at).
  for (const n of [1, 2, 3, 1, 2, 3, 2]) {
    const { category, seats } = take(n);
    counted.push((await buySeats(t, dateId, category, seats)).orderId);
  }
  await t.database.rows(
    sql`update orders set paid_at = now() - interval '1 day' where id in (${sql.join(counted.slice(0, 3).map((id) => sql`${id}::uuid`), sql`, `)}) returning id`,
  );
  // One line cancelled by the organiser (still a line of a counted order, written as cancelled).
  const [line] = await linesOf(t.database, counted[2]!);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: counted[2]!, lineIds: [line!.id] })));
  await processRefunds(t.deps);
  // Not in the export: an order never paid, an order paid before the period, another organiser's.
  const unpaid = take(1);
  await placeSeatOrder(t, dateId, unpaid.category, unpaid.seats);
  const before = take(1);
  const old = await buySeats(t, dateId, before.category, before.seats);
  await t.database.rows(sql`update orders set paid_at = now() - interval '40 days' where id = ${old.orderId} returning id`);
  await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);
  emptyEventId = await createEventVia(shop.organiser, validEventStep1({ name: "Nothing sold" }));
});

afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("an export runs to done", () => {
  it("counts the lines when asked, writes them in batches with its progress, and the file parses back to every line once", async () => {
    const want = await expectedLines();
    expect(want.length).toBe(14);
    const queued = await start(shop.organiser);
    expect(queued).toMatchObject({ status: "queued", rowsDone: 0, rowsTotal: want.length, percent: 0, downloadUrl: null });

    // One order per batch: the progress the page polls moves after every batch. (PGlite answers
    // in microtasks, so a poller would not get a turn: the row is read after each statement of the job.)
    const seen: number[] = [];
    const rows = t.deps.database.rows;
    const watched = {
      ...t.deps,
      database: {
        ...t.deps.database,
        rows: (async (query) => {
          const result = await rows(query);
          const [r] = await rows<{ status: string; rows_done: number }>(sql`select status::text, rows_done from report_exports where id = ${queued.id}`);
          if (r?.status === "running") seen.push(Number(r.rows_done));
          return result;
        }) as typeof rows,
      },
    };
    expect(await processReportExports(watched, { batchOrders: 1 })).toBe(1);
    const distinct = [...new Set(seen)];
    // 0, then after each of the seven orders (the three paid at one instant first, in id order: 6 lines).
    expect(distinct).toHaveLength(8);
    expect(distinct[0]).toBe(0);
    expect(distinct[3]).toBe(6);
    expect(distinct.at(-1)).toBe(want.length);
    expect(distinct).toEqual([...distinct].sort((a, b) => a - b));

    const done = await shop.organiser.trpc.reportExports.status.query({ id: queued.id });
    expect(done).toMatchObject({ status: "done", rowsDone: want.length, rowsTotal: want.length, percent: 100, downloadUrl: `/api/reports/exports/${queued.id}.csv` });
    const res = await downloadVia(shop.organiser, queued.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="ticket-lines-${from}-${today}.csv"`);
    const [header, ...records] = parse(res.rawPayload, { bom: true, delimiter: ";" }) as string[][];
    expect(header).toEqual(HEADER.map(([id, message]) => i18nFor("de")._({ id: `linesCsv.${id}`, message })));
    expect(records).toHaveLength(done.rowsDone);
    const got = records.map((r) => ({ number: r[0]!, category: r[6]!, total: r[12]!, status: r[15]!, email: r[17]! }));
    // Each line once, none of another order (keyset batches neither skip nor repeat on a tie).
    expect(got.map(sortKey).sort()).toEqual(want.map(sortKey).sort());
    // German formats: "26.11.2026 18:14", decimal comma, "19,00" %.
    expect(records[0]![1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(records[0]![13]).toMatch(/^\d+,\d{2}$/);
    // Oldest paid first: the three paid a day ago lead.
    expect(new Set(records.slice(0, 6).map((r) => r[0]))).toEqual(new Set((await numbersOf(counted.slice(0, 3)))));
    expect(readdirSync(reportExportsFolder(uploadDir))).toEqual([`${queued.id}.csv`]);
  });

  it("writes English with ',' and a decimal point", async () => {
    const queued = await start(shop.organiser, { lang: "en" });
    await drain();
    const res = await downloadVia(shop.organiser, queued.id);
    const [header, ...records] = parse(res.rawPayload, { bom: true, delimiter: "," }) as string[][];
    expect(header).toEqual(HEADER.map(([, message]) => message));
    expect(records).toHaveLength((await expectedLines()).length);
    expect(records[0]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(records.every((r) => /^\d+\.\d{2}$/.test(r[12]!))).toBe(true);
    expect(records.map((r) => r[2])).toContain("Online");
  });

  it("lists the organiser's exports, newest first", async () => {
    const list = await shop.organiser.trpc.reportExports.list.query();
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(list[1]!.createdAt.getTime());
    expect(await other.organiser.trpc.reportExports.list.query()).toEqual([]);
  });
});

async function numbersOf(ids: string[]): Promise<string[]> {
  const rows = await t.database.rows<{ number: string }>(sql`select number from orders where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return rows.map((r) => r.number);
}

describe("the SPEC's errors at start, never an empty file", () => {
  it("no data for the period or the event, a reversed period, another organiser's event", async () => {
    expect((await failure(start(shop.organiser, { from: "2020-01-01", to: "2020-01-31" }))).appCode).toBe("REPORT_NO_DATA_PERIOD");
    expect((await failure(start(shop.organiser, { eventId: emptyEventId }))).appCode).toBe("REPORT_NO_DATA_EVENT");
    expect((await failure(start(shop.organiser, { from: today, to: from }))).appCode).toBe("REPORT_PERIOD_INVALID");
    expect((await failure(start(shop.organiser, { from: "2024-01-01", to: "2025-06-01" }))).appCode).toBe("REPORT_PERIOD_INVALID");
    expect((await failure(start(shop.organiser, { eventId: other.eventId }))).appCode).toBe("NOT_FOUND");
    const [n] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from report_exports where status = 'queued'`);
    expect(Number(n!.n)).toBe(0);
  });

  it("the chosen event's lines only", async () => {
    const queued = await start(shop.organiser, { eventId: shop.eventId });
    expect(queued.rowsTotal).toBe((await expectedLines()).length);
    await drain();
  });

  it("runs at most two of an organiser's exports at once", async () => {
    await start(shop.organiser);
    await start(shop.organiser);
    expect((await failure(start(shop.organiser))).appCode).toBe("TOO_MANY_REQUESTS");
    // Another organiser is not held up.
    const theirs = await start(other.organiser);
    expect(theirs.rowsTotal).toBe(1);
    await drain();
    expect((await start(shop.organiser)).status).toBe("queued");
    await drain();
  });
});

describe("who reads it", () => {
  it("another organiser can neither see nor download it", async () => {
    const mine = await start(shop.organiser);
    await drain();
    expect((await failure(other.organiser.trpc.reportExports.status.query({ id: mine.id }))).appCode).toBe("NOT_FOUND");
    const res = await downloadVia(other.organiser, mine.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "NOT_FOUND" });
    expect((await downloadVia(t.client(), mine.id)).statusCode).toBe(401);
  });

  it("takes viewOrders as well as reportAreaAccess (the file names buyers)", async () => {
    const mine = (await shop.organiser.trpc.reportExports.list.query())[0]!;
    const { client: reporter } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), reportAreaAccess: true });
    expect((await failure(start(reporter))).appCode).toBe("FORBIDDEN");
    expect((await failure(reporter.trpc.reportExports.status.query({ id: mine.id }))).appCode).toBe("FORBIDDEN");
    expect(await reporter.trpc.reportExports.list.query()).toEqual([]);
    expect((await downloadVia(reporter, mine.id)).statusCode).toBe(403);
    const { client: clerk } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true });
    expect((await failure(start(clerk))).appCode).toBe("FORBIDDEN");
    expect((await downloadVia(clerk, mine.id)).statusCode).toBe(403);
    const { client: both } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true, reportAreaAccess: true });
    expect((await downloadVia(both, mine.id)).statusCode).toBe(200);
  });
});

describe("failures", () => {
  it("a file that cannot be written marks the export failed and leaves no file", async () => {
    const folder = reportExportsFolder(uploadDir);
    rmSync(folder, { recursive: true, force: true });
    // A file where the folder should be: the job cannot write.
    writeFileSync(folder, "in the way");
    try {
      const queued = await start(shop.organiser);
      expect(await processReportExports(t.deps)).toBe(1);
      const s = await shop.organiser.trpc.reportExports.status.query({ id: queued.id });
      expect(s).toMatchObject({ status: "failed", error: "REPORT_DOWNLOAD_FAILED", downloadUrl: null });
      expect((await downloadVia(shop.organiser, queued.id)).statusCode).toBe(404);
    } finally {
      rmSync(folder, { force: true });
    }
  });

  it("a right taken away before the job runs marks it failed (checked again at run time)", async () => {
    const { user, client } = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true, reportAreaAccess: true });
    const queued = await start(client);
    await t.database.rows(sql`update users set permissions = ${JSON.stringify({ ...emptyPermissionSet(), reportAreaAccess: true })}::jsonb where id = ${user.id} returning id`);
    await processReportExports(t.deps);
    expect(await row(queued.id)).toMatchObject({ status: "failed", error: "FORBIDDEN", file_path: null });
  });

  it("a claim whose lease ran out is taken over; one that keeps dying fails", async () => {
    const queued = await start(shop.organiser);
    // A job claimed it, wrote half and died.
    await t.database.rows(sql`update report_exports set status = 'running', attempts = 1, rows_done = 3, lease_until = now() - interval '1 second' where id = ${queued.id} returning id`);
    mkdirSync(reportExportsFolder(uploadDir), { recursive: true });
    writeFileSync(path.join(reportExportsFolder(uploadDir), `${queued.id}.1.part`), "half");
    await processReportExports(t.deps);
    expect(await row(queued.id)).toMatchObject({ status: "done", attempts: 2, rows_done: (await expectedLines()).length });
    expect(existsSync(path.join(reportExportsFolder(uploadDir), `${queued.id}.1.part`))).toBe(false);
    // A lease still running is left alone.
    const busy = await start(shop.organiser);
    await t.database.rows(sql`update report_exports set status = 'running', attempts = 1, lease_until = now() + interval '1 minute' where id = ${busy.id} returning id`);
    expect(await processReportExports(t.deps)).toBe(0);
    await t.database.rows(sql`update report_exports set attempts = 3, lease_until = now() - interval '1 second' where id = ${busy.id} returning id`);
    await processReportExports(t.deps);
    expect(await row(busy.id)).toMatchObject({ status: "failed", error: "REPORT_DOWNLOAD_FAILED" });
  });

  it("deletes expired exports with their files", async () => {
    const queued = await start(shop.organiser);
    await drain();
    const file = path.join(reportExportsFolder(uploadDir), `${queued.id}.csv`);
    expect(existsSync(file)).toBe(true);
    const kept = await start(shop.organiser);
    await drain();
    await t.database.rows(sql`update report_exports set expires_at = now() - interval '1 second' where id = ${queued.id} returning id`);
    expect(await deleteExpiredReportExports(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await row(queued.id)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    expect((await downloadVia(shop.organiser, queued.id)).statusCode).toBe(404);
    expect((await downloadVia(shop.organiser, kept.id)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two jobs at once (Postgres)", () => {
  it("claim each export once (SKIP LOCKED): one file, every line once", async () => {
    const a = await start(shop.organiser);
    const b = await start(shop.organiser);
    const handled = await Promise.all([processReportExports(t.deps, { batchOrders: 1 }), processReportExports(t.deps, { batchOrders: 1 })]);
    expect(handled.reduce((x, y) => x + y, 0)).toBe(2);
    const want = (await expectedLines()).length;
    for (const id of [a.id, b.id]) {
      expect(await row(id)).toMatchObject({ status: "done", attempts: 1, rows_done: want });
      const records = parse((await downloadVia(shop.organiser, id)).rawPayload, { bom: true, delimiter: ";" }) as string[][];
      expect(records).toHaveLength(want + 1);
    }
  });

  it("four starts at once: two queued, two refused (the organiser's row is locked while counting)", async () => {
    await drain();
    const results = await Promise.all([1, 2, 3, 4].map(() => attempt(start(shop.organiser))));
    expect(results.filter((r) => r.data).length).toBe(2);
    expect(results.filter((r) => r.error?.appCode === "TOO_MANY_REQUESTS").length).toBe(2);
    await drain();
  });

  it("control: without the claim's lock both jobs would see the same queued export", async () => {
    const queued = await start(shop.organiser);
    const peek = () => t.database.rows<{ id: string }>(sql`select id::text from report_exports where status = 'queued' order by created_at limit 1`);
    const [x, y] = await Promise.all([peek(), peek()]);
    expect(x![0]!.id).toBe(queued.id);
    expect(y![0]!.id).toBe(queued.id);
    await drain();
  });
});
