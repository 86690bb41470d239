import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("login rate limit", () => {
  it("the 11th attempt for one email within the window is TOO_MANY_REQUESTS, even with the right password", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await browser.mutate("auth.login", { email: user.email, password: `wrong-${attempt}` });
      expect(appCodeOf(res), `attempt ${attempt}`).toBe("INVALID_CREDENTIALS");
    }
    const eleventh = await browser.mutate("auth.login", { email: user.email, password: "wrong-11" });
    expect(appCodeOf(eleventh)).toBe("TOO_MANY_REQUESTS");
    expect(eleventh.status).toBe(429);

    const correct = await browser.mutate("auth.login", { email: user.email!.toUpperCase(), password: user.password });
    expect(appCodeOf(correct)).toBe("TOO_MANY_REQUESTS");
    expect(correct.response.cookies).toEqual([]);
  });

  it("another email from the same address is not blocked", async () => {
    const blocked = await createUser(t.database.db, { role: "organiser" });
    const other = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    for (let attempt = 1; attempt <= 11; attempt++) {
      await browser.mutate("auth.login", { email: blocked.email, password: "wrong" });
    }
    const res = await browser.mutate("auth.login", { email: other.email, password: other.password });
    expect(res.status).toBe(200);
  });

  it("one address is limited to 30 attempts whatever the emails", async () => {
    const browser = t.client();
    for (let attempt = 1; attempt <= 30; attempt++) {
      const res = await browser.mutate("auth.login", { email: `spray-${attempt}@example.com`, password: "wrong" });
      expect(appCodeOf(res), `attempt ${attempt}`).toBe("INVALID_CREDENTIALS");
    }
    const res = await browser.mutate("auth.login", { email: "spray-31@example.com", password: "wrong" });
    expect(appCodeOf(res)).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect(appCodeOf(await t.client().mutate("auth.login", { email: "spray-31@example.com", password: "wrong" }))).toBe(
      "INVALID_CREDENTIALS",
    );
  });

  it("once the window has passed, the email can log in again", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    for (let attempt = 1; attempt <= 11; attempt++) {
      await t.client().mutate("auth.login", { email: user.email, password: "wrong" });
    }
    expect(appCodeOf(await t.client().mutate("auth.login", { email: user.email, password: user.password }))).toBe(
      "TOO_MANY_REQUESTS",
    );
    // Move this email's window 16 minutes into the past (the window is 15 minutes).
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key = ${`login:email:${user.email}`}`,
    );
    const res = await t.client().mutate("auth.login", { email: user.email, password: user.password });
    expect(res.status).toBe(200);
  });
});
