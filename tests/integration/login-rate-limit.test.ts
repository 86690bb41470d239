import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { LOGIN_LIMITS } from "../../server/modules/auth/login-limits";
import { createUser } from "./helpers/factories";
import { attempt } from "./helpers/trpc";

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
    for (let n = 1; n <= 10; n++) {
      const res = await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: `wrong-${n}` }));
      expect(appCodeOf(res), `attempt ${n}`).toBe("INVALID_CREDENTIALS");
    }
    const eleventh = await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: "wrong-11" }));
    expect(appCodeOf(eleventh)).toBe("TOO_MANY_REQUESTS");
    expect(eleventh.error?.httpStatus).toBe(429);

    const correct = await attempt(browser.trpc.auth.login.mutate({ email: user.email!.toUpperCase(), password: user.password }));
    expect(appCodeOf(correct)).toBe("TOO_MANY_REQUESTS");
    expect(browser.lastResponse()!.cookies).toEqual([]);
  });

  it("successful logins use nothing up: 15 in a row, then 10 wrong passwords still lock (issue 24 item 9)", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    for (let n = 1; n <= 15; n++) {
      const res = await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: user.password }));
      expect(res.error, `login ${n}`).toBeUndefined();
    }
    for (let n = 1; n <= LOGIN_LIMITS.perAccountAndAddress; n++) {
      expect(appCodeOf(await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: "wrong" }))), `wrong ${n}`).toBe("INVALID_CREDENTIALS");
    }
    expect(appCodeOf(await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: user.password })))).toBe("TOO_MANY_REQUESTS");
  });

  it("an agent's successful logins use nothing up either", async () => {
    const owner = await createUser(t.database.db, { role: "organiser" });
    const agent = await createUser(t.database.db, { role: "agent", organiserId: owner.organiserId });
    const browser = t.client();
    for (let n = 1; n <= 12; n++) {
      const res = await attempt(browser.trpc.auth.agentLogin.mutate({ username: agent.username!, password: agent.password }));
      expect(res.error, `login ${n}`).toBeUndefined();
    }
  });

  it("another email from the same address is not blocked", async () => {
    const blocked = await createUser(t.database.db, { role: "organiser" });
    const other = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    for (let n = 1; n <= 11; n++) {
      await attempt(browser.trpc.auth.login.mutate({ email: blocked.email!, password: "wrong" }));
    }
    const res = await attempt(browser.trpc.auth.login.mutate({ email: other.email!, password: other.password }));
    expect(res.error).toBeUndefined();
  });

  it("one address is limited to 30 attempts whatever the emails", async () => {
    const browser = t.client();
    for (let n = 1; n <= 30; n++) {
      const res = await attempt(browser.trpc.auth.login.mutate({ email: `spray-${n}@example.com`, password: "wrong" }));
      expect(appCodeOf(res), `attempt ${n}`).toBe("INVALID_CREDENTIALS");
    }
    const res = await attempt(browser.trpc.auth.login.mutate({ email: "spray-31@example.com", password: "wrong" }));
    expect(appCodeOf(res)).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect(appCodeOf(await attempt(t.client().trpc.auth.login.mutate({ email: "spray-31@example.com", password: "wrong" })))).toBe(
      "INVALID_CREDENTIALS",
    );
  });

  it("once the window has passed, the email can log in again", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    for (let n = 1; n <= 11; n++) {
      await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: "wrong" }));
    }
    expect(appCodeOf(await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: user.password })))).toBe("TOO_MANY_REQUESTS");
    // Move this email's windows 16 minutes into the past (the window is 15 minutes).
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key like ${`login:email%${user.email}%`}`,
    );
    const res = await attempt(browser.trpc.auth.login.mutate({ email: user.email!, password: user.password }));
    expect(res.error).toBeUndefined();
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
    for (let n = 1; n <= LOGIN_LIMITS.perAccountAndAddress; n++) {
      expect(appCodeOf(await attempt(attacker.trpc.auth.login.mutate({ email: owner.email!, password: `guess-${n}` })))).toBe("INVALID_CREDENTIALS");
    }
    expect(appCodeOf(await attempt(attacker.trpc.auth.login.mutate({ email: owner.email!, password: "guess" })))).toBe("TOO_MANY_REQUESTS");
    // The attacker stays locked even with the right password; the owner, elsewhere, is not.
    expect(appCodeOf(await attempt(attacker.trpc.auth.login.mutate({ email: owner.email!, password: owner.password })))).toBe("TOO_MANY_REQUESTS");
    const res = await attempt(t.client().trpc.auth.login.mutate({ email: owner.email!, password: owner.password }));
    expect(res.error).toBeUndefined();
  });

  it("the same holds for an agent's username", async () => {
    const agent = await createUser(t.database.db, { role: "agent" });
    const attacker = t.client();
    for (let n = 1; n <= LOGIN_LIMITS.perAccountAndAddress + 1; n++) {
      await attempt(attacker.trpc.auth.agentLogin.mutate({ username: agent.username!, password: "guess" }));
    }
    expect(appCodeOf(await attempt(attacker.trpc.auth.agentLogin.mutate({ username: agent.username!, password: agent.password })))).toBe("TOO_MANY_REQUESTS");
    expect((await attempt(t.client().trpc.auth.agentLogin.mutate({ username: agent.username!, password: agent.password }))).error).toBeUndefined();
  });

  it("guessing spread over many addresses still meets the account's limit", async () => {
    const owner = await createUser(t.database.db, { role: "organiser" });
    const addresses = LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndAddress;
    for (let a = 0; a < addresses; a++) {
      const attacker = t.client();
      const tries = Array.from({ length: LOGIN_LIMITS.perAccountAndAddress }, (_, i) =>
        attempt(attacker.trpc.auth.login.mutate({ email: owner.email!, password: `guess-${a}-${i}` })),
      );
      for (const res of await Promise.all(tries)) expect(appCodeOf(res)).toBe("INVALID_CREDENTIALS");
    }
    // One more guess from yet another address is refused, as is the owner until the window ends.
    expect(appCodeOf(await attempt(t.client().trpc.auth.login.mutate({ email: owner.email!, password: "guess" })))).toBe("TOO_MANY_REQUESTS");
    expect(appCodeOf(await attempt(t.client().trpc.auth.login.mutate({ email: owner.email!, password: owner.password })))).toBe("TOO_MANY_REQUESTS");
  });
});
