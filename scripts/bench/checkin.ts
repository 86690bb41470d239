/**
 * Check-in benchmark (issue 18 "Goal and benchmark"): the verdict time of an online check-in
 * through the API with 4 gates scanning in parallel against the local Postgres, and of the
 * offline decision of the check-in page's code in Chromium.
 *
 *   npm run bench:checkin
 *
 * Creates its own database (bench_checkin, dropped at the end unless BENCH_KEEP_DB=1) on
 * DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), applies the
 * project's migrations and seeds with set-based SQL one organiser, one published event with one
 * date (today, running), BENCH_LINES paid ticket lines (default 20,000; orders of 1-4 lines) and
 * BENCH_GATES event staff (default 4) assigned to the event; then VACUUM ANALYZE.
 *
 * Online: the real app listens on a local port; the staff sign in through `auth.agentLogin` over
 * HTTP, and a client process of its own runs the gates (one device each), each a closed loop of
 * `POST /trpc/staff.checkin.scan` (superjson body, same-origin headers) over a stream of
 * BENCH_SCANS distinct tickets (default 1,000 per gate) after BENCH_WARMUP warm-up scans (default
 * 20). BENCH_DOUBLE_SHARE (default 0.1) of that many tickets more are each scanned by two gates at
 * the same moment (the two gates meet before sending). Measured: each call's time from sending to
 * the parsed answer, as the device sees it. Afterwards: tickets with two standing admissions for
 * the date (`doubleAdmitted`, must be 0), each double-scanned ticket must have got exactly one
 * VALID and one ALREADY CHECKED IN, every single scan VALID. Target: p95 < 400 ms.
 *
 * Offline: the page's own code (`applySync`, `decideOffline` of client/pages/staff/door,
 * bundled with esbuild) in a blank page of headless Chromium served from http://localhost (a
 * secure context: IndexedDB and crypto.subtle). The date's ticket list is the real
 * `staff.checkin.sync` answer after the online run, stored in IndexedDB with applySync; then
 * BENCH_OFFLINE decisions (default 1,000 after 20 warm-ups) of real signed codes, mixed: tickets
 * not yet in, tickets the online run let in (BENCH_OFFLINE_ENTERED, default 50) and forged codes
 * (one signature character changed, BENCH_OFFLINE_FORGED, default 50), each timed with
 * performance.now(). Target: p95 < 150 ms. CHROMIUM_PATH defaults to /usr/bin/chromium.
 *
 * The last line is one JSON object: {"onlineP95Ms", "offlineP95Ms", "doubleAdmitted"}.
 *
 * The parts live in scripts/bench/checkin/: config, seed, http, gates (online), offline
 * (Chromium), report.
 */
import { sql } from "drizzle-orm";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { createDeps } from "../../server/deps";
import { createLogger } from "../../server/logger";
import { signedTicketCode } from "../../server/modules/orders/ticket-code";
import { doorCounts, ticketAtDoor } from "../../server/modules/staff/tickets";
import type { CheckinGate } from "../../shared/rules/checkin";
import { APP_SECRET, DB_NAME, DOUBLE_SHARE, GATES, log, OFFLINE, OFFLINE_ENTERED, OFFLINE_FORGED, OFFLINE_WARMUP, SCANS, WARMUP } from "./checkin/config";
import { admissionChecks, analyseScans, planGates, runGates } from "./checkin/gates";
import { signIn, trpcCall } from "./checkin/http";
import { load, r1, shuffled } from "./checkin/lib";
import { forge, runOffline } from "./checkin/offline";
import { report } from "./checkin/report";
import { seed } from "./checkin/seed";
import { freshBenchDatabase } from "./own-database";

async function main() {
  const loadStart = load();
  const { admin, url, config } = await freshBenchDatabase(DB_NAME, APP_SECRET);
  const database = await openDatabase({ url });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await database.migrate();
    const seedStarted = performance.now();
    const seeded = await seed(database);
    const lines = await txRows<{ id: string; event_id: string; scope_id: string }>(
      database.db,
      sql`select id::text, event_id::text, scope_id::text from order_lines where scope_id = ${seeded.dateId} order by id`,
    );
    log(`seeded ${lines.length.toLocaleString("en-US")} ticket lines, ${GATES} staff in ${r1((performance.now() - seedStarted) / 1000)} s`);

    const deps = createDeps(config, database, createLogger(config));
    app = await buildApp(deps);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const base = address.replace("127.0.0.1", "localhost");

    // Tickets: warm-ups, each gate's stream, the doubles, the rest (offline, never scanned).
    const doubles = Math.round(GATES * SCANS * DOUBLE_SHARE);
    const needed = GATES * (WARMUP + SCANS) + doubles + OFFLINE;
    if (needed > lines.length) throw new Error(`${needed} tickets needed, ${lines.length} seeded (raise BENCH_LINES or lower BENCH_SCANS/BENCH_OFFLINE)`);
    const pool = shuffled(lines);
    let next = 0;
    const take = (n: number) => pool.slice(next, (next += n));
    const codeOf = (l: { id: string; event_id: string; scope_id: string }) => signedTicketCode(APP_SECRET, { lineId: l.id, eventId: l.event_id, scopeId: l.scope_id });

    const cookies = await Promise.all(seeded.usernames.map((u) => signIn(base, u)));
    const gates = planGates(cookies, doubles, (n) => take(n).map(codeOf));

    log(`online: ${GATES} gates × ${SCANS} tickets + ${doubles} tickets scanned at two gates at once (${WARMUP} warm-up scans per gate); load avg ${load()}`);
    const online = await runGates({ base, dateId: seeded.dateId, gates });
    const scans = analyseScans(online);
    const checks = await admissionChecks(database.db, seeded.dateId);
    const expectedIn = GATES * (WARMUP + SCANS) + doubles;
    log(`online done in ${r1(online.wallMs / 1000)} s = ${r1(scans.all.length / (online.wallMs / 1000))} scans/s; load avg ${load()}`);

    // Where a scan's time goes: the statements behind it, one at a time on an idle server.
    const sample = pool.slice(0, 50);
    const gateRow = { date: { id: seeded.dateId }, seasonId: null };
    const ticketMs: number[] = [];
    const countsMs: number[] = [];
    for (const l of sample) {
      let t0 = performance.now();
      await ticketAtDoor(database.db, seeded.organiserId, seeded.dateId, l.id, false);
      ticketMs.push(performance.now() - t0);
      t0 = performance.now();
      await doorCounts(database.db, gateRow);
      countsMs.push(performance.now() - t0);
    }

    // ------------------------------------------------------------ offline
    const cookie = cookies[0]!;
    const { data: home } = await trpcCall<{ publicKey: string; dates: { id: string; eventId: string; seasonId: string | null; localDate: string; timeZone: string }[] }>(base, "staff.home", { cookie });
    const date = home.dates.find((d) => d.id === seeded.dateId)!;
    const checkinGate: CheckinGate = { eventId: date.eventId, seasonId: date.seasonId, date: { id: date.id, localDate: date.localDate, timeZone: date.timeZone } };
    const syncStarted = performance.now();
    const { data: syncAnswer, bytes: syncBytes } = await trpcCall<{ tickets: unknown[] }>(base, "staff.checkin.sync", { cookie, input: { dateId: seeded.dateId, since: null } });
    const syncMs = performance.now() - syncStarted;
    log(`staff.checkin.sync (full list): ${syncAnswer.tickets.length.toLocaleString("en-US")} tickets in ${Math.round(syncMs)} ms`);

    const fresh = take(OFFLINE - OFFLINE_ENTERED - OFFLINE_FORGED);
    // Tickets the online run let in (the first gate's warm-up and stream).
    const entered = pool.slice(0, Math.min(OFFLINE_ENTERED, WARMUP + SCANS));
    const cases = shuffled(
      [
        ...fresh.map((l) => ({ code: codeOf(l), expect: "valid" as const })),
        ...entered.map((l) => ({ code: codeOf(l), expect: "already_checked_in" as const })),
        ...fresh.slice(0, OFFLINE_FORGED).map((l) => ({ code: forge(codeOf(l)), expect: "forged" as const })),
      ],
      11,
    );
    const warmupCodes = pool.slice(-OFFLINE_WARMUP).map(codeOf);
    log(`offline: ${cases.length} decisions in Chromium (${fresh.length} not in yet, ${entered.length} in already, ${OFFLINE_FORGED} forged) after ${OFFLINE_WARMUP} warm-ups`);
    const offline = await runOffline({ gate: checkinGate, publicKey: home.publicKey, sync: { dateId: seeded.dateId, answer: syncAnswer }, cases, warmup: warmupCodes });

    // ------------------------------------------------------------ report
    const failed = report({
      loadStart,
      lineCount: lines.length,
      online,
      scans,
      doubles,
      ticketMs,
      countsMs,
      checks,
      expectedIn,
      sync: { tickets: syncAnswer.tickets.length, bytes: syncBytes, ms: syncMs },
      offline,
      cases,
    });
    if (failed) process.exitCode = 1;
  } finally {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP_DB === "1") log(`database ${DB_NAME} kept`);
    else await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch((err: unknown) => log(`could not drop ${DB_NAME}: ${String(err)}`));
    await admin.end({ timeout: 5 });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
