/**
 * Confirmation mails at on-sale pace (issue 25 item 3): what one mail costs and whether the
 * sender keeps up with a sale, on the local Postgres.
 *
 *   npm run bench:mail
 *
 * Creates its own database (bench_mail, dropped at the end unless BENCH_KEEP_DB=1) on
 * DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), applies the
 * migrations and seeds one event with a photo, a logo and two sponsors' logos, and
 * BENCH_MAIL_ORDERS valid orders of 2 seats each (default 5,000) with their invoices
 * (scripts/bench/mail/seed.ts). A local SMTP sink runs on a thread of this process
 * (scripts/bench/mail/sink.ts). Then:
 *
 *   costs   BENCH_MAIL_SAMPLES mails (default 40) one after the other: the tickets PDF, the
 *           invoice PDF, the MIME message, the SMTP send over an open connection (wall and
 *           CPU time each).
 *   drain   every order's confirmation put into the outbox at one instant (a sell-out in a
 *           second), then the real send path (the send-mail job of server/jobs) drains it:
 *           mails/s, delay from the order to its delivery at the sink (p50/p95/max).
 *   paced   confirmations put into the outbox at BENCH_MAIL_RATE per minute (default 10,000:
 *           the issue's on-sale) for BENCH_MAIL_SECONDS (default 60) while the job sends:
 *           delay p50/p95/max (target: every mail within 2 minutes).
 * BENCH_MAIL_PHASES (default costs,drain,paced) picks the phases; BENCH_MAIL_PICTURES=0 leaves
 * the pictures out; BENCH_MAIL_NICE sets the mail workers' nice increment (default 10).
 * For drain and paced: CPU time per mail (the whole process, the sink's thread, this event
 * loop), the event loop's delay (perf_hooks monitorEventLoopDelay: how long a buyer's request
 * would wait behind the mail work), every mail delivered once with its two PDFs, none failed.
 * The last line is one JSON object: {"orders", "pictures", "mailsPerS", "drainDelayP95Ms",
 * "drainDelayMaxMs", "pacedPerMin", "pacedDelayP50Ms", "pacedDelayP95Ms", "pacedDelayMaxMs",
 * "cpuMsPerMail", "loopMsPerMail", "eventLoopP99Ms", "eventLoopMaxMs", "duplicates", "failed"}.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { openDatabase } from "../../server/db/client";
import { txRows } from "../../server/db/sql";
import { createDeps, type AppDeps } from "../../server/deps";
import { createLogger } from "../../server/logger";
import { startMailSender } from "../../server/mail/sender";
import { renderOrderInvoicePdf } from "../../server/modules/orders/invoices/pdf";
import { renderOrderTickets } from "../../server/modules/orders/tickets-pdf";
import { enqueueConfirmations, seedMailBench } from "./mail/seed";
import { type Delivery, startSink, type Sink } from "./mail/sink";
import { freshBenchDatabase } from "./own-database";

const DB_NAME = "bench_mail";
const ORDERS = Number(process.env.BENCH_MAIL_ORDERS ?? 5_000);
const SAMPLES = Number(process.env.BENCH_MAIL_SAMPLES ?? 40);
const RATE = Number(process.env.BENCH_MAIL_RATE ?? 10_000);
const SECONDS = Number(process.env.BENCH_MAIL_SECONDS ?? 60);
/** How long a phase may wait for its last mail before it gives up (and reports the rest as missing). */
const MAX_WAIT_S = Number(process.env.BENCH_MAIL_MAX_WAIT_S ?? 900);
/** Which phases run: BENCH_MAIL_PHASES=costs,drain,paced (default all three). */
/** BENCH_MAIL_NICE: the mail workers' nice increment (default the server's, 10). */
const NICE = process.env.BENCH_MAIL_NICE === undefined ? undefined : Number(process.env.BENCH_MAIL_NICE);
/** BENCH_MAIL_PICTURES=0: the event without photo, logo and sponsors (as the demo's events). */
const PICTURES = process.env.BENCH_MAIL_PICTURES !== "0";
const PHASES = new Set((process.env.BENCH_MAIL_PHASES ?? "costs,drain,paced").split(","));
const TARGET_DELAY_MS = 120_000;
const FROM = "Bench <no-reply@bench.example>";

const log = (msg: string) => console.error(`[bench:mail] ${msg}`);
const r1 = (n: number) => Math.round(n * 10) / 10;

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const LOOP_RESOLUTION_MS = 10;

// ---------------------------------------------------------------- costs of one mail

async function costs(deps: AppDeps, sink: Sink) {
  const sample = await txRows<{ order_id: string; invoice_id: string; locale: "de" | "en"; to: string; subject: string; text: string; html: string }>(
    deps.database.db,
    sql`select order_id::text, attachments->1->>'invoiceId' as invoice_id, locale, "to", subject, text, html
        from bench_confirmations order by n limit ${SAMPLES}`,
  );
  const build = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
  const parts = { tickets: [] as number[], invoice: [] as number[], mime: [] as number[], send: [] as number[] };
  const cpu = { tickets: 0, invoice: 0, mime: 0, send: 0 };
  let bytes = 0;
  const timed = async <T>(part: keyof typeof parts, fn: () => Promise<T>): Promise<T> => {
    const c = process.cpuUsage();
    const t = performance.now();
    const result = await fn();
    parts[part].push(performance.now() - t);
    cpu[part] += cpuMs(process.cpuUsage(c));
    return result;
  };
  for (const [i, m] of sample.entries()) {
    const tickets = await timed("tickets", () => renderOrderTickets(deps, m.order_id, m.locale));
    const invoice = await timed("invoice", () => renderOrderInvoicePdf(deps.database.db, m.invoice_id));
    const message = {
      from: FROM,
      to: `cost${i}.${m.to}`,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: [
        { filename: `tickets-${tickets!.number}.pdf`, content: Buffer.from(tickets!.pdf), contentType: "application/pdf" },
        { filename: `${invoice!.number}.pdf`, content: Buffer.from(invoice!.pdf), contentType: "application/pdf" },
      ],
    };
    const built = await timed("mime", () => build.sendMail(message));
    bytes += (built.message as Buffer).length;
    await timed("send", () => smtp.sendMail(message));
  }
  smtp.close();
  const n = sample.length;
  const row = (name: string, part: keyof typeof parts) =>
    console.log(`  ${name.padEnd(34)}${r1(percentile(parts[part], 50)).toFixed(1).padStart(9)}${r1(percentile(parts[part], 95)).toFixed(1).padStart(9)}${r1(cpu[part] / n).toFixed(1).padStart(13)}`);
  console.log(`\nCost of one confirmation mail (${n} mails, one after the other, this thread)\n`);
  console.log(`  ${"part".padEnd(34)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"CPU ms/mail".padStart(13)}`);
  row("tickets PDF (2 tickets, A4)", "tickets");
  row("invoice PDF", "invoice");
  row("MIME message (both PDFs in base64)", "mime");
  row("SMTP send (open connection)", "send");
  const total = (Object.values(cpu) as number[]).reduce((a, b) => a + b, 0) / n;
  console.log(`  ${"all".padEnd(52)}${r1(total).toFixed(1).padStart(13)}   message ${Math.round(bytes / n / 1024)} KB`);
  return { ticketsMs: percentile(parts.tickets, 50), invoiceMs: percentile(parts.invoice, 50), mimeMs: percentile(parts.mime, 50), sendMs: percentile(parts.send, 50), cpuMsPerMail: total };
}

// ---------------------------------------------------------------- a phase: mails in, mails out

type PhaseResult = {
  name: string;
  mails: number;
  delivered: number;
  seconds: number;
  mailsPerS: number;
  delay: { p50: number; p95: number; max: number };
  cpuMsPerMail: number;
  sinkMsPerMail: number;
  loopMsPerMail: number;
  loop: { p50: number; p99: number; max: number };
  duplicates: number;
  failed: number;
  missingPdfs: number;
  niced: string;
};

/**
 * Runs the send-mail job while `feed` puts mails of `round` into the outbox; ends when every
 * mail fed has arrived at the sink (or after MAX_WAIT_S).
 */
async function phase(deps: AppDeps, sink: Sink, smtpUrl: string, round: number, name: string, feed: (round: number) => Promise<number>): Promise<PhaseResult> {
  const prefix = `r${round}.`;
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const sink0 = await sink.busyMs();
  const started = Date.now();
  loopDelay.enable();
  const sender = startMailSender({ ...deps, config: { ...deps.config, SMTP_URL: smtpUrl, MAIL_FROM: FROM } }, NICE === undefined ? {} : { niceIncrement: NICE });
  const mails = await feed(round);
  const mine = () => sink.deliveries.filter((d) => d.to.startsWith(prefix));
  let got: Delivery[] = mine();
  while (got.length < mails && Date.now() - started < MAX_WAIT_S * 1000) {
    await new Promise((r) => setTimeout(r, 200));
    got = mine();
  }
  const ended = Math.max(...got.map((d) => d.at), started);
  const niced = threadNiceness();
  loopDelay.disable();
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = cpuMs(process.cpuUsage(cpu0));
  const sinkMs = (await sink.busyMs()) - sink0;
  await sender.stop();
  const rows = await txRows<{ to: string; created_at: Date | string; status: string }>(
    deps.database.db,
    sql`select "to", created_at, status::text from outbox_mails where "to" like ${`${prefix}%`}`,
  );
  const createdAt = new Map(rows.map((r) => [r.to, new Date(r.created_at).getTime()]));
  const seen = new Map<string, number>();
  const first = new Map<string, number>();
  for (const d of got) {
    seen.set(d.to, (seen.get(d.to) ?? 0) + 1);
    if (!first.has(d.to)) first.set(d.to, d.at);
  }
  const delays = [...first].map(([to, at]) => at - createdAt.get(to)!);
  // The histogram holds the time between its timer's runs: the delay is what exceeds the timer's period.
  const ns = (v: number) => Math.max(0, v / 1e6 - LOOP_RESOLUTION_MS);
  const seconds = (ended - started) / 1000;
  return {
    name,
    mails,
    delivered: seen.size,
    seconds,
    mailsPerS: seen.size / seconds,
    delay: { p50: percentile(delays, 50), p95: percentile(delays, 95), max: Math.max(...delays) },
    cpuMsPerMail: cpu / Math.max(1, got.length),
    sinkMsPerMail: sinkMs / Math.max(1, got.length),
    loopMsPerMail: elu.active / Math.max(1, got.length),
    loop: { p50: ns(loopDelay.percentile(50)), p99: ns(loopDelay.percentile(99)), max: ns(loopDelay.max) },
    duplicates: [...seen.values()].filter((n) => n > 1).length,
    failed: rows.filter((r) => r.status === "failed").length,
    missingPdfs: got.filter((d) => d.pdfs !== 2).length,
    niced,
  };
}

/** This process's threads by nice value ("0: 14, 10: 2"): the mail workers run at +10 (Linux). */
function threadNiceness(): string {
  try {
    const counts = new Map<number, number>();
    for (const task of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      // The fields after the command's closing parenthesis; nice is the 19th field of the line.
      const nice = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      counts.set(nice, (counts.get(nice) ?? 0) + 1);
    }
    return [...counts].sort(([a], [b]) => a - b).map(([nice, n]) => `nice ${nice}: ${n}`).join(", ");
  } catch {
    return "n/a";
  }
}

function report(p: PhaseResult) {
  console.log(`\n${p.name}`);
  console.log(`  delivered      ${p.delivered.toLocaleString("en-US")} of ${p.mails.toLocaleString("en-US")} mails in ${r1(p.seconds)} s: ${r1(p.mailsPerS)} mails/s`);
  console.log(`  order → inbox  p50 ${r1(p.delay.p50 / 1000)} s, p95 ${r1(p.delay.p95 / 1000)} s, max ${r1(p.delay.max / 1000)} s`);
  console.log(
    `  CPU per mail   ${r1(p.cpuMsPerMail)} ms in the process (of which the SMTP sink's thread ${r1(p.sinkMsPerMail)} ms), ` +
      `${r1(p.loopMsPerMail)} ms on the sender's event loop`,
  );
  console.log(`  event loop     delay p50 ${r1(p.loop.p50)} ms, p99 ${r1(p.loop.p99)} ms, max ${r1(p.loop.max)} ms`);
  console.log(`  checks         ${p.duplicates} delivered twice, ${p.failed} failed, ${p.missingPdfs} without their 2 PDFs`);
  console.log(`  threads        ${p.niced}`);
}

// ---------------------------------------------------------------- main

async function main() {
  const { admin, url, config } = await freshBenchDatabase(DB_NAME, "bench-mail-secret-0123456789abcdef0123");
  const uploadDir = await mkdtemp(path.join(tmpdir(), "bench-mail-"));
  const database = await openDatabase({ url, maxConnections: 10 });
  const sink = await startSink();
  try {
    await database.migrate();
    const seeded = await seedMailBench(database, uploadDir, ORDERS, log, PICTURES);
    const deps = createDeps({ ...config, UPLOAD_DIR: uploadDir }, database, createLogger({ ...config, LOG_LEVEL: "warn" }));
    const smtpUrl = `smtp://127.0.0.1:${sink.port}`;
    let cost: Awaited<ReturnType<typeof costs>> | null = null;
    if (PHASES.has("costs")) {
      log(`measuring the cost of ${SAMPLES} mails`);
      cost = await costs(deps, sink);
    }
    let drain: PhaseResult | null = null;
    if (PHASES.has("drain")) {
      log(`drain: ${seeded.orders} confirmations at once`);
      drain = await phase(deps, sink, smtpUrl, 1, `Drain: ${seeded.orders.toLocaleString("en-US")} confirmations in the outbox at once`, (round) =>
        enqueueConfirmations(database, round, 0, seeded.orders, seeded.orders),
      );
      report(drain);
    }
    let paced: PhaseResult | null = null;
    if (PHASES.has("paced") && RATE > 0) {
      log(`paced: ${RATE}/min for ${SECONDS} s`);
      paced = await phase(deps, sink, smtpUrl, 2, `Paced: ${RATE.toLocaleString("en-US")} orders per minute for ${SECONDS} s`, async (round) => {
        // Every 100 ms the orders due by then, as a sale makes them.
        const total = Math.round((RATE * SECONDS) / 60);
        const start = Date.now();
        let fed = 0;
        while (fed < total) {
          const due = Math.min(total, Math.floor(((Date.now() - start) / 1000) * (RATE / 60)));
          if (due > fed) fed += await enqueueConfirmations(database, round, fed, due, seeded.orders);
          await new Promise((r) => setTimeout(r, 100));
        }
        return fed;
      });
      report(paced);
    }

    const ran = [drain, paced].filter((p): p is PhaseResult => p !== null);
    const worst = paced ?? drain;
    if (worst) {
      console.log("\nTargets");
      const ok = worst.delay.max <= TARGET_DELAY_MS && worst.delivered === worst.mails;
      console.log(`  ${ok ? "ok     " : "MISSED "} every mail within 2 minutes of its order (${worst === paced ? "paced" : "drain"}): max ${r1(worst.delay.max / 1000)} s`);
    }
    const ms = (n: number | undefined) => (n === undefined ? null : Math.round(n));
    console.log(
      JSON.stringify({
        orders: seeded.orders,
        pictures: PICTURES,
        mailsPerS: drain ? r1(drain.mailsPerS) : null,
        drainDelayP95Ms: ms(drain?.delay.p95),
        drainDelayMaxMs: ms(drain?.delay.max),
        pacedPerMin: paced ? RATE : null,
        pacedDelayP50Ms: ms(paced?.delay.p50),
        pacedDelayP95Ms: ms(paced?.delay.p95),
        pacedDelayMaxMs: ms(paced?.delay.max),
        cpuMsPerMail: drain ? r1(drain.cpuMsPerMail - drain.sinkMsPerMail) : null,
        costCpuMsPerMail: cost ? r1(cost.cpuMsPerMail) : null,
        loopMsPerMail: drain ? r1(drain.loopMsPerMail) : null,
        eventLoopP99Ms: ran.length ? r1(Math.max(...ran.map((p) => p.loop.p99))) : null,
        eventLoopMaxMs: ran.length ? r1(Math.max(...ran.map((p) => p.loop.max))) : null,
        duplicates: ran.reduce((a, p) => a + p.duplicates, 0),
        failed: ran.reduce((a, p) => a + p.failed, 0),
      }),
    );
  } finally {
    await sink.close();
    await database.close();
    await rm(uploadDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB !== "1") await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
