import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type postgres from "postgres";
import type { CounterState, SeatState } from "../../shared/schemas/shop";

/** The Postgres channel seat announcements travel on between instances. */
export const SEAT_EVENTS_CHANNEL = "seat_events";
/** NOTIFY payloads must stay under 8000 bytes; larger ticks are split into several. */
const MAX_PAYLOAD_BYTES = 7800;
/** A watcher that falls this far behind is resynced instead of buffering more. */
export const MAX_QUEUED_MESSAGES = 200;

export type SeatChanges = { seats: SeatState[]; counters: CounterState[] };
/** What a watcher of one channel (an event date or a season) receives. */
export type BusDelivery =
  | {
      kind: "delta";
      /** The message every watcher of the channel gets: one object, serialised once for all. */
      message: { type: "delta"; version: number; seats: SeatState[]; counters: CounterState[]; sentAt: number };
    }
  | { kind: "resync" };

/** A channel's fan-out may take about this share of the event loop; the next one waits for the rest. */
const FANOUT_LOOP_SHARE = 0.5;
const MAX_FANOUT_WINDOW_MS = 250;
/**
 * How long a channel's next delivery waits after its last one ended, from what a delivery to its
 * watchers costs on this instance (measured): as long again (so fan-out takes at most half of
 * the loop that serves holds), nothing below 1 ms (a channel with few watchers gets every
 * announcement at once), at most 250 ms.
 */
export function fanOutWindowMs(costMs: number): number {
  const window = (costMs * (1 - FANOUT_LOOP_SHARE)) / FANOUT_LOOP_SHARE;
  return window < 1 ? 0 : Math.min(MAX_FANOUT_WINDOW_MS, window);
}

/** A NOTIFY payload: channel, send time, seats, counters and the announcing instance. */
type Wire = { c: string; t: number; s: SeatState[]; q: CounterState[]; i?: string };

/** How announcements reach every instance: Postgres NOTIFY, or in-process for PGlite. */
export type BusTransport = {
  publish: (payload: string) => Promise<void>;
  /** Calls `onMessage` for every payload (own ones too) and `onResubscribed` after a reconnect. */
  start: (onMessage: (payload: string) => void, onResubscribed: () => void) => Promise<void>;
  stop: () => Promise<void>;
};

export function postgresTransport(pg: postgres.Sql): BusTransport {
  let unlisten: (() => Promise<void>) | null = null;
  let first = true;
  return {
    publish: async (payload) => {
      await pg.notify(SEAT_EVENTS_CHANNEL, payload);
    },
    start: async (onMessage, onResubscribed) => {
      const listener = await pg.listen(SEAT_EVENTS_CHANNEL, onMessage, () => {
        // Called on the first LISTEN and after each reconnect: messages may have been missed.
        if (!first) onResubscribed();
        first = false;
      });
      unlisten = listener.unlisten;
    },
    stop: async () => {
      await unlisten?.();
    },
  };
}

export function inProcessTransport(): BusTransport {
  let handler: ((payload: string) => void) | null = null;
  return {
    publish: async (payload) => {
      setImmediate(() => handler?.(payload));
    },
    start: async (onMessage) => {
      handler = onMessage;
    },
    stop: async () => {
      handler = null;
    },
  };
}

type Hub = {
  version: number;
  listeners: Set<(d: BusDelivery) => void>;
  /** Announcements waiting for a busy channel's next delivery. */
  pending: Pending | null;
  sentAt: number;
  timer: NodeJS.Timeout | null;
  /** When the last delivery ended (performance.now()) and what deliveries cost (moving average, ms). */
  lastFanOut: number;
  costMs: number;
};
type Pending = { seats: Map<string, SeatState>; counters: Map<string, CounterState> };

/**
 * Realtime seat announcements (ARCHITECTURE "Realtime"). Services announce changes after their
 * transaction commits; this instance's watchers get them at once, and the bus coalesces them per
 * channel over a short tick and publishes one NOTIFY per channel and tick for the other
 * instances. Every instance fans what it hears out to its local watchers (a channel whose
 * deliveries are expensive at most every `fanOutWindowMs`), numbering deliveries per channel so
 * a watcher can tell a gap.
 */
export class SeatBus {
  readonly instanceId = randomUUID();
  private readonly pending = new Map<string, Pending>();
  private readonly hubs = new Map<string, Hub>();
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;
  private started = false;

  constructor(
    private readonly transport: BusTransport,
    private readonly log: Logger,
    private readonly tickMs = 50,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.transport.start(
      (payload) => this.receive(payload),
      () => this.resyncAll(),
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const hub of this.hubs.values()) if (hub.timer) clearTimeout(hub.timer);
    await this.flush();
    await this.transport.stop();
    this.started = false;
  }

  /** Queues committed changes of a channel; they leave with the next tick. */
  announce(channel: string, changes: Partial<SeatChanges>): void {
    if (!changes.seats?.length && !changes.counters?.length) return;
    let p = this.pending.get(channel);
    if (!p) this.pending.set(channel, (p = { seats: new Map(), counters: new Map() }));
    for (const seat of changes.seats ?? []) {
      const known = p.seats.get(seat.k);
      if (!known || known.v < seat.v) p.seats.set(seat.k, seat);
    }
    for (const counter of changes.counters ?? []) {
      const known = p.counters.get(counter.k);
      if (!known || known.v < counter.v) p.counters.set(counter.k, counter);
    }
    this.schedule();
    // This instance's own watchers learn it at once; the others with the next tick's NOTIFY.
    this.receiveWire({ c: channel, t: Date.now(), s: changes.seats ?? [], q: changes.counters ?? [] });
  }

  /** Subscribes to a channel; returns the current delivery number and the stop function. */
  watch(channel: string, listener: (d: BusDelivery) => void): { version: number; stop: () => void } {
    let hub = this.hubs.get(channel);
    if (!hub) this.hubs.set(channel, (hub = { version: 0, listeners: new Set(), pending: null, sentAt: 0, timer: null, lastFanOut: 0, costMs: 0 }));
    hub.listeners.add(listener);
    const h = hub;
    return {
      version: hub.version,
      stop: () => {
        h.listeners.delete(listener);
        if (h.listeners.size === 0 && this.hubs.get(channel) === h) {
          if (h.timer) clearTimeout(h.timer);
          this.hubs.delete(channel);
        }
      },
    };
  }

  watcherCount(): number {
    let n = 0;
    for (const hub of this.hubs.values()) n += hub.listeners.size;
    return n;
  }

  private schedule(): void {
    if (this.timer) return;
    // Leading edge: a quiet bus sends at once; a busy one at most once per tick.
    const wait = Math.max(0, this.lastFlush + this.tickMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    this.lastFlush = Date.now();
    const batch = [...this.pending];
    this.pending.clear();
    for (const [channel, p] of batch) {
      for (const payload of chunk(channel, [...p.seats.values()], [...p.counters.values()], this.instanceId)) {
        try {
          await this.transport.publish(payload);
        } catch (err) {
          // This instance's watchers have it already; the other instances' watchers miss it
          // until their next snapshot (a reconnect of their LISTEN resyncs them), never a wrong
          // seat: the holds themselves are committed.
          this.log.error({ err, channel }, "seat announcement failed");
        }
      }
    }
  }

  private receive(payload: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    // Its own announcements reached this instance's watchers when they were made.
    if (wire.i !== this.instanceId) this.receiveWire(wire);
  }

  private receiveWire(wire: Wire): void {
    const hub = this.hubs.get(wire.c);
    if (!hub) return;
    // Merged with what waits for the channel's next delivery: each seat and counter at its newest version.
    const p = (hub.pending ??= { seats: new Map(), counters: new Map() });
    for (const seat of wire.s) if ((p.seats.get(seat.k)?.v ?? -1) < seat.v) p.seats.set(seat.k, seat);
    for (const counter of wire.q) if ((p.counters.get(counter.k)?.v ?? -1) < counter.v) p.counters.set(counter.k, counter);
    if (!hub.sentAt || wire.t < hub.sentAt) hub.sentAt = wire.t;
    if (hub.timer) return;
    // Leading edge: at once, unless the channel's last delivery ended less than its window ago.
    const wait = hub.lastFanOut + fanOutWindowMs(hub.costMs) - performance.now();
    if (wait <= 0) this.fanOut(hub);
    else {
      hub.timer = setTimeout(() => {
        hub.timer = null;
        this.fanOut(hub);
      }, wait);
    }
  }

  private fanOut(hub: Hub): void {
    const pending = hub.pending;
    if (!pending) return;
    const sentAt = hub.sentAt;
    hub.pending = null;
    hub.sentAt = 0;
    hub.version++;
    const delivery: BusDelivery = {
      kind: "delta",
      message: { type: "delta", version: hub.version, seats: [...pending.seats.values()], counters: [...pending.counters.values()], sentAt },
    };
    const started = performance.now();
    for (const listener of hub.listeners) listener(delivery);
    hub.lastFanOut = performance.now();
    const cost = hub.lastFanOut - started;
    hub.costMs = hub.costMs === 0 ? cost : 0.7 * hub.costMs + 0.3 * cost;
  }

  private deliver(channel: string, delivery: BusDelivery): void {
    const hub = this.hubs.get(channel);
    if (!hub) return;
    for (const listener of hub.listeners) listener(delivery);
  }

  private resyncAll(): void {
    this.log.warn("seat announcements reconnected: resyncing every watcher");
    for (const channel of this.hubs.keys()) this.deliver(channel, { kind: "resync" });
  }
}

/** Splits a tick into NOTIFY payloads under the Postgres limit. */
export function chunk(channel: string, seats: SeatState[], counters: CounterState[], instanceId?: string): string[] {
  const out: string[] = [];
  const t = Date.now();
  let s: SeatState[] = [];
  let q: CounterState[] = counters;
  const head = 100 + channel.length + (instanceId?.length ?? 0);
  let size = head + JSON.stringify(counters).length;
  for (const seat of seats) {
    const add = JSON.stringify(seat).length + 1;
    if (size + add > MAX_PAYLOAD_BYTES && s.length > 0) {
      out.push(JSON.stringify({ c: channel, t, s, q, ...(instanceId ? { i: instanceId } : {}) } satisfies Wire));
      s = [];
      q = [];
      size = head;
    }
    s.push(seat);
    size += add;
  }
  if (s.length > 0 || q.length > 0) out.push(JSON.stringify({ c: channel, t, s, q, ...(instanceId ? { i: instanceId } : {}) } satisfies Wire));
  return out;
}
