import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../server/db/schema";
import {
  createSession,
  deleteExpiredSessions,
  SESSION_COOKIE,
  validateSessionToken,
} from "../../server/modules/auth/session";
import { createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const OPTIONS = { inactivityDays: 7 };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function sessionRow(token: string) {
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, token.split(".")[0]!));
  return row;
}

describe("session lifetime", () => {
  it("expires after the inactivity window and refreshes at most hourly", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const start = new Date();
    const { token, expiresAt } = await createSession(t.database.db, user.id, { ...OPTIONS, now: start });
    expect(expiresAt.getTime()).toBe(start.getTime() + 7 * DAY);

    const soon = await validateSessionToken(t.database.db, token, { ...OPTIONS, now: new Date(start.getTime() + 30 * 60 * 1000) });
    expect(soon?.user.id).toBe(user.id);
    expect(soon?.session).toMatchObject({ refreshed: false, expiresAt });

    const later = new Date(start.getTime() + 2 * HOUR);
    const refreshed = await validateSessionToken(t.database.db, token, { ...OPTIONS, now: later });
    expect(refreshed?.session.refreshed).toBe(true);
    expect(refreshed?.session.expiresAt.getTime()).toBe(later.getTime() + 7 * DAY);
    expect((await sessionRow(token))?.expiresAt.getTime()).toBe(later.getTime() + 7 * DAY);

    const idle = new Date(later.getTime() + 7 * DAY);
    expect(await validateSessionToken(t.database.db, token, { ...OPTIONS, now: idle })).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("activity never extends a session beyond 30 days", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const start = new Date();
    const { token } = await createSession(t.database.db, user.id, { ...OPTIONS, now: start });
    for (let day = 6; day < 30; day += 6) {
      const result = await validateSessionToken(t.database.db, token, { ...OPTIONS, now: new Date(start.getTime() + day * DAY) });
      expect(result, `day ${day}`).not.toBeNull();
      expect(result!.session.expiresAt.getTime()).toBeLessThanOrEqual(start.getTime() + 30 * DAY);
    }
    expect(await validateSessionToken(t.database.db, token, { ...OPTIONS, now: new Date(start.getTime() + 30 * DAY) })).toBeNull();
  });

  it("a refreshed session renews the cookie over HTTP", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    const token = browser.cookies.get(SESSION_COOKIE)!;
    // Pretend the last check was two hours ago and the session is about to run out.
    await t.database.db
      .update(sessions)
      .set({ lastVerifiedAt: new Date(Date.now() - 2 * HOUR), expiresAt: new Date(Date.now() + HOUR) })
      .where(eq(sessions.id, token.split(".")[0]!));

    expect(await browser.trpc.auth.me.query()).not.toBeNull();
    const cookie = browser.lastResponse()!.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBe(token);
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    expect((await sessionRow(token))?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
  });

  it("an unrefreshed request sets no cookie", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    await browser.trpc.auth.me.query();
    expect(browser.lastResponse()!.cookies).toEqual([]);
  });

  it("the clean-up job deletes expired sessions only", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const old = await createSession(t.database.db, user.id, { ...OPTIONS, now: new Date(Date.now() - 8 * DAY) });
    const fresh = await createSession(t.database.db, user.id, OPTIONS);
    await deleteExpiredSessions(t.database.db);
    expect(await sessionRow(old.token)).toBeUndefined();
    expect(await sessionRow(fresh.token)).toBeDefined();
  });
});
