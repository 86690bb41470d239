import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDates, events, ticketCategories } from "../../server/db/schema";
import { publishDueEvents } from "../../server/modules/events/lifecycle";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { attempt } from "./helpers/trpc";
import {
  categoriesOf,
  createEventVia,
  createPublishedEvent,
  datesOf,
  eventRow,
  localDateInDays,
  ok,
  oneDaySchedule,
  saveTicketsVia,
  shiftEventDates,
  signedInOrganiser,
  snapshotEvent,
  ticketCategory,
  validEventStep1,
} from "./helpers/events";

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInOrganiser(t));
});

afterAll(async () => {
  await t.close();
});

async function listStatusOf(c: TestClient, id: string, input: Record<string, unknown> = { type: "events" }) {
  const rows = await c.trpc.events.list.query(input);
  return rows.find((r) => r.id === id)?.listStatus;
}

describe("draft → published", () => {
  it("a new event is a draft with its dates, listed as draft", async () => {
    const date = localDateInDays(40);
    const id = await createEventVia(client, validEventStep1({ date }));
    const row = await eventRow(t.database.db, id);
    expect(row).toMatchObject({ status: "draft", publishOption: "draft", publishedAt: null, type: "REGULAR" });
    const dates = await datesOf(t.database.db, id);
    expect(dates).toHaveLength(1);
    expect(dates[0]!.localDate).toBe(date);
    expect(await listStatusOf(client, id)).toBe("draft");
    const detail = await client.trpc.events.get.query({ id });
    expect(detail.event.status).toBe("draft");
    expect(detail.dates).toHaveLength(1);
  });

  it("publish now sets status, publication date and published_at", async () => {
    const id = await createEventVia(client);
    await saveTicketsVia(client, id, [ticketCategory("a")]);
    const before = Date.now();
    const res = await client.trpc.events.publish.mutate({ id, publishOption: "now" });
    expect(res.status).toBe("published");
    const row = (await eventRow(t.database.db, id))!;
    expect(row.status).toBe("published");
    expect(row.publishOption).toBe("now");
    expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.publicationDate).not.toBeNull();
    expect(await listStatusOf(client, id)).toBe("published");
  });

  it("publish later schedules the event (publish_later) without publishing it", async () => {
    const id = await createEventVia(client);
    await saveTicketsVia(client, id, [ticketCategory("a")]);
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    await client.trpc.events.publish.mutate({ id, publishOption: "later", publicationDate: when });
    const row = (await eventRow(t.database.db, id))!;
    expect(row.status).toBe("scheduled");
    expect(row.publishOption).toBe("later");
    expect(row.publicationDate?.getTime()).toBe(when.getTime());
    expect(row.publishedAt).toBeNull();
    expect(await listStatusOf(client, id)).toBe("publish_later");
  });

  it("publish later needs a future publication date (VALIDATION, nothing changed)", async () => {
    const id = await createEventVia(client);
    await saveTicketsVia(client, id, [ticketCategory("a")]);
    const before = await snapshotEvent(t.database.db, id);
    const past = await attempt(client.trpc.events.publish.mutate({
      id,
      publishOption: "later", publicationDate: new Date(Date.now() - 60_000),
    }));
    expect(appCodeOf(past)).toBe("VALIDATION");
    expect(past.error?.fieldErrors).toHaveProperty(["publicationDate"]);
    const missing = await attempt(client.trpc.events.publish.mutate({ id, publishOption: "later" }));
    expect(appCodeOf(missing)).toBe("VALIDATION");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("a published event cannot go back to draft or later (CONFLICT); publishing again is harmless", async () => {
    const id = await createPublishedEvent(client);
    const before = await snapshotEvent(t.database.db, id);
    expect(appCodeOf(await attempt(client.trpc.events.publish.mutate({ id, publishOption: "draft" })))).toBe("CONFLICT");
    const later = await attempt(client.trpc.events.publish.mutate({
      id,
      publishOption: "later", publicationDate: new Date(Date.now() + 86_400_000),
    }));
    expect(appCodeOf(later)).toBe("CONFLICT");
    await client.trpc.events.publish.mutate({ id, publishOption: "now" });
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });
});

describe("expired (derived from the last date)", () => {
  it("a published event whose last date has ended lists as expired", async () => {
    const id = await createPublishedEvent(client, { step1: validEventStep1({ name: "Gone Concert" }) });
    expect(await listStatusOf(client, id)).toBe("published");
    await shiftEventDates(t.database.db, id, -400);
    expect(await listStatusOf(client, id)).toBe("expired");
    const filtered = await client.trpc.events.list.query({ type: "events", status: "expired" });
    expect(filtered.map((r) => r.id)).toContain(id);
    expect(filtered.every((r) => r.listStatus === "expired")).toBe(true);
    expect((await client.trpc.events.get.query({ id })).listStatus).toBe("expired");
    // The stored status is untouched: expired needs no job.
    expect((await eventRow(t.database.db, id))!.status).toBe("published");
  });

  it("an event with one past and one future date is not expired yet", async () => {
    const schedule = oneDaySchedule(localDateInDays(20), {
      additionalDates: [{ date: localDateInDays(60), start: "10:00", end: "12:00" }],
    });
    const id = await createPublishedEvent(client, { step1: validEventStep1({ schedule }) });
    const [first] = await datesOf(t.database.db, id);
    await t.database.db
      .update(eventDates)
      .set({ startsAt: new Date(Date.now() - 10 * 86_400_000), endsAt: new Date(Date.now() - 9 * 86_400_000) })
      .where(eq(eventDates.id, first!.id));
    expect(await listStatusOf(client, id)).toBe("published");
  });
});

describe("cancelled is final", () => {
  it("cancels a published event; publish, saveData, saveDetails, saveOptions and tickets.save are EVENT_CANCELLED", async () => {
    const id = await createPublishedEvent(client);
    const cancel = await attempt(client.trpc.events.cancel.mutate({ id }));
    expect(cancel.data).toEqual({ ok: true });
    const cancelled = (await eventRow(t.database.db, id))!;
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await listStatusOf(client, id)).toBe("canceled");

    const before = await snapshotEvent(t.database.db, id);
    const calls = [
      attempt(client.trpc.events.publish.mutate({ id, publishOption: "now" })),
      attempt(client.trpc.events.publish.mutate({ id, publishOption: "draft" })),
      attempt(client.trpc.events.saveData.mutate({ id, ...validEventStep1({ name: "Renamed after cancel" }) })),
      attempt(client.trpc.events.saveDetails.mutate({ id, descriptionHtml: "<p>new</p>", faq: [] })),
      attempt(client.trpc.events.saveSeating.mutate({ id, seatingMode: "free" })),
      attempt(client.trpc.events.saveOptions.mutate({ id, vatPercent: 7, visibility: "hidden", participantFields: [] })),
      attempt(client.trpc.tickets.save.mutate({ eventId: id, categories: [ticketCategory("x", { name: "After cancel" })] })),
    ];
    for (const res of await Promise.all(calls)) expect(appCodeOf(res)).toBe("EVENT_CANCELLED");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("cancelling twice is harmless and keeps the first cancellation time", async () => {
    const id = await createPublishedEvent(client);
    await client.trpc.events.cancel.mutate({ id });
    const first = (await eventRow(t.database.db, id))!;
    const again = await attempt(client.trpc.events.cancel.mutate({ id }));
    expect(again.data).toEqual({ ok: true });
    expect(await eventRow(t.database.db, id)).toEqual(first);
  });

  it("a scheduled event can be cancelled and is then never published by the job", async () => {
    const id = await createEventVia(client);
    await saveTicketsVia(client, id, [ticketCategory("a")]);
    ok(
      await attempt(client.trpc.events.publish.mutate({
        id,
        publishOption: "later", publicationDate: new Date(Date.now() + 86_400_000),
      })),
    );
    await client.trpc.events.cancel.mutate({ id });
    const published = await publishDueEvents(t.database.db, new Date(Date.now() + 2 * 86_400_000));
    expect(published).not.toContain(id);
    expect((await eventRow(t.database.db, id))!.status).toBe("cancelled");
  });

  it("cancelling a draft is EVENT_NOT_PUBLISHED and leaves it a draft", async () => {
    const id = await createEventVia(client);
    const before = await snapshotEvent(t.database.db, id);
    expect(appCodeOf(await attempt(client.trpc.events.cancel.mutate({ id })))).toBe("EVENT_NOT_PUBLISHED");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });
});

describe("dates of a published event", () => {
  it("changing the date of a published one-day event is DATES_LOCKED and changes nothing", async () => {
    const date = localDateInDays(30);
    const id = await createPublishedEvent(client, { step1: validEventStep1({ date }) });
    const before = await snapshotEvent(t.database.db, id);
    const res = await attempt(client.trpc.events.saveData.mutate({
      id,
      ...validEventStep1({ name: "Moved Concert", date: localDateInDays(31) }),
    }));
    expect(appCodeOf(res)).toBe("DATES_LOCKED");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
    expect((await eventRow(t.database.db, id))!.name).toBe("Summer Concert");
  });

  it("changing the time of a published event's date is DATES_LOCKED too", async () => {
    const date = localDateInDays(30);
    const id = await createPublishedEvent(client, { step1: validEventStep1({ date }) });
    const before = await snapshotEvent(t.database.db, id);
    const res = await attempt(client.trpc.events.saveData.mutate({
      id,
      ...validEventStep1({ schedule: oneDaySchedule(date, { times: { mode: "all_days", start: "18:00", end: "22:00" } }) }),
    }));
    expect(appCodeOf(res)).toBe("DATES_LOCKED");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("additional dates can be added: a new row, the old one kept with the same id", async () => {
    const date = localDateInDays(30);
    const id = await createPublishedEvent(client, { step1: validEventStep1({ date }) });
    const [original] = await datesOf(t.database.db, id);
    const extra = localDateInDays(45);
    ok(
      await attempt(client.trpc.events.saveData.mutate({
        id,
        ...validEventStep1({
          name: "Summer Concert (extra show)",
          schedule: oneDaySchedule(date, { additionalDates: [{ date: extra, start: "15:00", end: "17:00" }] }),
        }),
      })),
    );
    const dates = await datesOf(t.database.db, id);
    expect(dates).toHaveLength(2);
    expect(dates[0]).toEqual(original);
    expect(dates[1]).toMatchObject({ localDate: extra, isAdditional: true });
    const row = (await eventRow(t.database.db, id))!;
    expect(row.status).toBe("published");
    expect(row.name).toBe("Summer Concert (extra show)");
  });

  it("a draft's date can be changed freely", async () => {
    const id = await createEventVia(client, validEventStep1({ date: localDateInDays(30) }));
    const newDate = localDateInDays(35);
    await client.trpc.events.saveData.mutate({ id, ...validEventStep1({ date: newDate }) });
    const dates = await datesOf(t.database.db, id);
    expect(dates.map((d) => d.localDate)).toEqual([newDate]);
  });
});

describe("delete is permanent", () => {
  it("removes the event row with its dates and categories", async () => {
    const schedule = oneDaySchedule(localDateInDays(30), {
      additionalDates: [{ date: localDateInDays(31), start: "10:00", end: "11:00" }],
    });
    const id = await createPublishedEvent(client, {
      step1: validEventStep1({ schedule }),
      categories: [ticketCategory("a"), ticketCategory("b", { kind: "free", priceCents: 0 })],
    });
    expect(await datesOf(t.database.db, id)).toHaveLength(2);
    expect(await categoriesOf(t.database.db, id)).toHaveLength(2);

    expect(await client.trpc.events.delete.mutate({ id })).toEqual({ ok: true });
    expect(await eventRow(t.database.db, id)).toBeUndefined();
    expect(await t.database.db.select().from(eventDates).where(eq(eventDates.eventId, id))).toEqual([]);
    expect(await t.database.db.select().from(ticketCategories).where(eq(ticketCategories.eventId, id))).toEqual([]);
    expect(appCodeOf(await attempt(client.trpc.events.get.query({ id })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(client.trpc.events.delete.mutate({ id })))).toBe("NOT_FOUND");
    const list = await client.trpc.events.list.query({ type: "events" });
    expect(list.map((r) => r.id)).not.toContain(id);
  });

  it("a draft can be deleted too", async () => {
    const id = await createEventVia(client);
    await client.trpc.events.delete.mutate({ id });
    expect(await t.database.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });
});
