import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import { verifyUserInfoToken } from "../../server/modules/auth/user-info-token";
import { V } from "../../shared/schemas/messages";
import { decodeSessionToken } from "../../shared/session-token";
import { createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";
import { failure } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("login, session and logout", () => {
  it("login sets an HttpOnly, SameSite=Lax session cookie and returns userInfo", async () => {
    const user = await createUser(t.database.db, { role: "organiser", firstName: "Olga", lastName: "Org" });
    const browser = t.client();
    const before = Date.now();
    const res = await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });

    const cookie = browser.lastResponse()!.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
    // Default inactivity window: 7 days.
    const expires = cookie!.expires!.getTime();
    expect(expires).toBeGreaterThan(before + 6.9 * 24 * 3600_000);
    expect(expires).toBeLessThan(Date.now() + 7.1 * 24 * 3600_000);

    expect(res.user).toMatchObject({ id: user.id, role: "organiser", email: user.email, organiserId: user.organiserId });
    const decoded = decodeSessionToken(res.token);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.payload).toMatchObject({ sub: user.id, role: "organiser", name: "Olga Org" });
    expect(decoded.payload.exp * 1000).toBeGreaterThan(Date.now());
    expect(Math.abs(decoded.payload.exp - Math.floor(expires / 1000))).toBeLessThanOrEqual(1);
    expect(verifyUserInfoToken(res.token, t.config.APP_SECRET)).toEqual(decoded.payload);

    // Only a hash of the secret is stored.
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.secretHash).not.toContain(cookie!.value.split(".")[1]!);
  });

  it("auth.me returns the signed-in user with the cookie, null without", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });

    const me = await browser.trpc.auth.me.query();
    expect(me?.user).toMatchObject({ id: user.id, email: user.email, role: "organiser" });
    expect(decodeSessionToken(me?.token).ok).toBe(true);

    expect(await t.client().trpc.auth.me.query()).toBeNull();
  });

  it("accepts the email in any case", async () => {
    const user = await createUser(t.database.db, { role: "organiser", email: "mixed.case@example.com" });
    const res = await t.client().trpc.auth.login.mutate({ email: "Mixed.Case@EXAMPLE.com", password: user.password });
    expect(res.user.id).toBe(user.id);
  });

  it("a wrong password is INVALID_CREDENTIALS and sets no cookie", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    const error = await failure(browser.trpc.auth.login.mutate({ email: user.email!, password: `${user.password}x` }));
    expect(error.appCode).toBe("INVALID_CREDENTIALS");
    expect(error.httpStatus).toBe(401);
    expect(browser.lastResponse()!.cookies).toEqual([]);
  });

  it("an unknown email is INVALID_CREDENTIALS too (no account oracle at login)", async () => {
    const error = await failure(t.client().trpc.auth.login.mutate({ email: "nobody@example.com", password: "Whatever1!" }));
    expect(error.appCode).toBe("INVALID_CREDENTIALS");
  });

  it.each(["deactivated", "disabled"] as const)("a %s account is ACCOUNT_DISABLED", async (status) => {
    const user = await createUser(t.database.db, { role: "reseller", status });
    const error = await failure(t.client().trpc.auth.login.mutate({ email: user.email!, password: user.password }));
    expect(error.appCode).toBe("ACCOUNT_DISABLED");
  });

  it("empty fields are VALIDATION with the login message", async () => {
    const error = await failure(t.client().trpc.auth.login.mutate({ email: "", password: "" }));
    expect(error.appCode).toBe("VALIDATION");
    expect(error.fieldErrors).toMatchObject({ email: [V.loginRequired], password: [V.loginRequired] });
  });

  it("a forged session cookie is no session", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    const [id] = browser.cookies.get(SESSION_COOKIE)!.split(".");
    browser.cookies.set(SESSION_COOKIE, `${id}.abcdefghijklmnopqrstuvwx`);
    expect(await browser.trpc.auth.me.query()).toBeNull();
    browser.cookies.set(SESSION_COOKIE, "nonsense");
    expect(await browser.trpc.auth.me.query()).toBeNull();
  });

  it("deactivating a user ends the use of its session", async () => {
    const user = await createUser(t.database.db, { role: "reseller" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    expect(await browser.trpc.auth.me.query()).not.toBeNull();
    await t.database.db.update(users).set({ status: "deactivated" }).where(eq(users.id, user.id));
    expect(await browser.trpc.auth.me.query()).toBeNull();
  });

  it("logout ends the session: the cookie is cleared and the old token is dead", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    const token = browser.cookies.get(SESSION_COOKIE)!;

    expect(await browser.trpc.auth.logout.mutate()).toEqual({ ok: true });
    const cleared = browser.lastResponse()!.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await browser.trpc.auth.me.query()).toBeNull();

    // Replaying the old cookie does not bring the session back.
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, token);
    expect(await replay.trpc.auth.me.query()).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("logging out one browser keeps the other signed in", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const laptop = t.client();
    const phone = t.client();
    await laptop.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    await phone.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    await laptop.trpc.auth.logout.mutate();
    expect(await laptop.trpc.auth.me.query()).toBeNull();
    expect((await phone.trpc.auth.me.query())?.user.id).toBe(user.id);
  });

  it("agents log in with their username, others cannot use agent login", async () => {
    const agent = await createUser(t.database.db, { role: "agent", username: "door-north" });
    const browser = t.client();
    const res = await browser.trpc.auth.agentLogin.mutate({ username: "Door-North", password: agent.password });
    expect(res.user).toMatchObject({ id: agent.id, role: "agent" });
    expect(browser.lastResponse()!.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);

    const organiser = await createUser(t.database.db, { role: "organiser", username: "not-an-agent" });
    const refused = await failure(t.client().trpc.auth.agentLogin.mutate({ username: "not-an-agent", password: organiser.password }));
    expect(refused.appCode).toBe("INVALID_CREDENTIALS");
  });
});
