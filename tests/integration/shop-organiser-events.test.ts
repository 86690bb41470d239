/**
 * The organiser's profile lists its events buyers can find (shop.organiserEvents): published,
 * public, with a date ahead. Its output is pinned (shared/schemas/shop-output.ts), so this call
 * also proves the pinned shape is what the query returns.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../server/db/schema";
import { createTestApp, type TestApp } from "./helpers/app";
import { createShopEvent } from "./helpers/shop";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("shop.organiserEvents", () => {
  it("lists a published public event with its next date, not a draft", async () => {
    const published = await createShopEvent(t, { layout: null });
    const [row] = await t.database.db.select({ organiserId: events.organiserId, name: events.name }).from(events).where(eq(events.id, published.eventId));
    const list = await t.client().trpc.shop.organiserEvents.query({ organiserId: row!.organiserId });
    expect(list.map((e) => e.id)).toEqual([published.eventId]);
    expect(list[0]!.name).toBe(row!.name);
    expect(new Date(list[0]!.next).getTime()).toBeGreaterThan(Date.now());

    const draft = await createShopEvent(t, { layout: null, publish: false });
    const [draftRow] = await t.database.db.select({ organiserId: events.organiserId }).from(events).where(eq(events.id, draft.eventId));
    expect(await t.client().trpc.shop.organiserEvents.query({ organiserId: draftRow!.organiserId })).toEqual([]);
  });
});
