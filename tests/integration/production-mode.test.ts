import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import { createTestApp, createTestClient, type TestApp } from "./helpers/app";
import { createTestDeps } from "./helpers/config";
import { createUser } from "./helpers/factories";

/** The same database served by a development app and a production app. */
let dev: TestApp;
let production: FastifyInstance;

beforeAll(async () => {
  dev = await createTestApp();
  production = await buildApp(createTestDeps(dev.database, { NODE_ENV: "production", APP_SECRET: "x".repeat(40) }));
  await production.ready();
});

afterAll(async () => {
  await production.close();
  await dev.close();
});

describe("development and production differ where they should", () => {
  it("the session cookie is Secure in production only", async () => {
    const user = await createUser(dev.database.db, { role: "organiser" });
    const login = { email: user.email, password: user.password };

    const inProduction = await createTestClient(production).mutate("auth.login", login);
    expect(inProduction.response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true });

    const inDevelopment = await dev.client().mutate("auth.login", login);
    expect(inDevelopment.response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
  });

  it("the outbox page exists outside production and lists the mails' links", async () => {
    const email = "outbox-reader@example.com";
    await dev.client().mutate("auth.register", {
      firstName: "Otto",
      lastName: "Outbox",
      organizerName: "Outbox Events",
      email,
      confirmEmail: email,
      password: "Passw0rd!",
    });
    const page = await dev.app.inject({ method: "GET", url: `/dev/mail?to=${encodeURIComponent(email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${dev.config.PUBLIC_BASE_URL}/api/auth/activate/`);
  });

  it("the outbox page does not exist in production", async () => {
    const res = await production.inject({ method: "GET", url: "/dev/mail" });
    expect(res.statusCode).toBe(404);
  });

  it("production asks browsers to upgrade insecure requests", async () => {
    const res = await production.inject({ method: "GET", url: "/healthz" });
    expect(res.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    const devRes = await dev.app.inject({ method: "GET", url: "/healthz" });
    expect(devRes.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  });
});
