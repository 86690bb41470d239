import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { LOGIN_LIMITS } from "../../server/modules/auth/login-limits";
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
    const browser = t.client();
    for (let attempt = 1; attempt <= 11; attempt++) {
      await browser.mutate("auth.login", { email: user.email, password: "wrong" });
    }
    expect(appCodeOf(await browser.mutate("auth.login", { email: user.email, password: user.password }))).toBe("TOO_MANY_REQUESTS");
    // Move this email's windows 16 minutes into the past (the window is 15 minutes).
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key like ${`login:email%${user.email}%`}`,
    );
    const res = await browser.mutate("auth.login", { email: user.email, password: user.password });
    expect(res.status).toBe(200);
  });
});

/**
 * Issue 12: ten wrong passwords from anyone locked the owner out. The lock is per account and
 * address; the account's own limit over all addresses is ten times higher (decision 010).
 */
describe("login rate limit per account and address", () => {
  it("an attacker at another address does not lock the owner out", async () => {
    const owner = await createUser(t.database.db, { role: "organiser" });
    const attacker = t.client();
    for (let attempt = 1; attempt <= LOGIN_LIMITS.perAccountAndAddress; attempt++) {
      expect(appCodeOf(await attacker.mutate("auth.login", { email: owner.email, password: `guess-${attempt}` }))).toBe("INVALID_CREDENTIALS");
    }
    expect(appCodeOf(await attacker.mutate("auth.login", { email: owner.email, password: "guess" }))).toBe("TOO_MANY_REQUESTS");
    // The attacker stays locked even with the right password; the owner, elsewhere, is not.
    expect(appCodeOf(await attacker.mutate("auth.login", { email: owner.email, password: owner.password }))).toBe("TOO_MANY_REQUESTS");
    const res = await t.client().mutate("auth.login", { email: owner.email, password: owner.password });
    expect(res.status).toBe(200);
  });

  it("the same holds for an agent's username", async () => {
    const agent = await createUser(t.database.db, { role: "agent" });
    const attacker = t.client();
    for (let attempt = 1; attempt <= LOGIN_LIMITS.perAccountAndAddress + 1; attempt++) {
      await attacker.mutate("auth.agentLogin", { username: agent.username, password: "guess" });
    }
    expect(appCodeOf(await attacker.mutate("auth.agentLogin", { username: agent.username, password: agent.password }))).toBe("TOO_MANY_REQUESTS");
    expect((await t.client().mutate("auth.agentLogin", { username: agent.username, password: agent.password })).status).toBe(200);
  });

  it("guessing spread over many addresses still meets the account's limit", async () => {
    const owner = await createUser(t.database.db, { role: "organiser" });
    const addresses = LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndAddress;
    for (let a = 0; a < addresses; a++) {
      const attacker = t.client();
      const tries = Array.from({ length: LOGIN_LIMITS.perAccountAndAddress }, (_, i) =>
        attacker.mutate("auth.login", { email: owner.email, password: `guess-${a}-${i}` }),
      );
      for (const res of await Promise.all(tries)) expect(appCodeOf(res)).toBe("INVALID_CREDENTIALS");
    }
    // One more guess from yet another address is refused, as is the owner until the window ends.
    expect(appCodeOf(await t.client().mutate("auth.login", { email: owner.email, password: "guess" }))).toBe("TOO_MANY_REQUESTS");
    expect(appCodeOf(await t.client().mutate("auth.login", { email: owner.email, password: owner.password }))).toBe("TOO_MANY_REQUESTS");
  });
});
