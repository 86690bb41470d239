import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import { verifyUserInfoToken } from "../../server/modules/auth/user-info-token";
import { V } from "../../shared/schemas/messages";
import { decodeSessionToken } from "../../shared/session-token";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

type UserInfo = { token: string; user: { id: string; role: string; email: string | null; organiserId: string | null } };

describe("login, session and logout", () => {
  it("login sets an HttpOnly, SameSite=Lax session cookie and returns userInfo", async () => {
    const user = await createUser(t.database.db, { role: "organiser", firstName: "Olga", lastName: "Org" });
    const browser = t.client();
    const before = Date.now();
    const res = await browser.mutate<UserInfo>("auth.login", { email: user.email, password: user.password });
    expect(res.status).toBe(200);

    const cookie = res.response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
    // Default inactivity window: 7 days.
    const expires = cookie!.expires!.getTime();
    expect(expires).toBeGreaterThan(before + 6.9 * 24 * 3600_000);
    expect(expires).toBeLessThan(Date.now() + 7.1 * 24 * 3600_000);

    expect(res.data?.user).toMatchObject({ id: user.id, role: "organiser", email: user.email, organiserId: user.organiserId });
    const decoded = decodeSessionToken(res.data?.token);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.payload).toMatchObject({ sub: user.id, role: "organiser", name: "Olga Org" });
    expect(decoded.payload.exp * 1000).toBeGreaterThan(Date.now());
    expect(Math.abs(decoded.payload.exp - Math.floor(expires / 1000))).toBeLessThanOrEqual(1);
    expect(verifyUserInfoToken(res.data!.token, t.config.APP_SECRET)).toEqual(decoded.payload);

    // Only a hash of the secret is stored.
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.secretHash).not.toContain(cookie!.value.split(".")[1]!);
  });

  it("auth.me returns the signed-in user with the cookie, null without", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.mutate("auth.login", { email: user.email, password: user.password });

    const me = await browser.query<UserInfo | null>("auth.me");
    expect(me.status).toBe(200);
    expect(me.data?.user).toMatchObject({ id: user.id, email: user.email, role: "organiser" });
    expect(decodeSessionToken(me.data?.token).ok).toBe(true);

    const anonymous = await t.client().query<UserInfo | null>("auth.me");
    expect(anonymous.status).toBe(200);
    expect(anonymous.data).toBeNull();
  });

  it("accepts the email in any case", async () => {
    const user = await createUser(t.database.db, { role: "organiser", email: "mixed.case@example.com" });
    const res = await t.client().mutate<UserInfo>("auth.login", { email: "Mixed.Case@EXAMPLE.com", password: user.password });
    expect(res.data?.user.id).toBe(user.id);
  });

  it("a wrong password is INVALID_CREDENTIALS and sets no cookie", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const res = await t.client().mutate("auth.login", { email: user.email, password: `${user.password}x` });
    expect(appCodeOf(res)).toBe("INVALID_CREDENTIALS");
    expect(res.status).toBe(401);
    expect(res.response.cookies).toEqual([]);
  });

  it("an unknown email is INVALID_CREDENTIALS too (no account oracle at login)", async () => {
    const res = await t.client().mutate("auth.login", { email: "nobody@example.com", password: "Whatever1!" });
    expect(appCodeOf(res)).toBe("INVALID_CREDENTIALS");
  });

  it.each(["deactivated", "disabled"] as const)("a %s account is ACCOUNT_DISABLED", async (status) => {
    const user = await createUser(t.database.db, { role: "reseller", status });
    const res = await t.client().mutate("auth.login", { email: user.email, password: user.password });
    expect(appCodeOf(res)).toBe("ACCOUNT_DISABLED");
  });

  it("empty fields are VALIDATION with the login message", async () => {
    const res = await t.client().mutate("auth.login", { email: "", password: "" });
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error?.data.fieldErrors).toMatchObject({ email: [V.loginRequired], password: [V.loginRequired] });
  });

  it("a forged session cookie is no session", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.mutate("auth.login", { email: user.email, password: user.password });
    const [id] = browser.cookies.get(SESSION_COOKIE)!.split(".");
    browser.cookies.set(SESSION_COOKIE, `${id}.abcdefghijklmnopqrstuvwx`);
    expect((await browser.query("auth.me")).data).toBeNull();
    browser.cookies.set(SESSION_COOKIE, "nonsense");
    expect((await browser.query("auth.me")).data).toBeNull();
  });

  it("deactivating a user ends the use of its session", async () => {
    const user = await createUser(t.database.db, { role: "reseller" });
    const browser = t.client();
    await browser.mutate("auth.login", { email: user.email, password: user.password });
    expect((await browser.query("auth.me")).data).not.toBeNull();
    await t.database.db.update(users).set({ status: "deactivated" }).where(eq(users.id, user.id));
    expect((await browser.query("auth.me")).data).toBeNull();
  });

  it("logout ends the session: the cookie is cleared and the old token is dead", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.mutate("auth.login", { email: user.email, password: user.password });
    const token = browser.cookies.get(SESSION_COOKIE)!;

    const res = await browser.mutate("auth.logout");
    expect(res.data).toEqual({ ok: true });
    const cleared = res.response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.query("auth.me")).data).toBeNull();

    // Replaying the old cookie does not bring the session back.
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.query("auth.me")).data).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("logging out one browser keeps the other signed in", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const laptop = t.client();
    const phone = t.client();
    await laptop.mutate("auth.login", { email: user.email, password: user.password });
    await phone.mutate("auth.login", { email: user.email, password: user.password });
    await laptop.mutate("auth.logout");
    expect((await laptop.query("auth.me")).data).toBeNull();
    expect((await phone.query<UserInfo>("auth.me")).data?.user.id).toBe(user.id);
  });

  it("agents log in with their username, others cannot use agent login", async () => {
    const agent = await createUser(t.database.db, { role: "agent", username: "door-north" });
    const res = await t.client().mutate<UserInfo>("auth.agentLogin", { username: "Door-North", password: agent.password });
    expect(res.data?.user).toMatchObject({ id: agent.id, role: "agent" });
    expect(res.response.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);

    const organiser = await createUser(t.database.db, { role: "organiser", username: "not-an-agent" });
    const refused = await t.client().mutate("auth.agentLogin", { username: "not-an-agent", password: organiser.password });
    expect(appCodeOf(refused)).toBe("INVALID_CREDENTIALS");
  });
});
