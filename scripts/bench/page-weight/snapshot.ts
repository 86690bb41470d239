/**
 * The socket half of the page-weight benchmark: the live seat snapshot of a date as WebSocket
 * clients receive it (speaking tRPC's WebSocket protocol directly, offering permessage-deflate
 * as browsers do), its size decoded and on the wire, and how long watchers that open the map
 * together wait for it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

type RawSocket = {
  on: (event: string, listener: (...args: never[]) => void) => void;
  send: (data: string) => void;
  terminate: () => void;
  extensions: string;
  _socket: { bytesRead: number };
};
const WebSocket = createRequire(import.meta.url)("ws") as new (url: string, options: { headers: Record<string, string>; localAddress?: string }) => RawSocket;

export type SnapshotFigures = {
  /** The snapshot's tRPC frame as the client reads it (after inflating). */
  rawBytes: number;
  /** Bytes the socket read for it: frame header and, where negotiated, the deflated payload. */
  wireBytes: number;
  extensions: string;
  seatsListed: number;
};

/** Whether a frame is the snapshot (tRPC sends a "started" reply first). */
const isSnapshot = (data: Buffer) => data.subarray(0, 200).includes('"snapshot"');

function subscribe(socket: RawSocket, scopeId: string) {
  socket.send(JSON.stringify({ id: 1, method: "subscription", params: { path: "shop.watch", input: { json: { scopeId } } } }));
}

/** Seats a snapshot lists, in either format (records before decision 032, packed after). */
function seatsIn(text: string): number {
  const seats = (JSON.parse(text) as { result: { data: { json: { seats: unknown } } } }).result.data.json.seats;
  if (Array.isArray(seats)) return seats.length;
  const packed = seats as { blocks: [string, string[]][]; w: number; other: unknown[] };
  let n = packed.other.length;
  for (const [, rows] of packed.blocks) for (const row of rows) n += row.replaceAll(".", "").length / packed.w;
  return n;
}

/** One watcher: connect, subscribe, measure the snapshot frame. */
export async function measureSnapshot(wsUrl: string, origin: string, scopeId: string): Promise<SnapshotFigures> {
  const socket = new WebSocket(wsUrl, { headers: { origin } });
  await new Promise<void>((resolve, reject) => {
    socket.on("open", () => resolve());
    socket.on("error", (err: Error) => reject(err));
  });
  let before = socket._socket.bytesRead;
  const text = await new Promise<string>((resolve) => {
    socket.on("message", (data: Buffer) => {
      if (isSnapshot(data)) resolve(data.toString());
      else before = socket._socket.bytesRead;
    });
    subscribe(socket, scopeId);
  });
  const wireBytes = socket._socket.bytesRead - before;
  socket.terminate();
  return { rawBytes: Buffer.byteLength(text), wireBytes, extensions: socket.extensions || "none", seatsListed: seatsIn(text) };
}

export type Storm = { watchers: number; p50Ms: number; p95Ms: number; maxMs: number; wireBytes: number; serverRssGrowthBytes: number };

/** Resident memory of a process (Linux). */
function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : NaN;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/**
 * `n` watchers open the map at once (from 127.0.x.y, 50 per address): from starting the
 * connection to the snapshot's arrival, per watcher. Messages are not parsed here, so the
 * clients' own work stays small next to the server's. The server's resident memory is read
 * before and while all `n` are open (`serverPid`).
 */
export async function snapshotStorm(wsUrl: string, origin: string, scopeId: string, n: number, serverPid: number): Promise<Storm> {
  const rssBefore = rssBytes(serverPid);
  const waits: number[] = [];
  let wireBytes = 0;
  const sockets: RawSocket[] = [];
  await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const started = performance.now();
      const socket = new WebSocket(wsUrl, { headers: { origin }, localAddress: `127.0.${1 + Math.floor(i / 50)}.${1 + (i % 50)}` });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.on("error", (err: Error) => reject(err));
        socket.on("open", () => subscribe(socket, scopeId));
        socket.on("message", (data: Buffer) => {
          if (!isSnapshot(data)) return;
          waits.push(performance.now() - started);
          wireBytes += socket._socket.bytesRead;
          resolve();
        });
      });
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const serverRssGrowthBytes = rssBytes(serverPid) - rssBefore;
  for (const s of sockets) s.terminate();
  return { watchers: n, p50Ms: percentile(waits, 50), p95Ms: percentile(waits, 95), maxMs: Math.max(...waits), wireBytes: wireBytes / n, serverRssGrowthBytes };
}
