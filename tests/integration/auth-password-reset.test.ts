import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens } from "../../server/db/schema";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import { V } from "../../shared/schemas/messages";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";
import { readOutbox, tokenFromLastMail } from "./helpers/outbox";
import { attempt } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const RESET_PATH = "/auth/reset-password/";
const NEW_PASSWORD = "N3w-password!";

async function requestReset(email: string): Promise<string> {
  const res = await attempt(t.client().trpc.auth.forgotPassword.mutate({ email }));
  expect(res.data).toEqual({ ok: true });
  return (await tokenFromLastMail(t.database.db, email, RESET_PATH)).token;
}

async function expireToken(token: string): Promise<void> {
  await t.database.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(authTokens.id, token.split(".")[0]!));
}

describe("forgot password", () => {
  it("an unknown email is EMAIL_NOT_FOUND on the email field and sends nothing", async () => {
    const res = await attempt(t.client().trpc.auth.forgotPassword.mutate({ email: "ghost@example.com" }));
    expect(appCodeOf(res)).toBe("EMAIL_NOT_FOUND");
    expect(res.error?.httpStatus).toBe(404);
    expect(res.error?.fieldErrors).toEqual({ email: ["EMAIL_NOT_FOUND"] });
    expect(await readOutbox(t.database.db, "ghost@example.com")).toEqual([]);
  });

  it("an invalid email is VALIDATION", async () => {
    const res = await attempt(t.client().trpc.auth.forgotPassword.mutate({ email: "not-an-email" }));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error?.fieldErrors).toEqual({ email: [V.email] });
  });

  it("a known email gets a mail with a reset link in the user's language", async () => {
    const user = await createUser(t.database.db, { role: "organiser", locale: "de" });
    const res = await attempt(t.client().trpc.auth.forgotPassword.mutate({ email: user.email!.toUpperCase() }));
    expect(res.data).toEqual({ ok: true });
    const { mail, link, token } = await tokenFromLastMail(t.database.db, user.email!, RESET_PATH);
    expect(mail).toMatchObject({ template: "password_reset", locale: "de", status: "pending" });
    expect(link.origin).toBe(t.config.PUBLIC_BASE_URL);
    expect(token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
    expect(mail.html).toContain(link.href);
  });
});

describe("reset password", () => {
  it("checkResetToken says valid for a fresh link and invalid for garbage", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const token = await requestReset(user.email!);
    expect(await t.client().trpc.auth.checkResetToken.query({ token })).toEqual({ status: "valid" });
    expect(await t.client().trpc.auth.checkResetToken.query({ token: "garbage" })).toEqual({ status: "invalid" });
  });

  it("a confirmation that does not match is VALIDATION on confirmPassword", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const token = await requestReset(user.email!);
    const res = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` }));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error?.fieldErrors).toEqual({ confirmPassword: [V.passwordsMismatch] });
    // Nothing was spent.
    expect(await t.client().trpc.auth.checkResetToken.query({ token })).toEqual({ status: "valid" });
  });

  it("a weak new password is VALIDATION on password", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const token = await requestReset(user.email!);
    const res = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: "weakpass", confirmPassword: "weakpass" }));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error?.fieldErrors?.password).toContain(V.passwordUpper);
  });

  it("a reset sets the new password, ends every session and spends the token", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: user.email!, password: user.password });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(await browser.trpc.auth.me.query()).not.toBeNull();

    const token = await requestReset(user.email!);
    const res = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(res.data).toEqual({ ok: true });

    // The session from before the reset no longer works.
    expect(await browser.trpc.auth.me.query()).toBeNull();

    // The link works once.
    const again = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: "An0ther-pass!", confirmPassword: "An0ther-pass!" }));
    expect(appCodeOf(again)).toBe("INVALID_TOKEN");
    expect(await t.client().trpc.auth.checkResetToken.query({ token })).toEqual({ status: "invalid" });

    // The new password logs in, the old one does not.
    const withNew = await attempt(t.client().trpc.auth.login.mutate({ email: user.email!, password: NEW_PASSWORD }));
    expect(withNew.error).toBeUndefined();
    const withOld = await attempt(t.client().trpc.auth.login.mutate({ email: user.email!, password: user.password }));
    expect(appCodeOf(withOld)).toBe("INVALID_CREDENTIALS");
  });

  it("an expired link is TOKEN_EXPIRED and changes nothing", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const token = await requestReset(user.email!);
    await expireToken(token);

    expect(await t.client().trpc.auth.checkResetToken.query({ token })).toEqual({ status: "expired" });
    const res = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(appCodeOf(res)).toBe("TOKEN_EXPIRED");
    expect(res.error?.httpStatus).toBe(400);
    const login = await attempt(t.client().trpc.auth.login.mutate({ email: user.email!, password: user.password }));
    expect(login.error).toBeUndefined();
  });

  it("a newer link replaces the earlier one", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    const first = await requestReset(user.email!);
    const second = await requestReset(user.email!);
    expect(second).not.toBe(first);

    const old = await attempt(t.client().trpc.auth.resetPassword.mutate({ token: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(appCodeOf(old)).toBe("INVALID_TOKEN");
    const current = await attempt(t.client().trpc.auth.resetPassword.mutate({ token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(current.data).toEqual({ ok: true });
  });

  it.each([
    ["garbage", "garbage"],
    ["an unknown token", "abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwx"],
  ])("%s is INVALID_TOKEN", async (_label, token) => {
    const res = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(appCodeOf(res)).toBe("INVALID_TOKEN");
  });

  it("an activation token cannot reset a password", async () => {
    const email = "pending@example.com";
    await t.client().trpc.auth.register.mutate({
      firstName: "Pia",
      lastName: "Pending",
      organizerName: "Pending Events",
      email,
      confirmEmail: email,
      password: "Passw0rd!",
    });
    const { token } = await tokenFromLastMail(t.database.db, email, "/api/auth/activate/");
    const res = await attempt(t.client().trpc.auth.resetPassword.mutate({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(appCodeOf(res)).toBe("INVALID_TOKEN");
  });
});
