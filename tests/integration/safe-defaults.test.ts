import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { outboxMails } from "../../server/db/schema";
import { createTestApp, type TestApp } from "./helpers/app";

/** Issue 12 item 2: a default start cannot be taken over from another machine. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("a default start listens on loopback", () => {
  it("HOST defaults to localhost, and the development secret is kept to loopback", () => {
    expect(loadConfig({}).HOST).toBe("localhost");
    for (const host of ["localhost", "127.0.0.1", "::1", "[::1]", "127.1.2.3"]) expect(loadConfig({ HOST: host }).HOST).toBe(host);
  });

  it("refuses to listen beyond loopback with the development secret", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "example.org"]) {
      expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: host })).toThrow(/APP_SECRET/);
      expect(loadConfig({ HOST: host, APP_SECRET: "s".repeat(40) }).HOST).toBe(host);
    }
  });
});

describe("the outbox page answers this machine only", () => {
  it("refuses a client from another address, for the list and for one mail", async () => {
    const [mail] = await t.database.db
      .insert(outboxMails)
      .values({ to: "victim@example.com", locale: "en", template: "password_reset", subject: "Reset", text: "http://x/reset/abc", html: "<p>x</p>" })
      .returning({ id: outboxMails.id });
    for (const remoteAddress of ["10.0.0.5", "192.168.1.7", "203.0.113.9", "::ffff:10.0.0.5"]) {
      expect((await t.app.inject({ method: "GET", url: "/dev/mail", remoteAddress })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/dev/mail?to=victim@example.com", remoteAddress })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: `/dev/mail/${mail!.id}`, remoteAddress })).statusCode).toBe(404);
    }
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const page = await t.app.inject({ method: "GET", url: "/dev/mail", remoteAddress });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("victim@example.com");
    }
  });
});
