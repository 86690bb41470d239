import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, users } from "../../server/db/schema";
import type { TRegisterInput } from "../../shared/schemas/auth";
import { V } from "../../shared/schemas/messages";
import { createTestApp, type TestApp } from "./helpers/app";
import { readOutbox, tokenFromLastMail } from "./helpers/outbox";
import { failure } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const ACTIVATE_PATH = "/api/auth/activate/";

function registration(email: string): TRegisterInput {
  return {
    firstName: "Anna",
    lastName: "Berg",
    organizerName: "Stadtbühne Berg",
    email,
    confirmEmail: email,
    password: "Passw0rd!",
    locale: "en",
  };
}

async function findUser(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe("registration and activation", () => {
  const email = "anna@example.com";

  it("registers a pending organiser and writes the activation mail to the outbox", async () => {
    expect(await t.client().trpc.auth.register.mutate(registration(email))).toEqual({ ok: true });

    const user = await findUser(email);
    expect(user).toMatchObject({ role: "organiser", status: "pending", firstName: "Anna", locale: "en" });
    expect(user?.organiserId).not.toBeNull();
    expect(user?.passwordHash).not.toContain("Passw0rd!");

    const mails = await readOutbox(t.database.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "activation", status: "pending", locale: "en" });
    const { link, token } = await tokenFromLastMail(t.database.db, email, ACTIVATE_PATH);
    expect(link.origin).toBe(t.config.PUBLIC_BASE_URL);
    expect(token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
  });

  it("refuses to log in before activation", async () => {
    const browser = t.client();
    const error = await failure(browser.trpc.auth.login.mutate({ email, password: "Passw0rd!" }));
    expect(error.appCode).toBe("ACCOUNT_NOT_ACTIVATED");
    expect(error.httpStatus).toBe(403);
    expect(browser.lastResponse()!.cookies).toEqual([]);
  });

  it("the emailed link activates the account once, then says it is already activated", async () => {
    const { link } = await tokenFromLastMail(t.database.db, email, ACTIVATE_PATH);
    const browser = t.client();

    const first = await browser.request({ method: "GET", url: link.pathname });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/activation-success");
    expect(await findUser(email)).toMatchObject({ status: "active" });
    expect((await findUser(email))?.activatedAt).toBeInstanceOf(Date);

    const second = await browser.request({ method: "GET", url: link.pathname });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe("/activation-error?reason=already-activated");
  });

  it("logs in after activation", async () => {
    const res = await t.client().trpc.auth.login.mutate({ email, password: "Passw0rd!" });
    expect(res.user.email).toBe(email);
  });

  it.each([
    ["garbage", "garbage"],
    ["a well-formed unknown token", "abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwx"],
    ["an over-long token", "a".repeat(300)],
  ])("%s as activation token redirects to the activation error page", async (_label, token) => {
    const res = await t.app.inject({ method: "GET", url: `${ACTIVATE_PATH}${token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/activation-error");
  });

  it("a right id with a wrong secret does not activate", async () => {
    const other = "wrong-secret@example.com";
    await t.client().trpc.auth.register.mutate(registration(other));
    const { token } = await tokenFromLastMail(t.database.db, other, ACTIVATE_PATH);
    const [id] = token.split(".");
    const res = await t.app.inject({ method: "GET", url: `${ACTIVATE_PATH}${id}.abcdefghijklmnopqrstuvwx` });
    expect(res.headers.location).toBe("/activation-error");
    expect(await findUser(other)).toMatchObject({ status: "pending" });
  });

  it("an expired activation link does not activate", async () => {
    const other = "late@example.com";
    await t.client().trpc.auth.register.mutate(registration(other));
    const { link, token } = await tokenFromLastMail(t.database.db, other, ACTIVATE_PATH);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.id, token.split(".")[0]!));
    const res = await t.app.inject({ method: "GET", url: link.pathname });
    expect(res.headers.location).toBe("/activation-error");
    expect(await findUser(other)).toMatchObject({ status: "pending" });
  });

  it("a taken email is EMAIL_TAKEN on the email field, whatever its case", async () => {
    for (const taken of [email, "ANNA@Example.com"]) {
      const error = await failure(t.client().trpc.auth.register.mutate(registration(taken)));
      expect(error.appCode).toBe("EMAIL_TAKEN");
      expect(error.httpStatus).toBe(409);
      expect(error.fieldErrors).toEqual({ email: ["EMAIL_TAKEN"] });
    }
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(await readOutbox(t.database.db, email)).toHaveLength(1);
  });

  it("the server applies the shared registration rules", async () => {
    const error = await failure(
      t.client().trpc.auth.register.mutate({
        ...registration("weak@example.com"),
        firstName: "Al",
        password: "password",
        confirmEmail: "other@example.com",
      }),
    );
    expect(error.appCode).toBe("VALIDATION");
    expect(error.httpStatus).toBe(400);
    expect(error.fieldErrors?.firstName).toEqual([V.minLength3]);
    expect(error.fieldErrors?.password).toEqual(expect.arrayContaining([V.passwordUpper, V.passwordDigit, V.passwordSpecial]));
    expect(await findUser("weak@example.com")).toBeUndefined();
  });
});
