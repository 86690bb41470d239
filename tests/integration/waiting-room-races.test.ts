import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { admitNext, setWaitingRoomTesting } from "../../server/modules/waiting-room/admission";
import { waitingRoomStatus } from "../../server/modules/waiting-room/queue";
import { createTestApp, type TestApp } from "./helpers/app";
import { createShopEvent } from "./helpers/shop";

/**
 * The waiting room under concurrency, on Postgres (decision 033): buyers joining at once get
 * distinct places in one unbroken run and are let in in that order; admission steps running at
 * once (polls of many buyers, several instances) never let in more than the rate allows. The
 * control run drops the event's lock from the step and must let in too many (the test can fail).
 */
const JOINS = 200;
const STEPS = 24;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => setWaitingRoomTesting(null));
afterAll(async () => {
  await t?.close();
});

async function roomAt(perMinute: number) {
  const shop = await createShopEvent(t, { layout: null });
  await shop.organiser.trpc.waitingRoom.saveSettings.mutate({ eventId: shop.eventId, enabled: true, perMinute });
  return shop.eventId;
}

async function entries(eventId: string) {
  const rows = await t.database.rows<{ position: number; slot: number | null }>(
    sql`select position::float8 as position, (extract(epoch from admitted_at) * 1000000)::float8 as slot
        from waiting_room_entries where event_id = ${eventId} order by position`,
  );
  return rows.map((r) => ({ position: Number(r.position), slot: r.slot === null ? null : Number(r.slot) }));
}

/** `n` waiting places of an event made at `now`, none let in (the caller runs the steps). */
async function fillQueue(eventId: string, n: number, now: Date) {
  await t.database.rows(
    sql`insert into waiting_room_entries (event_id, token_hash, created_at, last_seen_at)
        select ${eventId}, 'race-' || ${eventId} || '-' || g, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from generate_series(1, ${n}) g returning id`,
  );
}

/**
 * JOINS buyers (each its own browser and address) join a room of 600 a minute at once: the first
 * hundred (the burst) are let in as they come, the others wait; then steps let everybody in.
 * Checks the places and what each buyer is told; returns the admission slots in order of place.
 */
async function joinAtOnce() {
  const eventId = await roomAt(600);
  const t0 = Date.now();
  // The control run: no lock, and each join's step stalled a random while (steps then run in any order).
  if (controlRun) setWaitingRoomTesting({ skipLock: true, pauseSeconds: () => Math.random() * 0.1 });
  const buyers = Array.from({ length: JOINS }, () => t.client());
  const joined = await Promise.all(buyers.map((b) => b.trpc.waitingRoom.join.mutate({ eventId, token: null })));
  setWaitingRoomTesting(null);
  expect(new Set(joined.map((j) => j.token)).size).toBe(JOINS);
  const positions = (await entries(eventId)).map((r) => r.position);
  expect(new Set(positions).size).toBe(JOINS);
  expect(positions.at(-1)! - positions[0]! + 1).toBe(JOINS);
  if (!controlRun) {
    // The burst, plus what the rate (ten a second) added while the joins ran.
    const admitted = joined.filter((j) => j.status.state === "admitted").length;
    expect(admitted).toBeGreaterThanOrEqual(100);
    expect(admitted).toBeLessThanOrEqual(100 + Math.ceil(((Date.now() - t0) / 1000) * 10));
    // Every buyer's own token names its own place: the waiting are told places 1, 2, 3, ...
    const reported = await Promise.all(joined.map((j) => waitingRoomStatus(t.deps, { eventId, token: j.token!, now: new Date(t0) })));
    const waiting = reported.flatMap((r) => (r.state === "waiting" ? [r.position] : []));
    expect(waiting.length).toBeGreaterThan(0);
    expect([...waiting].sort((a, b) => a - b)).toEqual(Array.from({ length: waiting.length }, (_, i) => i + 1));
  }
  for (let s = 1; s <= 15; s++) await admitNext(t.database.db, { eventId, now: new Date(Date.now() + s * 1000), validitySeconds: 600 });
  const rows = await entries(eventId);
  expect(rows.every((r) => r.slot !== null)).toBe(true);
  return { eventId, slots: rows.map((r) => r.slot!) };
}

/**
 * STEPS admission steps of one event for the same moment, started 15 ms apart and each stalled
 * 200 ms between reading the budget and spending it: every step reads while others are stalled.
 */
async function concurrentSteps(eventId: string, now: Date) {
  setWaitingRoomTesting({ pauseSeconds: 0.2, ...(controlRun ? { skipLock: true } : {}) });
  const results = await Promise.all(
    Array.from({ length: STEPS }, (_, i) => new Promise((r) => setTimeout(r, i * 15)).then(() => admitNext(t.database.db, { eventId, now, validitySeconds: 600 }))),
  );
  setWaitingRoomTesting(null);
  return results;
}
let controlRun = false;

describe.runIf(process.env.TEST_DATABASE_URL)("the waiting room under concurrency (Postgres)", () => {
  it(`${JOINS} buyers joining at once get distinct places in one unbroken run, and are let in in that order`, async () => {
    const { slots } = await joinAtOnce();
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
  });

  it("control run: joins without the event's lock let places in out of order (so the test above can fail)", async () => {
    controlRun = true;
    try {
      const { slots } = await joinAtOnce();
      expect(slots).not.toEqual([...slots].sort((a, b) => a - b));
    } finally {
      controlRun = false;
    }
  });

  it(`${STEPS} admission steps at once let in exactly the rate's budget, and no more as time goes on`, async () => {
    const eventId = await roomAt(60); // a burst of 10, then one a second
    const t0 = Date.now();
    await fillQueue(eventId, 100, new Date(t0));
    const first = await concurrentSteps(eventId, new Date(t0));
    expect(first.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1);
    expect((await entries(eventId)).filter((r) => r.slot !== null)).toHaveLength(10);
    await concurrentSteps(eventId, new Date(t0 + 1000));
    expect((await entries(eventId)).filter((r) => r.slot !== null)).toHaveLength(11);
    await concurrentSteps(eventId, new Date(t0 + 5500));
    const rows = await entries(eventId);
    expect(rows.filter((r) => r.slot !== null)).toHaveLength(15);
    // In order of arrival: the admitted are exactly the first fifteen places.
    expect(rows.slice(0, 15).every((r) => r.slot !== null)).toBe(true);
  });

  it("control run: without the event's lock, steps at once spend the same budget several times (so the test above can fail)", async () => {
    const eventId = await roomAt(60);
    const t0 = Date.now();
    await fillQueue(eventId, 100, new Date(t0));
    controlRun = true;
    try {
      await concurrentSteps(eventId, new Date(t0));
    } finally {
      controlRun = false;
    }
    expect((await entries(eventId)).filter((r) => r.slot !== null).length).toBeGreaterThan(10);
  });
});
