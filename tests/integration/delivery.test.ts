import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app";
import { ok, ticketCategory } from "./helpers/events";
import { blockKeys, createShopEvent, holdVia, seatsAs, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { listenLocal } from "./helpers/ws";

// The built client this app serves: a folder of the test's own (read when the app is built).
const dist = vi.hoisted(() => {
  const dir = `/tmp/delivery-test-${process.pid}-${Date.now()}`;
  process.env.CLIENT_DIST_DIR = dir;
  return dir;
});

type RawSocket = {
  on: (event: string, listener: (...args: never[]) => void) => void;
  send: (data: string) => void;
  close: () => void;
  extensions: string;
  _socket: { bytesRead: number };
};
const WebSocket = createRequire(import.meta.url)("ws") as new (url: string, options: { headers: Record<string, string> }) => RawSocket;

const JS = `export const plan = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ seat: i, label: `Seat ${i}` })))};\n`;
const HTML = `<!doctype html><html><head><title>Ticketing</title></head><body>${"<div id=root></div>".repeat(100)}</body></html>`;
const ASSET = "assets/plan-Ab12Cd34.js";

function writeClient() {
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  for (const [file, text] of [
    ["index.html", HTML],
    [ASSET, JS],
  ] as const) {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
}

describe("what buyers download (issue 25 item 4)", () => {
  let t: TestApp;
  let shop: ShopEvent;

  beforeAll(async () => {
    writeClient();
    t = await createTestApp({ SERVE_CLIENT: "true" });
    shop = await createShopEvent(t, {
      layout: gridLayout(2, 10, 20),
      categories: [ticketCategory("cat1", { seatingCategoryId: "cat1", maxPerOrder: 200, dailyQuantity: 400 })],
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
    delete process.env.CLIENT_DIST_DIR;
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("a hashed asset: the build's brotli or gzip file as the browser accepts, cached for a year", async () => {
    const br = await get(`/${ASSET}`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(readFileSync(path.join(dist, `${ASSET}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get(`/${ASSET}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, `${ASSET}.gz`)))).toBe(true);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    expect((await get("/assets/plan-missing1.js", { "accept-encoding": "br" })).statusCode).toBe(404);
  });

  it("index.html and un-hashed files are revalidated on every use (ETag, 304)", async () => {
    const page = await get("/", { accept: "text/html", "accept-encoding": "br, gzip" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(HTML);
    const etag = page.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get("/", { accept: "text/html", "accept-encoding": "br, gzip", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const icon = await get("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect((await get("/index.html")).headers["cache-control"]).toBe("no-cache");
  });

  it("a deep link still gets the app's page, compressed and revalidated", async () => {
    const deep = await get(`/event/${shop.eventId}?date=1`, { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip" });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers["content-type"]).toMatch(/^text\/html/);
    expect(deep.headers["content-encoding"]).toBe("gzip");
    expect(deep.headers["cache-control"]).toBe("no-cache");
    const plain = await get(`/dashboard/orders`, { accept: "text/html" });
    expect(plain.body).toBe(HTML);
    expect((await get("/trpc/nothing", { accept: "text/html" })).statusCode).toBe(404);
  });

  it("tRPC answers over HTTP are compressed from 1 KB on; small ones are not", async () => {
    const url = `/trpc/shop.scope?input=${encodeURIComponent(JSON.stringify({ json: { scopeId: shop.dateIds[0] } }))}`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(url, { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);

    const tiny = `/trpc/shop.organiserEvents?input=${encodeURIComponent(JSON.stringify({ json: { organiserId: crypto.randomUUID() } }))}`;
    const small = await get(tiny, { "accept-encoding": "br, gzip" });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe((await get(tiny)).body);
    expect((await get("/healthz", { "accept-encoding": "br, gzip" })).headers["content-encoding"]).toBeUndefined();
  });

  it("the seat map's WebSocket negotiates permessage-deflate: large messages travel compressed, small deltas as they are", async () => {
    const url = await listenLocal(t.app);
    const dateId = shop.dateIds[0]!;
    const socket = new WebSocket(url, { headers: { origin: t.config.PUBLIC_BASE_URL } });
    const messages: { text: string; bytesRead: number }[] = [];
    const handshake = new Promise<string>((resolve, reject) => {
      socket.on("upgrade", (res: { headers: Record<string, string> }) => resolve(res.headers["sec-websocket-extensions"] ?? ""));
      socket.on("error", (err: Error) => reject(err));
    });
    socket.on("message", (data: Buffer) => messages.push({ text: data.toString(), bytesRead: socket._socket.bytesRead }));
    await new Promise((resolve) => socket.on("open", resolve));
    const offered = await handshake;
    expect(offered).toMatch(/^permessage-deflate/);
    expect(offered).toMatch(/server_no_context_takeover/);
    expect(offered).toMatch(/server_max_window_bits=10/);
    expect(socket.extensions).toMatch(/permessage-deflate/);

    socket.send(JSON.stringify({ id: 1, method: "subscription", params: { path: "shop.watch", input: { json: { scopeId: dateId } } } }));
    await vi.waitFor(() => expect(messages.some((m) => m.text.includes('"snapshot"'))).toBe(true));
    // Wire bytes of the next message: what the socket read since now.
    const nextMessage = async (act: () => Promise<unknown>) => {
      const seen = messages.length;
      const before = socket._socket.bytesRead;
      await act();
      await vi.waitFor(() => expect(messages.length).toBe(seen + 1), { timeout: 5000 });
      const m = messages[seen]!;
      return { raw: Buffer.byteLength(m.text), wire: m.bytesRead - before, text: m.text };
    };
    const tc = shop.category("cat1").id;
    // 100 seats in one hold: a delta of ~4 KB.
    const large = await nextMessage(async () => ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, blockKeys("G1", 5, 20)) })));
    expect(large.text).toContain('"delta"');
    expect(large.raw).toBeGreaterThan(2000);
    expect(large.wire).toBeLessThan(large.raw / 2);
    // One seat: under the threshold, sent as it is (its bytes and a frame header).
    const small = await nextMessage(async () => ok(await holdVia(t.client(), { scopeId: dateId, seats: seatsAs(tc, ["G2:9:19"]) })));
    expect(small.raw).toBeLessThan(1024);
    expect(small.wire).toBeGreaterThanOrEqual(small.raw);
    expect(small.wire).toBeLessThanOrEqual(small.raw + 4);
    socket.close();
  });
});
