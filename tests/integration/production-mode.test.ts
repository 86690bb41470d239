import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../../server/app";
import { ConfigError, loadConfig } from "../../server/config";
import { createDeps } from "../../server/deps";
import { SESSION_COOKIE } from "../../server/modules/auth/session";
import { appCodeOf, createTestApp, createTestClient, type TestApp } from "./helpers/app";
import { createTestConfig, createTestDeps } from "./helpers/config";
import { createUser } from "./helpers/factories";
import { orderRow, paymentIdOf, placeSeatOrder, testPaymentsOf } from "./helpers/orders";
import { createShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt } from "./helpers/trpc";

const PRODUCTION = { NODE_ENV: "production", APP_SECRET: "x".repeat(40) };
const STRIPE = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

/** The same database served by a development app and a production app. */
let dev: TestApp;
let production: FastifyInstance;

beforeAll(async () => {
  dev = await createTestApp();
  production = await buildApp(createTestDeps(dev.database, { ...PRODUCTION, ...STRIPE }));
  await production.ready();
});

afterAll(async () => {
  await production.close();
  await dev.close();
});

describe("development and production differ where they should", () => {
  it("the session cookie is Secure in production only", async () => {
    const user = await createUser(dev.database.db, { role: "organiser" });
    const login = { email: user.email!, password: user.password };

    const inProduction = createTestClient(production);
    await inProduction.trpc.auth.login.mutate(login);
    expect(inProduction.lastResponse()!.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true });

    const inDevelopment = dev.client();
    await inDevelopment.trpc.auth.login.mutate(login);
    expect(inDevelopment.lastResponse()!.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
  });

  it("the outbox page exists outside production and lists the mails' links", async () => {
    const email = "outbox-reader@example.com";
    await dev.client().trpc.auth.register.mutate({
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

/** Issue 12 item 1: production never hands out tickets through the test payment page by accident. */
describe("payments in production", () => {
  it("refuses to start without both Stripe variables unless test payments are allowed", () => {
    for (const stripe of [{}, { STRIPE_SECRET_KEY: "sk_live_x" }, { STRIPE_WEBHOOK_SECRET: "whsec_x" }]) {
      for (const allow of [{}, { ALLOW_TEST_PAYMENTS: "false" }]) {
        expect(() => loadConfig({ ...PRODUCTION, ...stripe, ...allow }), JSON.stringify(stripe)).toThrow(ConfigError);
        expect(() => loadConfig({ ...PRODUCTION, ...stripe, ...allow })).toThrow(/STRIPE_(SECRET_KEY|WEBHOOK_SECRET)/);
      }
    }
    expect(loadConfig({ ...PRODUCTION, ...STRIPE })).toMatchObject({ isProduction: true, ALLOW_TEST_PAYMENTS: false });
    expect(loadConfig({ ...PRODUCTION, ALLOW_TEST_PAYMENTS: "true" })).toMatchObject({ isProduction: true, ALLOW_TEST_PAYMENTS: true });
  });

  it("refuses the Stripe key without its webhook secret in every mode", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      expect(() => loadConfig({ ...PRODUCTION, NODE_ENV, ALLOW_TEST_PAYMENTS: "true", STRIPE_SECRET_KEY: "sk_test_x" }), NODE_ENV).toThrow(/STRIPE_WEBHOOK_SECRET/);
    }
    expect(loadConfig({ NODE_ENV: "development" }).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("the server process itself stops at once, naming the Stripe variables", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "production-start-"));
    try {
      const started = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "server/main.ts"], {
        // A bare environment: nothing of the test run's (database, keys) leaks in. Were the start
        // not refused, the server would come up on a free port in `dir` until the timeout.
        env: { PATH: process.env.PATH, ...PRODUCTION, HOST: "127.0.0.1", PORT: "0", PGLITE_DIR: dir, SEED_DEMO: "false", RUN_JOBS: "false", SERVE_CLIENT: "false" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(started.signal).toBeNull();
      expect(started.status).toBe(1);
      expect(started.stderr).toContain("STRIPE_SECRET_KEY");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it("answers 404 on the test payment endpoints, also where the test provider got in without the opt-in; the opt-in is said loudly", async () => {
    // An order paid through the test provider's page (placed where that provider is active).
    const shop = await createShopEvent(dev, { layout: gridLayout(1, 1, 5) });
    const tc = shop.category("cat1").id;
    const placed = await placeSeatOrder(dev, shop.dateIds[0]!, tc, ["G1:0:0"]);
    const paymentId = paymentIdOf(placed.result);
    const decide = { paymentId, outcome: "paid" as const };

    // A configuration that slipped past loadConfig: production, the test provider, no opt-in.
    const slipped = createTestDeps(dev.database, { ...PRODUCTION, ALLOW_TEST_PAYMENTS: "true" });
    const slippedApp = await buildApp({ ...slipped, config: { ...slipped.config, ALLOW_TEST_PAYMENTS: false } });
    const lines: { level: number; msg: string }[] = [];
    const loud = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    const optedIn = await buildApp(createDeps(createTestConfig({ ...PRODUCTION, ALLOW_TEST_PAYMENTS: "true" }), dev.database, loud));
    try {
      for (const app of [production, slippedApp]) {
        const client = createTestClient(app);
        expect(appCodeOf(await attempt(client.trpc.orders.testPayment.query({ paymentId })))).toBe("NOT_FOUND");
        expect(appCodeOf(await attempt(client.trpc.orders.testDecide.mutate(decide)))).toBe("NOT_FOUND");
        const page = await app.inject({ method: "GET", url: `/test-payment/${paymentId}`, headers: { accept: "text/html" } });
        expect(page.statusCode).toBe(404);
      }
      expect((await orderRow(dev.database, placed.orderId))!.status).toBe("pending");
      expect((await testPaymentsOf(dev.database, placed.orderId)).map((p) => p.status)).toEqual(["open"]);

      // With ALLOW_TEST_PAYMENTS the page works, and every start logs it at error level.
      expect(lines.filter((l) => l.level >= 50 && l.msg.includes("TEST PAYMENTS IN PRODUCTION"))).toHaveLength(1);
      await createTestClient(optedIn).trpc.orders.testDecide.mutate(decide);
      expect((await orderRow(dev.database, placed.orderId))!.status).toBe("valid");
    } finally {
      await slippedApp.close();
      await optedIn.close();
    }
  });
});
