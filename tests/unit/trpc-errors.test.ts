import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Context } from "../../server/trpc/context";
import { publicProcedure, router } from "../../server/trpc/init";

/** The error formatter: bad input names its fields; a reply that fails its own schema is a plain 500. */
const testRouter = router({
  echo: publicProcedure.input(z.object({ name: z.string().min(2) })).query(({ input }) => input.name),
  broken: publicProcedure.output(z.object({ secret: z.string() })).query(() => ({ secret: 42 }) as unknown as { secret: string }),
});

async function call(path: string, input?: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await fetchRequestHandler({
    endpoint: "/trpc",
    req: new Request(`http://localhost/trpc/${path}${query}`),
    router: testRouter,
    createContext: () => ({}) as Context,
    onError: () => {},
  });
  // The error travels through the router's transformer (superjson): its value is under `json`.
  const raw = (await res.json()) as { error: { json: { message: string; data: { appCode: string; fieldErrors: unknown } } } };
  return { status: res.status, body: { error: raw.error.json } };
}

describe("tRPC error formatter", () => {
  it("bad input is VALIDATION with the field's error", async () => {
    const { status, body } = await call("echo", { name: "x" });
    expect(status).toBe(400);
    expect(body.error.data.appCode).toBe("VALIDATION");
    expect(body.error.data.fieldErrors).toHaveProperty("name");
  });

  it("a reply that fails its output schema is INTERNAL and says nothing about the data", async () => {
    const { status, body } = await call("broken");
    expect(status).toBe(500);
    expect(body.error.message).toBe("INTERNAL");
    expect(body.error.data.appCode).toBe("INTERNAL");
    expect(body.error.data.fieldErrors).toBeNull();
    expect(JSON.stringify(body)).not.toContain("secret");
  });
});
