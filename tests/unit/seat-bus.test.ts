import pino from "pino";
import { describe, expect, it } from "vitest";
import { type BusDelivery, type BusTransport, chunk, fanOutWindowMs, SeatBus } from "../../server/realtime/seat-bus";

/** A transport that hands payloads to the bus when the test says so. */
function manualTransport() {
  let handler: ((payload: string) => void) | null = null;
  const sent: string[] = [];
  const transport: BusTransport = {
    publish: async (payload) => void sent.push(payload),
    start: async (onMessage) => void (handler = onMessage),
    stop: async () => void (handler = null),
  };
  return { transport, sent, deliver: (payload: string) => handler?.(payload) };
}

const wire = (c: string, seats: { k: string; v: number }[]) => JSON.stringify({ c, t: Date.now(), s: seats.map((s) => ({ ...s, s: "PAYMENT_PENDING" })), q: [] });

describe("seat bus", () => {
  it("splits a large tick into NOTIFY payloads under 8000 bytes, losing no seat", () => {
    const seats = Array.from({ length: 1000 }, (_, i) => ({ k: `block${i % 40}:${i % 200}:${i % 100}`, s: "SOLD" as const, v: i + 2 }));
    const payloads = chunk("00000000-0000-4000-8000-000000000000", seats, [{ k: "ticket:x", cap: 10, held: 1, sold: 2, v: 3 }]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const back = payloads.flatMap((p) => (JSON.parse(p) as { s: { k: string }[] }).s.map((s) => s.k));
    expect(back).toEqual(seats.map((s) => s.k));
  });

  it("the fan-out window follows what a delivery costs: none for a cheap channel, as long again, at most 250 ms", () => {
    expect(fanOutWindowMs(0)).toBe(0);
    expect(fanOutWindowMs(0.5)).toBe(0);
    expect(fanOutWindowMs(20)).toBeCloseTo(20);
    expect(fanOutWindowMs(100)).toBeCloseTo(100);
    expect(fanOutWindowMs(1000)).toBe(250);
  });

  it("an instance's own announcements reach its watchers at once and not again through NOTIFY; other instances' do", async () => {
    const t = manualTransport();
    const bus = new SeatBus(t.transport, pino({ level: "silent" }), 10);
    await bus.start();
    const got: BusDelivery[] = [];
    const sub = bus.watch("d1", (d) => got.push(d));
    bus.announce("d1", { seats: [{ k: "A:0:0", s: "PAYMENT_PENDING", v: 2 }] });
    expect(got).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(t.sent).toHaveLength(1);
    t.deliver(t.sent[0]!);
    expect(got).toHaveLength(1);
    t.deliver(wire("d1", [{ k: "A:0:1", v: 2 }]));
    expect(got.map((d) => (d.kind === "delta" ? [d.message.version, d.message.seats.map((s) => s.k)] : null))).toEqual([
      [sub.version + 1, ["A:0:0"]],
      [sub.version + 2, ["A:0:1"]],
    ]);
    sub.stop();
    await bus.stop();
  });

  it("a quiet channel gets every announcement at once, numbered without gaps", async () => {
    const t = manualTransport();
    const bus = new SeatBus(t.transport, pino({ level: "silent" }), 0);
    await bus.start();
    const got: BusDelivery[] = [];
    const sub = bus.watch("d1", (d) => got.push(d));
    t.deliver(wire("d1", [{ k: "A:0:0", v: 2 }]));
    t.deliver(wire("d1", [{ k: "A:0:1", v: 2 }]));
    t.deliver(wire("other", [{ k: "A:0:2", v: 2 }]));
    expect(got.map((d) => (d.kind === "delta" ? [d.message.version, d.message.seats.map((s) => s.k)] : null))).toEqual([
      [sub.version + 1, ["A:0:0"]],
      [sub.version + 2, ["A:0:1"]],
    ]);
    sub.stop();
    await bus.stop();
  });

  it("a channel whose delivery is slow gets the next one after its window, each seat at its newest version, the same object for every watcher", async () => {
    const t = manualTransport();
    const bus = new SeatBus(t.transport, pino({ level: "silent" }), 0);
    await bus.start();
    const seen: BusDelivery[][] = Array.from({ length: 300 }, () => []);
    // A delivery to these watchers takes about 20 ms (as to thousands of sockets): the next waits as long.
    const subs = seen.map((list, i) =>
      bus.watch("busy", (d) => {
        list.push(d);
        if (i === 0) for (const until = performance.now() + 20; performance.now() < until; );
      }),
    );
    t.deliver(wire("busy", [{ k: "A:0:0", v: 2 }]));
    expect(seen.every((list) => list.length === 1)).toBe(true);
    // Within the window that first delivery opened: held back and merged.
    t.deliver(wire("busy", [{ k: "A:0:0", v: 3 }, { k: "A:0:1", v: 2 }]));
    t.deliver(wire("busy", [{ k: "A:0:0", v: 4 }]));
    expect(seen[0]).toHaveLength(1);
    await new Promise((r) => setTimeout(r, fanOutWindowMs(20) + 40));
    expect(seen.every((list) => list.length === 2)).toBe(true);
    const second = seen[0]![1]!;
    expect(second.kind === "delta" && [second.message.version, second.message.seats.map((s) => [s.k, s.v])]).toEqual([
      subs[0]!.version + 2,
      [
        ["A:0:0", 4],
        ["A:0:1", 2],
      ],
    ]);
    expect(seen.every((list) => list[1] === second)).toBe(true);
    for (const s of subs) s.stop();
    await bus.stop();
  });
});
