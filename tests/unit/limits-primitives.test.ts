import { describe, expect, it } from "vitest";
import { mintDevice, readDevice } from "../../server/http/device";
import { SlidingWindowCounter } from "../../server/lib/sliding-window";

describe("SlidingWindowCounter", () => {
  const start = 1_000_000 * 60_000; // the start of a minute

  it("allows `limit` events per window and tells how long to wait after that", () => {
    const c = new SlidingWindowCounter(3, 60_000);
    expect([c.take("a", start), c.take("a", start + 1), c.take("a", start + 2)]).toEqual([0, 0, 0]);
    const wait = c.take("a", start + 3);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Other keys are counted apart.
    expect(c.take("b", start + 3)).toBe(0);
  });

  it("weighs the previous window by the part of it still within the last minute", () => {
    const c = new SlidingWindowCounter(4, 60_000);
    for (let i = 0; i < 4; i++) expect(c.take("a", start + 50_000 + i)).toBe(0);
    // 1 s into the next window, 59/60 of the previous window's 4 still count (3.93): one more fits.
    expect(c.take("a", start + 61_000)).toBe(0);
    expect(c.take("a", start + 61_001)).toBeGreaterThan(0);
    // 44 s in, 16/60 of them still count (1.07) beside this window's 1: two more fit.
    expect(c.take("a", start + 104_000)).toBe(0);
    expect(c.take("a", start + 104_001)).toBe(0);
    expect(c.take("a", start + 104_002)).toBeGreaterThan(0);
    // Two windows later everything is forgotten.
    for (let i = 0; i < 4; i++) expect(c.take("a", start + 180_000 + i)).toBe(0);
  });
});

describe("device cookie", () => {
  const secret = "s".repeat(40);

  it("reads back what it minted, and nothing forged, altered or signed with another secret", () => {
    const { id, cookie } = mintDevice(secret);
    expect(readDevice(secret, cookie)).toBe(id);
    expect(readDevice("t".repeat(40), cookie)).toBeNull();
    const [, sig] = cookie.split(".");
    const other = mintDevice(secret);
    expect(readDevice(secret, `${other.id}.${sig}`)).toBeNull();
    expect(readDevice(secret, `${id}.${"A".repeat(22)}`)).toBeNull();
    for (const bad of [undefined, "", id, `${id}.`, `${cookie}x`, "a.b"]) expect(readDevice(secret, bad)).toBeNull();
  });
});
