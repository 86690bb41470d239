import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";
import { tokenFromLastMail } from "./helpers/outbox";
import { attempt, type Attempt } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

function outcomes(results: Attempt<unknown>[]): string[] {
  return results.map((r) => (r.error ? r.error.appCode : "ok")).sort();
}

describe("concurrent submits (real races on Postgres)", () => {
  it("registering one email several times at once creates one account; the others get EMAIL_TAKEN, not a 500", async () => {
    const email = "twice@example.com";
    const input = {
      firstName: "Tom",
      lastName: "Twice",
      organizerName: "Twice Events",
      email,
      confirmEmail: email,
      password: "Passw0rd!",
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => attempt(t.client().trpc.auth.register.mutate(input))));
    expect(outcomes(results)).toEqual(["EMAIL_TAKEN", "EMAIL_TAKEN", "EMAIL_TAKEN", "ok"]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("a reset link submitted several times at once is used once", async () => {
    const user = await createUser(t.database.db, { role: "organiser" });
    await t.client().trpc.auth.forgotPassword.mutate({ email: user.email! });
    const { token } = await tokenFromLastMail(t.database.db, user.email!, "/auth/reset-password/");
    const passwords = Array.from({ length: 10 }, (_, i) => `Choice-${i}-pass!`);
    const results = await Promise.all(
      passwords.map((password) => attempt(t.client().trpc.auth.resetPassword.mutate({ token, password, confirmPassword: password }))),
    );
    expect(outcomes(results)).toEqual([...Array<string>(passwords.length - 1).fill("INVALID_TOKEN"), "ok"]);

    const winner = passwords[results.findIndex((r) => !r.error)]!;
    const login = await attempt(t.client().trpc.auth.login.mutate({ email: user.email!, password: winner }));
    expect(login.error).toBeUndefined();
  });
});
