import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * What buyers download (issue 25 item 4, decision 032): the built client precompressed and cached,
 * other responses compressed when worth it, the seat map's WebSocket compressed.
 */

/** Hashed build output (Vite names every file under assets/ by its content): a year, never revalidated. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html, the service worker and other un-hashed files: revalidated (ETag) on every use. */
export const REVALIDATE = "no-cache";

/**
 * Cache-Control of a file of the built client: immutable under `assets/` (Vite's hashed output),
 * revalidated everywhere else (a new build must reach the next page load).
 */
export function cacheControlFor(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  return relative.length > 1 && relative[0] === "assets" ? IMMUTABLE : REVALIDATE;
}

/**
 * The built client from `root`: the `.br`/`.gz` files the build wrote next to each asset
 * (vite.config.ts) are sent to browsers that accept them, with Cache-Control by `cacheControlFor`.
 * `reply.sendFile` (the app-page fallback) gets the same treatment.
 */
export async function registerClientFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // @fastify/send's own header (max-age=0) is replaced by ours.
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header("cache-control", cacheControlFor(root, file));
    },
  });
}

/**
 * Responses made per request (tRPC JSON over HTTP, CSV exports, the dev mail pages) compressed
 * when they are at least 1 KB and of a compressible type: brotli at quality 4 (the plugin's
 * default: fast enough per request), else gzip. Already compressed files pass unchanged; event
 * streams are never compressed (they would wait in the compressor's buffer).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // tRPC answers as a fetch Response whose body is a stream: the compressor would compress
  // every one, however small, through a stream of its own. A JSON answer that is not streamed
  // (httpBatchLink's) is whole already; taken as a buffer, it gets the size threshold and the
  // one-call compression. Streamed answers (JSON lines, event streams) pass as they are.
  // App-level onSend hooks run before the compressor's, which it sets per route.
  app.addHook("onSend", async (_req, reply, payload) => {
    if (!(payload instanceof Response) || !payload.body) return payload;
    const type = payload.headers.get("content-type") ?? "";
    if (!type.startsWith("application/json") || payload.headers.has("transfer-encoding")) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    return Buffer.from(await payload.arrayBuffer());
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
}

/**
 * permessage-deflate for the seat map's WebSocket (the `ws` server's options). Only messages of
 * 1 KB and more are compressed (snapshots, large deltas): the threshold applies because the server
 * does not keep its compression context between messages, so every socket's deflate stream is
 * small and reset after each message. A 1 KB window and memLevel 4 keep that stream at about
 * 12 KB per socket instead of 256 KB: a packed snapshot compresses as well with it (its codes
 * repeat within a row). Level 1: a snapshot to thousands of watchers costs ~0.15 ms each instead
 * of ~0.8 ms at the default level, for about a fifth more bytes. The client's messages (small
 * calls) are inflated with the window the browser chose; its context is not kept either.
 */
export const WS_PER_MESSAGE_DEFLATE = {
  threshold: 1024,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  serverMaxWindowBits: 10,
  zlibDeflateOptions: { level: 1, memLevel: 4 },
  concurrencyLimit: 10,
} as const;
