import { describe, expect, it } from "vitest";
import { countAhead } from "../../server/modules/waiting-room/view";
import { admissionBurst, admissionSlots, estimatedWaitSeconds, nextSlotUs, pollIntervalMs } from "../../shared/rules/waiting-room";
import { ZSaveWaitingRoomInput } from "../../shared/schemas/waiting-room";

const S = 1_000_000; // a second in µs
const T0 = 1_800_000_000 * S;

/** Runs the rule as the server does: steps at `times` (seconds after T0), always somebody waiting. */
function simulate(perMinute: number, times: number[], waiting = Infinity) {
  let last: number | null = null;
  let left = waiting;
  const admittedAt: number[] = [];
  for (const s of times) {
    const slots = admissionSlots({ lastSlotUs: last, nowUs: T0 + s * S, perMinute, waiting: Math.min(left, admissionBurst(perMinute)) });
    for (const slot of slots) admittedAt.push(slot);
    left -= slots.length;
    if (slots.length) last = slots.at(-1)!;
  }
  return admittedAt;
}

describe("admission at the organiser's rate (GCRA)", () => {
  it("lets a burst of ten seconds' worth in at once (at least one)", () => {
    expect([1, 6, 7, 60, 600, 100_000].map(admissionBurst)).toEqual([1, 1, 2, 10, 100, 16_667]);
    expect(simulate(60, [0])).toHaveLength(10);
    expect(simulate(1, [0])).toHaveLength(1);
  });

  it("then one per interval, however often the steps run (at least once per burst window)", () => {
    const every100ms = Array.from({ length: 601 }, (_, i) => i / 10);
    const everySecond = Array.from({ length: 61 }, (_, i) => i);
    const rare = [0, 7, 16, 25.5, 33, 42, 50, 60];
    for (const times of [every100ms, everySecond, rare]) expect(simulate(60, times).length).toBe(10 + 60);
    expect(simulate(600, every100ms).length).toBe(100 + 600);
    // Steps further apart than the burst window lose what they could not spend.
    expect(simulate(60, [0, 30, 60]).length).toBe(30);
    // A fractional interval (7 a minute: one every 8.57 s) keeps its rate: 2 at once, then 7 a minute.
    expect(simulate(7, Array.from({ length: 600 }, (_, i) => i)).length).toBe(2 + 69);
  });

  it("never lets in more than burst + rate × time over any window", () => {
    const times = Array.from({ length: 1200 }, (_, i) => i * 0.25 + (i % 7) * 0.01);
    const slots = simulate(120, times).map((s) => (s - T0) / S);
    expect(slots.length).toBeGreaterThan(500);
    for (const window of [0, 0.5, 1, 5, 10, 60]) {
      // The most admissions within `window` seconds of any admission.
      let most = 0;
      for (let i = 0, j = 0; i < slots.length; i++) {
        while (j < slots.length && slots[j]! - slots[i]! <= window + 1e-9) j++;
        most = Math.max(most, j - i);
      }
      expect(most, `within ${window} s`).toBeLessThanOrEqual(admissionBurst(120) + Math.floor(window * 2));
    }
  });

  it("saves up no more than the burst while nobody comes", () => {
    const last = T0;
    expect(admissionSlots({ lastSlotUs: last, nowUs: T0 + 3600 * S, perMinute: 60, waiting: 1000 })).toHaveLength(10);
    expect(nextSlotUs({ lastSlotUs: last, nowUs: T0 + 3600 * S, perMinute: 60 })).toBe(T0 + 3591 * S);
  });

  it("lets in only as many as wait, keeping the rest of the budget", () => {
    expect(simulate(60, [0], 3)).toHaveLength(3);
    const slots = admissionSlots({ lastSlotUs: T0 - 9 * S + 2 * S, nowUs: T0, perMinute: 60, waiting: 100 });
    expect(slots).toHaveLength(7);
  });
});

describe("what a waiting buyer is told", () => {
  it("estimates the wait from the places ahead and the next free slot", () => {
    expect(estimatedWaitSeconds({ lastSlotUs: T0, nowUs: T0, perMinute: 6, ahead: 0 })).toBe(10);
    expect(estimatedWaitSeconds({ lastSlotUs: T0, nowUs: T0, perMinute: 6, ahead: 3 })).toBe(40);
    expect(estimatedWaitSeconds({ lastSlotUs: null, nowUs: T0, perMinute: 60, ahead: 5 })).toBe(0);
    expect(estimatedWaitSeconds({ lastSlotUs: T0, nowUs: T0, perMinute: 600, ahead: 1199 })).toBe(120);
  });

  it("asks every 2 s near the front and at most every 15 s far back", () => {
    expect([0, 100, 500, 5_000, 100_000].map(pollIntervalMs)).toEqual([2_000, 2_000, 6_000, 15_000, 15_000]);
  });

  it("counts the places ahead in the sorted queue", () => {
    expect(countAhead([3, 5, 8, 13], 1)).toBe(0);
    expect(countAhead([3, 5, 8, 13], 8)).toBe(2);
    expect(countAhead([3, 5, 8, 13], 14)).toBe(4);
  });
});

describe("the organiser's settings", () => {
  it("take a whole number of buyers per minute from 1 to 100,000", () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const perMinute of [1, 600, 100_000]) expect(ZSaveWaitingRoomInput.safeParse({ eventId: id, enabled: true, perMinute }).success).toBe(true);
    for (const perMinute of [0, 100_001, 2.5, Number.NaN, "600"]) {
      const res = ZSaveWaitingRoomInput.safeParse({ eventId: id, enabled: true, perMinute });
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.message).toBe("ve.waitingRoomRate");
    }
  });
});
