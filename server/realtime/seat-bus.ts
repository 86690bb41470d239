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

/** From this many watchers of one channel on an instance, deliveries are coalesced further. */
const BUSY_CHANNEL_WATCHERS = 200;
/** The extra coalescing window: 1 ms per 20 watchers (1,000 → 50 ms, 5,000 → 250 ms), at most 250 ms. */
export function fanOutWindowMs(watchers: number): number {
  return watchers < BUSY_CHANNEL_WATCHERS ? 0 : Math.min(250, Math.ceil(watchers / 20));
}

type Wire = { c: string; t: number; s: SeatState[]; q: CounterState[] };

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
};
type Pending = { seats: Map<string, SeatState>; counters: Map<string, CounterState> };

/**
 * Realtime seat announcements (ARCHITECTURE "Realtime"). Services announce changes after their
 * transaction commits; the bus coalesces them per channel over a short tick and publishes one
 * NOTIFY per channel and tick. Every instance fans what it hears out to its local watchers,
 * numbering deliveries per channel so a watcher can tell a gap.
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
  }

  /** Subscribes to a channel; returns the current delivery number and the stop function. */
  watch(channel: string, listener: (d: BusDelivery) => void): { version: number; stop: () => void } {
    let hub = this.hubs.get(channel);
    if (!hub) this.hubs.set(channel, (hub = { version: 0, listeners: new Set(), pending: null, sentAt: 0, timer: null }));
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
      for (const payload of chunk(channel, [...p.seats.values()], [...p.counters.values()])) {
        try {
          await this.transport.publish(payload);
        } catch (err) {
          // A lost announcement costs watchers a resync at worst, never a wrong seat: the
          // holds themselves are committed. Tell local watchers to reload.
          this.log.error({ err, channel }, "seat announcement failed");
          this.deliver(channel, { kind: "resync" });
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
    const hub = this.hubs.get(wire.c);
    if (!hub) return;
    const window = fanOutWindowMs(hub.listeners.size);
    if (window === 0 && !hub.pending) {
      this.fanOut(hub, wire.s, wire.q, wire.t);
      return;
    }
    // A busy channel: one delivery per window, each seat and counter at its newest version.
    const p = (hub.pending ??= { seats: new Map(), counters: new Map() });
    for (const seat of wire.s) if ((p.seats.get(seat.k)?.v ?? -1) < seat.v) p.seats.set(seat.k, seat);
    for (const counter of wire.q) if ((p.counters.get(counter.k)?.v ?? -1) < counter.v) p.counters.set(counter.k, counter);
    if (!hub.sentAt || wire.t < hub.sentAt) hub.sentAt = wire.t;
    hub.timer ??= setTimeout(() => {
      hub.timer = null;
      const pending = hub.pending;
      hub.pending = null;
      const sentAt = hub.sentAt;
      hub.sentAt = 0;
      if (pending) this.fanOut(hub, [...pending.seats.values()], [...pending.counters.values()], sentAt);
    }, window);
  }

  private fanOut(hub: Hub, seats: SeatState[], counters: CounterState[], sentAt: number): void {
    hub.version++;
    const delivery: BusDelivery = { kind: "delta", message: { type: "delta", version: hub.version, seats, counters, sentAt } };
    for (const listener of hub.listeners) listener(delivery);
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
export function chunk(channel: string, seats: SeatState[], counters: CounterState[]): string[] {
  const out: string[] = [];
  const t = Date.now();
  let s: SeatState[] = [];
  let q: CounterState[] = counters;
  let size = 100 + channel.length + JSON.stringify(counters).length;
  for (const seat of seats) {
    const add = JSON.stringify(seat).length + 1;
    if (size + add > MAX_PAYLOAD_BYTES && s.length > 0) {
      out.push(JSON.stringify({ c: channel, t, s, q } satisfies Wire));
      s = [];
      q = [];
      size = 100 + channel.length;
    }
    s.push(seat);
    size += add;
  }
  if (s.length > 0 || q.length > 0) out.push(JSON.stringify({ c: channel, t, s, q } satisfies Wire));
  return out;
}
