/**
 * Seating-plan benchmark: a 60,000-seat stadium (120 blocks x 25 rows x 20 seats, 4 categories)
 * saved and loaded through tRPC over HTTP, then opened in the stadium editor in headless
 * Chromium to time the first full render and the frames of a scripted zoom/pan sequence.
 *
 *   npx vite build                     # the server serves the built client
 *   npx tsx scripts/bench/seating.ts   # in-memory PGlite, its own server and organiser
 *
 * Against a running server (client built, stadium editor routed at /dashboard/stadiums/:id):
 *
 *   BENCH_URL=http://localhost:3000 BENCH_EMAIL=organiser@example.com BENCH_PASSWORD='Demo1234!' \
 *     npx tsx scripts/bench/seating.ts
 *
 * Other settings: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RUNS (save/load repetitions,
 * default 5). The last line of the output is one JSON object with the figures.
 * Aims: first render < 1500 ms, frame p95 <= 33 ms (30 fps), save and load well under 1 s.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTRPCClient, httpLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import pino from "pino";
import { chromium } from "playwright-core";
import superjson from "superjson";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { createDeps } from "../../server/deps";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { organisers, users } from "../../server/db/schema";
import { hashPassword } from "../../server/lib/password";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import type { AppRouter } from "../../server/trpc/router";
import { type SeatedBlock, type SeatingLayout, ZSeatingLayout } from "../../shared/seating/layout";
import { layoutCapacity } from "../../shared/seating/numbering";

const BLOCKS = 120;
const ROWS = 25;
const SEATS = 20;
const TIERS = 4;
const CATEGORIES = [
  { id: "cat1", name: "Kategorie 1", color: "#e03131" },
  { id: "cat2", name: "Kategorie 2", color: "#1c7ed6" },
  { id: "cat3", name: "Kategorie 3", color: "#2f9e44" },
  { id: "cat4", name: "Kategorie 4", color: "#f08c00" },
];
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** 120 blocks on four elliptic tiers around a pitch, each turned towards the middle. */
export function benchLayout(): SeatingLayout {
  const perTier = BLOCKS / TIERS;
  const width = SEATS * 10;
  const height = ROWS * 10;
  const cx = 3200;
  const cy = 2400;
  const blocks: SeatedBlock[] = [];
  for (let tier = 0; tier < TIERS; tier++) {
    const a = 1300 + tier * 420;
    const b = 850 + tier * 420;
    for (let i = 0; i < perTier; i++) {
      const angle = (2 * Math.PI * (i + (tier % 2) * 0.5)) / perTier;
      const x = Math.round(cx + a * Math.cos(angle) - width / 2);
      const y = Math.round(cy + b * Math.sin(angle) - height / 2);
      const rotation = Math.round((((angle * 180) / Math.PI + 90) % 360) * 100) / 100;
      const n = tier * perTier + i;
      blocks.push({
        id: `b${n}`,
        kind: "seated",
        name: `${String.fromCharCode(65 + tier)}${i + 1}`,
        x,
        y,
        rotation,
        color: "#4dabf7",
        categoryId: CATEGORIES[tier]!.id,
        boxofficeOnly: false,
        rows: ROWS,
        seatsPerRow: SEATS,
        rowSeats: {},
        align: "center",
        firstRow: 1,
        firstSeat: 1,
        rowDirection: "DOWN",
        seatDirection: "RIGHT",
        disabledRows: [],
        disabledSeats: [],
        // The front rows of every block are one category better: exercises row categories.
        rowCategories: tier > 0 ? { "0": CATEGORIES[tier - 1]!.id, "1": CATEGORIES[tier - 1]!.id } : {},
        seatCategories: {},
      });
    }
  }
  return ZSeatingLayout.parse({ width: 6400, height: 4800, categories: CATEGORIES, blocks, backgroundUploadId: null });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

type Started = { baseUrl: string; email: string; password: string; database: Database | null; stop: () => Promise<void> };

/** The real app on an in-memory PGlite, with a fresh organiser. */
async function startServer(): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const uploadDir = mkdtempSync(path.join(tmpdir(), "bench-uploads-"));
  const config = loadConfig({
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    SERVE_CLIENT: "true",
    SEED_DEMO: "false",
    RUN_JOBS: "false",
    LOG_LEVEL: "warn",
    UPLOAD_DIR: uploadDir,
  });
  const database = await openDatabase({});
  await database.migrate();
  const app: FastifyInstance = await buildApp(createDeps(config, database, pino({ level: "warn" })));
  await app.listen({ port, host: "127.0.0.1" });
  const index = await fetch(`${baseUrl}/`, { headers: { accept: "text/html" } });
  if (!index.ok) {
    await app.close();
    throw new Error("The server does not serve the client: run `npx vite build` first.");
  }
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = "Bench-pass1!";
  const [organiser] = await database.db.insert(organisers).values({ name: "Bench organiser" }).returning();
  await database.db.insert(users).values({
    role: "organiser",
    email,
    passwordHash: await hashPassword(password),
    status: "active",
    firstName: "Bench",
    lastName: "Organiser",
    locale: "en",
    organiserId: organiser!.id,
    activatedAt: new Date(),
  });
  return {
    baseUrl,
    email,
    password,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** A tRPC client over HTTP that keeps the session cookie, like a browser. */
function createClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        fetch: async (url, options) => {
          const headers = new Headers(options?.headers as HeadersInit | undefined);
          if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
          headers.set("origin", new URL(baseUrl).origin);
          const response = await fetch(url, { ...(options as RequestInit), headers });
          for (const line of response.headers.getSetCookie()) {
            const [pair] = line.split(";");
            const eq = pair!.indexOf("=");
            cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
          }
          return response;
        },
      }),
    ],
  });
  return { client, cookies };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/**
 * Runs inside the page (kept as plain JavaScript text so no bundler helper leaks into it): one
 * input per animation frame, frame times from the rAF timestamps.
 */
const ZOOM_PAN_SEQUENCE = `(async () => {
  const el = document.querySelector('[data-testid="seating-plan"]');
  const r = el.getBoundingClientRect();
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  const wheel = (deltaY) => () =>
    el.dispatchEvent(new WheelEvent("wheel", { deltaY, clientX: cx, clientY: cy, bubbles: true, cancelable: true }));
  const pointer = (type, x, y) => () =>
    el.dispatchEvent(new PointerEvent(type, {
      pointerId: 7, pointerType: "mouse", button: 0, buttons: type === "pointerup" ? 0 : 1,
      clientX: x, clientY: y, bubbles: true, cancelable: true,
    }));
  const pan = (dx, dy, frames) => {
    const list = [pointer("pointerdown", cx, cy)];
    for (let i = 1; i <= frames; i++) list.push(pointer("pointermove", cx + (dx * i) / frames, cy + (dy * i) / frames));
    list.push(pointer("pointerup", cx + dx, cy + dy));
    return list;
  };
  // Zoom targets in screen pixels per seat, whatever the window size: just above the level of
  // detail where seats appear (the most seats on screen), then close enough for seat numbers.
  // The renderer pans and zooms one root group: its transform's scale is pixels per plan unit.
  const root = el.querySelector("svg > g");
  const fitPitch = root.transform.baseVal.consolidate().matrix.a * 10;
  const step = Math.exp(25 * 0.002); // one wheel notch of deltaY 25
  const notches = (from, to) => Math.max(1, Math.ceil(Math.log(to / from) / Math.log(step)));
  const toDetail = notches(fitPitch, 6);
  const toNumbers = notches(fitPitch * step ** toDetail, 26);
  const steps = [];
  for (let i = 0; i < toDetail; i++) steps.push(wheel(-25));
  steps.push(...pan(-600, 0, 45), ...pan(0, -300, 30), ...pan(500, 250, 45), ...pan(-200, 350, 30));
  for (let i = 0; i < toNumbers; i++) steps.push(wheel(-25));
  steps.push(...pan(-500, -200, 45), ...pan(400, 300, 45));
  for (let i = 0; i < toDetail + toNumbers; i++) steps.push(wheel(25)); // back out through every level of detail
  steps.push(...pan(-300, 0, 30));
  const stamps = [];
  let detailedMax = 0;
  await new Promise((resolve) => {
    let i = 0;
    const tick = (ts) => {
      stamps.push(ts);
      if (i % 10 === 0) detailedMax = Math.max(detailedMax, document.querySelectorAll('[data-block] > g[display="inline"]').length);
      if (i < steps.length) {
        steps[i++]();
        requestAnimationFrame(tick);
      } else resolve();
    };
    requestAnimationFrame(tick);
  });
  // Two more frames so the last input is drawn too.
  await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
  const frames = stamps.slice(2).map((t, i) => t - stamps[i + 1]);
  return { frames, detailedMax, fitPitch };
})()`;

async function main() {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const external = process.env.BENCH_URL;
  const server: Started = external
    ? {
        baseUrl: external.replace(/\/$/, ""),
        email: process.env.BENCH_EMAIL ?? "organiser@example.com",
        password: process.env.BENCH_PASSWORD ?? "Demo1234!",
        database: null,
        stop: async () => {},
      }
    : await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const layout = benchLayout();
    const capacity = layoutCapacity(layout);
    const { client, cookies } = createClient(server.baseUrl);
    const userInfo = await client.auth.login.mutate({ email: server.email, password: server.password });

    const created = await client.stadiums.create.mutate({ name: `Bench ${new Date().toISOString()}`, comment: null, type: "daily", layout });
    let version = (await client.stadiums.get.query({ id: created.id })).template.version;
    const saves: number[] = [];
    for (let i = 0; i < runs; i++) {
      const next = { ...layout, blocks: layout.blocks.map((b, j) => (j === i % layout.blocks.length ? { ...b, name: `${b.name}*` } : b)) };
      const { ms, value } = await timed(() =>
        client.stadiums.save.mutate({ id: created.id, version, name: "Bench stadium", comment: null, type: "daily", layout: next }),
      );
      saves.push(ms);
      version = value.version;
    }
    const loads: number[] = [];
    let loadedLayout: SeatingLayout = layout;
    for (let i = 0; i < runs; i++) {
      const { ms, value } = await timed(() => client.stadiums.get.query({ id: created.id }));
      loads.push(ms);
      loadedLayout = value.template.layout;
    }
    let templateBytes = Buffer.byteLength(JSON.stringify(loadedLayout));
    if (server.database) {
      const [row] = await server.database.rows<{ bytes: number }>(
        sql`select octet_length(layout::text)::int as bytes from stadium_templates where id = ${created.id}::uuid`,
      );
      if (row) templateBytes = row.bytes;
    }

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const url = new URL(server.baseUrl);
    await context.addCookies([{ name: SESSION_COOKIE, value: cookies.get(SESSION_COOKIE) ?? "", domain: url.hostname, path: "/" }]);
    await context.addInitScript(
      `localStorage.setItem("userInfo", ${JSON.stringify(JSON.stringify(userInfo))}); localStorage.setItem("lang", "en");`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/dashboard/stadiums/${created.id}`);
    await page.waitForSelector('[data-testid="seating-plan"][data-rendered="true"]', { state: "attached", timeout: 60_000 });
    const marks = (await page.evaluate(`({
      start: performance.getEntriesByName("seating-plan:start")[0]?.startTime ?? NaN,
      rendered: performance.getEntriesByName("seating-plan:rendered")[0]?.startTime ?? NaN,
    })`)) as { start: number; rendered: number };
    // The preloader covers the page for 2 s (SPEC §1); the sequence runs once it is gone.
    await page.waitForSelector('[data-testid="preloader"]', { state: "detached", timeout: 15_000 }).catch(() => {});
    await page.locator('input[type="radio"][value="view"]').first().check({ force: true }).catch(() => {});
    await page.waitForTimeout(300);
    const sequence = (await page.evaluate(ZOOM_PAN_SEQUENCE)) as { frames: number[]; detailedMax: number; fitPitch: number };
    if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);

    const result = {
      seats: capacity.fixed,
      firstRenderMs: round(marks.rendered),
      frameMsP95: round(percentile(sequence.frames, 95)),
      templateBytes,
      saveMs: round(median(saves)),
      loadMs: round(median(loads)),
    };
    const rows: [string, string][] = [
      ["seats (blocks x rows x seats)", `${result.seats} (${BLOCKS} x ${ROWS} x ${SEATS}), ${CATEGORIES.length} categories`],
      ["template JSON bytes", String(templateBytes)],
      [`save, median of ${runs} (ms)`, `${result.saveMs}  [${saves.map(round).join(", ")}]`],
      [`load, median of ${runs} (ms)`, `${result.loadMs}  [${loads.map(round).join(", ")}]`],
      ["first full render since navigation (ms)", String(result.firstRenderMs)],
      ["  of which plan drawing (ms)", String(round(marks.rendered - marks.start))],
      ["zoom/pan frames (fit, then 6 and 26 px per seat)", `${sequence.frames.length} (fit: ${round(sequence.fitPitch)} px per seat)`],
      ["frame time median / p95 / max (ms)", `${round(median(sequence.frames))} / ${result.frameMsP95} / ${round(Math.max(...sequence.frames))}`],
      ["most blocks drawn with seats at once", String(sequence.detailedMax)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nSeating plan benchmark (${external ? server.baseUrl : "in-memory server"})`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    const verdicts = [
      result.firstRenderMs < 1500 ? "first render OK" : "first render SLOW (aim < 1500 ms)",
      result.frameMsP95 <= 33 ? "frames OK" : "frames SLOW (aim p95 <= 33 ms)",
      result.saveMs < 1000 && result.loadMs < 1000 ? "save/load OK" : "save/load SLOW (aim < 1000 ms)",
    ];
    console.log(`  ${verdicts.join("; ")}\n`);
    await client.stadiums.delete.mutate({ id: created.id }).catch(() => {});
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
