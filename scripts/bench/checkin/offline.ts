/**
 * The offline part of the check-in benchmark: the check-in page's own code (applySync,
 * decideOffline), bundled with esbuild, in a blank page of headless Chromium on http://localhost.
 */
import { createServer } from "node:http";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import type { CheckinGate } from "../../../shared/rules/checkin";
import { CHROMIUM_PATH, log } from "./config";

const ENTRY = `
import { applySync } from "./client/pages/staff/door/store";
import { decideOffline, publicKeyBytes } from "./client/pages/staff/door/decide";

export async function load(sync) {
  const t0 = performance.now();
  await applySync(sync.dateId, sync.answer);
  return performance.now() - t0;
}

export async function run(gate, publicKey, codes, warmup) {
  const key = publicKeyBytes(publicKey);
  const device = { deviceLabel: "Bench offline", staffName: "Gate 1" };
  const first = performance.now();
  await decideOffline(gate, key, warmup[0], new Date(), device);
  const firstMs = performance.now() - first;
  for (const code of warmup.slice(1)) await decideOffline(gate, key, code, new Date(), device);
  const times = [];
  const kinds = [];
  for (const code of codes) {
    const t0 = performance.now();
    const { verdict } = await decideOffline(gate, key, code, new Date(), device);
    times.push(performance.now() - t0);
    kinds.push(verdict.kind);
  }
  return { firstMs, times, kinds };
}

globalThis.checkinBench = { load, run };
`;

export async function bundleEntry(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), sourcefile: "checkin-bench-entry.ts", loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  return result.outputFiles[0]!.text;
}

export type OfflineCase = { code: string; expect: "valid" | "already_checked_in" | "forged" };

export async function runOffline(input: { gate: CheckinGate; publicKey: string; sync: unknown; cases: OfflineCase[]; warmup: string[] }) {
  const js = await bundleEntry();
  const html = `<!doctype html><meta charset="utf-8"><title>check-in bench</title><script type="module" src="/bench.js"></script>`;
  const server = createServer((req, res) => {
    if (req.url === "/bench.js") res.writeHead(200, { "content-type": "text/javascript" }).end(js);
    else if (req.url === "/") res.writeHead(200, { "content-type": "text/html" }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  try {
    const version = browser.version();
    const page = await browser.newPage();
    page.on("pageerror", (err) => log(`page error: ${String(err)}`));
    await page.goto(`http://localhost:${port}/`);
    await page.waitForFunction(() => "checkinBench" in globalThis);
    if (!(await page.evaluate(() => window.isSecureContext))) throw new Error("the page is not a secure context");
    const loadMs = await page.evaluate((sync) => (globalThis as unknown as { checkinBench: { load: (s: unknown) => Promise<number> } }).checkinBench.load(sync), input.sync);
    const result = await page.evaluate(
      ({ gate, publicKey, codes, warmup }) =>
        (globalThis as unknown as { checkinBench: { run: (...a: unknown[]) => Promise<{ firstMs: number; times: number[]; kinds: string[] }> } }).checkinBench.run(gate, publicKey, codes, warmup),
      { gate: input.gate, publicKey: input.publicKey, codes: input.cases.map((c) => c.code), warmup: input.warmup },
    );
    return { version, loadMs, ...result, bundleBytes: js.length };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The same code with one signature character changed (still well-formed: only the signature fails). */
export function forge(code: string): string {
  const [prefix, payload, signature] = code.split(".") as [string, string, string];
  const i = 20;
  const c = signature[i] === "A" ? "B" : "A";
  return `${prefix}.${payload}.${signature.slice(0, i)}${c}${signature.slice(i + 1)}`;
}

export type OfflineResult = Awaited<ReturnType<typeof runOffline>>;
