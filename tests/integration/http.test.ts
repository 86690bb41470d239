import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../../server/app";
import superjson, { type SuperJSONResult } from "superjson";
import { createTestApp, type TestApp } from "./helpers/app";
import { failure, malformed } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("HTTP layer", () => {
  it("GET /healthz reports the database up", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("sends the security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("an unknown route is a 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "NOT_FOUND" });
  });

  it("an unknown tRPC procedure is a 404", async () => {
    const res = await t.client().request({ method: "GET", url: "/trpc/nope.nothing" });
    expect(res.statusCode).toBe(404);
    expect(superjson.deserialize<{ data: { appCode: string } }>(res.json<{ error: SuperJSONResult }>().error).data.appCode).toBe("NOT_FOUND");
  });

  it("a JSON body over 1 MiB is refused with 413", async () => {
    const message = "x".repeat(BODY_LIMIT_BYTES + 1);
    const res = await t.app.inject({
      method: "POST",
      url: "/trpc/contact.submit",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ firstName: "A", lastName: "B", email: "a@example.com", message }),
    });
    expect(res.statusCode).toBe(413);
  });

  it("a body just under the limit is parsed (then refused by validation, not by size)", async () => {
    const error = await failure(t.client().trpc.contact.submit.mutate(malformed({ message: "x".repeat(BODY_LIMIT_BYTES - 200) })));
    expect(error.httpStatus).toBe(400);
    expect(error.appCode).toBe("VALIDATION");
  });

  it("a POST from another site's Origin is refused with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.logout",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "CROSS_ORIGIN" });
  });

  it("a POST with the opaque Origin null is refused with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.logout",
      headers: { "content-type": "application/json", origin: "null" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(403);
  });

  it("a POST from the public origin is accepted", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.logout",
      headers: { "content-type": "application/json", origin: t.config.PUBLIC_BASE_URL },
      payload: "{}",
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])(
    "a POST to /trpc with content-type %s is refused with 415",
    async (contentType) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/trpc/auth.logout",
        headers: { "content-type": contentType },
        payload: "{}",
      });
      expect(res.statusCode).toBe(415);
    },
  );

  it("a POST to /trpc without a content-type is refused with 415", async () => {
    const res = await t.app.inject({ method: "POST", url: "/trpc/auth.logout" });
    expect(res.statusCode).toBe(415);
  });

  it("a mutation cannot be run with GET", async () => {
    const res = await t.client().request({ method: "GET", url: "/trpc/auth.logout" });
    expect(res.statusCode).toBe(405);
  });
});
