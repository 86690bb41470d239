import { describe, expect, it } from "vitest";
import { retryDelaySeconds } from "../../server/mail/outbox";

describe("retryDelaySeconds", () => {
  it.each([
    [0, 30],
    [1, 30],
    [2, 60],
    [3, 120],
    [4, 240],
    [7, 1920],
  ])("after %i attempts waits %i seconds", (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });

  it("never waits more than an hour", () => {
    expect(retryDelaySeconds(8)).toBe(3600);
    expect(retryDelaySeconds(50)).toBe(3600);
  });

  it("grows with every attempt until the cap", () => {
    for (let attempts = 1; attempts < 8; attempts++) {
      expect(retryDelaySeconds(attempts + 1)).toBeGreaterThan(retryDelaySeconds(attempts));
    }
  });
});
