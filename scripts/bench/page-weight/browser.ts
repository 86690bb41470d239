/**
 * The browser half of the page-weight benchmark (scripts/bench/page-weight.ts): loads of the
 * event page in headless Chromium with the DevTools protocol recording every response (bytes
 * decoded and bytes on the wire, served from cache or not), and the time until the seat plan
 * is drawn with the live seat states.
 */
import type { Browser, BrowserContext, CDPSession } from "playwright-core";

export type Kind = "html" | "js" | "css" | "api" | "other";
export type Bytes = { count: number; raw: number; wire: number };
export type Load = {
  /** Since navigation start: the plan drawn with the snapshot's seat states (two frames after both were there). */
  mapDrawnMs: number;
  domContentLoadedMs: number;
  requests: number;
  /** Requests that reached the server: not answered from the browser's cache (a revalidation counts). */
  toServer: number;
  byKind: Record<Kind, Bytes>;
  /** Content-Encoding of the page's scripts as sent ("br", "gzip" or "none"). */
  scriptEncoding: string;
  /** Size of the first seat-map message over the WebSocket, as the page received it (decoded). */
  snapshotChars: number;
};

const KINDS: Kind[] = ["html", "js", "css", "api", "other"];

function kindOf(type: string, url: string): Kind {
  if (type === "Document") return "html";
  if (type === "Script") return "js";
  if (type === "Stylesheet") return "css";
  if (url.includes("/trpc")) return "api";
  return "other";
}

/**
 * Marks the moment the plan is drawn with the live seat states: the plan's first render and the
 * feed's first snapshot are both there, then two animation frames (the renderer draws states on
 * its next frame).
 */
const MAP_DRAWN_PROBE = `(() => {
  const check = () => {
    if (window.__mapDrawnAt !== undefined) return;
    const plan = document.querySelector('[data-testid="seating-plan"][data-rendered="true"]');
    const feed = document.querySelector('[data-testid="seat-map"][data-feed-ready="true"]');
    if (!plan || !feed) return;
    window.__mapDrawnAt = -1;
    requestAnimationFrame(() => requestAnimationFrame(() => { window.__mapDrawnAt = performance.now(); }));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-rendered", "data-feed-ready"] });
})();`;

export async function newContext(browser: Browser): Promise<BrowserContext> {
  // bypassCSP: the probe's polling evaluates a string, which the app's CSP forbids (no effect on loading).
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await context.addInitScript(`localStorage.setItem("lang", "en"); ${MAP_DRAWN_PROBE}`);
  return context;
}

/** A buyer's connection: bits per second down and up, round trip added per request. */
export type Network = { downMbit: number; upMbit: number; rttMs: number };

/**
 * One load of `url` in `context` (cold: a fresh context; warm: one that loaded it before), on
 * loopback or through Chromium's network throttling.
 */
export async function loadPage(context: BrowserContext, url: string, network?: Network): Promise<Load> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (network) {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: network.rttMs,
      downloadThroughput: (network.downMbit * 1e6) / 8,
      uploadThroughput: (network.upMbit * 1e6) / 8,
    });
  }
  type Entry = { kind: Kind; raw: number; wire: number; status: number; cached: boolean; encoding: string };
  const entries = new Map<string, Entry>();
  let snapshotChars = 0;
  cdp.on("Network.requestWillBeSent", (e) => {
    entries.set(e.requestId, { kind: kindOf(e.type ?? "", e.request.url), raw: 0, wire: 0, status: 0, cached: false, encoding: "none" });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const entry = entries.get(e.requestId);
    if (!entry) return;
    entry.kind = kindOf(e.type, e.response.url);
    entry.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) entry.cached = true;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    entry.encoding = headers["content-encoding"] ?? "none";
  });
  cdp.on("Network.dataReceived", (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.raw += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.wire = e.encodedDataLength;
  });
  cdp.on("Network.webSocketFrameReceived", (e) => {
    if (snapshotChars === 0 && e.response.payloadData.includes('"snapshot"')) snapshotChars = e.response.payloadData.length;
  });
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForFunction("window.__mapDrawnAt > 0", undefined, { timeout: 60_000, polling: 20 });
  const timing = (await page.evaluate(`({
    mapDrawnMs: window.__mapDrawnAt,
    domContentLoadedMs: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
  })`)) as { mapDrawnMs: number; domContentLoadedMs: number };
  // Requests still finishing (late images, the socket's first frames) are counted too.
  await page.waitForTimeout(500);
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
  await cdp.detach();
  await page.close();

  const byKind = Object.fromEntries(KINDS.map((k) => [k, { count: 0, raw: 0, wire: 0 }])) as Record<Kind, Bytes>;
  let toServer = 0;
  const scriptEncodings = new Set<string>();
  for (const e of entries.values()) {
    if (e.status === 0) continue; // the WebSocket upgrade, a redirect hop
    const b = byKind[e.kind];
    b.count++;
    b.raw += e.raw;
    b.wire += e.cached ? 0 : e.wire;
    if (!e.cached) toServer++;
    if (e.kind === "js" && !e.cached && e.status === 200) scriptEncodings.add(e.encoding);
  }
  return {
    ...timing,
    requests: [...entries.values()].filter((e) => e.status !== 0).length,
    toServer,
    byKind,
    scriptEncoding: [...scriptEncodings].join("+") || "cached",
    snapshotChars,
  };
}
