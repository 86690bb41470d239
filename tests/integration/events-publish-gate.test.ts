import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { eventDates, events, organisers } from "../../server/db/schema";
import { publishDueEvents } from "../../server/modules/events/lifecycle";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { setContingent } from "./helpers/factories";
import { attempt } from "./helpers/trpc";
import { chooseTemplate, createTemplateVia, smallLayout } from "./helpers/stadiums";
import {
  createEventVia,
  daysFromNow,
  eventRow,
  localDateInDays,
  makePublishable,
  ok,
  oneDaySchedule,
  saveTicketsVia,
  signedInOrganiser,
  snapshotEvent,
  ticketCategory,
  validEventStep1,
} from "./helpers/events";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;

function publish(client: TestClient, id: string, publishOption: "draft" | "later" | "now", publicationDate?: Date) {
  return attempt(client.trpc.events.publish.mutate({ id, publishOption, ...(publicationDate ? { publicationDate } : {}) }));
}

/** A draft with one date and one category of 100 a day. */
async function readyDraft(client: TestClient): Promise<string> {
  const id = await createEventVia(client);
  await saveTicketsVia(client, id, [ticketCategory("a", { dailyQuantity: 100 })]);
  return id;
}

async function setOrganiser(organiserId: string, values: Partial<typeof organisers.$inferInsert>) {
  const { ticketContingent, ...rest } = values;
  if (Object.keys(rest).length > 0) await t.database.db.update(organisers).set(rest).where(eq(organisers.id, organiserId));
  if (ticketContingent !== undefined) await setContingent(t.database.db, organiserId, ticketContingent);
}

describe("profile verification", () => {
  it.each(["none", "in_review"] as const)("a profile in state %s cannot publish now or later (PROFILE_NOT_VERIFIED)", async (state) => {
    const { organiser, client } = await signedInOrganiser(t);
    await setOrganiser(organiser.id, { verificationState: state });
    const id = await readyDraft(client);
    const before = await snapshotEvent(t.database.db, id);

    expect(appCodeOf(await publish(client, id, "now"))).toBe("PROFILE_NOT_VERIFIED");
    expect(appCodeOf(await publish(client, id, "later", new Date(Date.now() + 24 * HOUR)))).toBe("PROFILE_NOT_VERIFIED");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
    expect((await eventRow(t.database.db, id))!.status).toBe("draft");
  });

  it("an unverified organiser can still create, edit and save drafts", async () => {
    const { client } = await signedInOrganiser(t, { publishable: false });
    const id = await readyDraft(client);
    await client.trpc.events.saveData.mutate({ id, ...validEventStep1({ name: "Draft only" }) });
    const res = ok(await publish(client, id, "draft"));
    expect(res.status).toBe("draft");
    const row = (await eventRow(t.database.db, id))!;
    expect(row).toMatchObject({ status: "draft", publishOption: "draft", publishedAt: null, name: "Draft only", wizardStep: 6 });
  });
});

describe("plan and ticket contingent", () => {
  it("verified without a plan is INSUFFICIENT_CONTINGENT", async () => {
    const { organiser, client } = await signedInOrganiser(t);
    await setOrganiser(organiser.id, { plan: "none", planUntil: null });
    const id = await readyDraft(client);
    const before = await snapshotEvent(t.database.db, id);
    expect(appCodeOf(await publish(client, id, "now"))).toBe("INSUFFICIENT_CONTINGENT");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
    expect(ok(await publish(client, id, "draft")).status).toBe("draft");
  });

  it("verified with an expired plan is INSUFFICIENT_CONTINGENT, even with a large contingent", async () => {
    const { organiser, client } = await signedInOrganiser(t);
    await setOrganiser(organiser.id, { plan: "monthly", planUntil: daysFromNow(-1), ticketContingent: 1_000_000 });
    const id = await readyDraft(client);
    const before = await snapshotEvent(t.database.db, id);
    expect(appCodeOf(await publish(client, id, "now"))).toBe("INSUFFICIENT_CONTINGENT");
    expect(appCodeOf(await publish(client, id, "later", new Date(Date.now() + 24 * HOUR)))).toBe("INSUFFICIENT_CONTINGENT");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("the contingent must cover the daily quantities times the number of dates", async () => {
    const { organiser, client } = await signedInOrganiser(t);
    // 2 dates x (30 + 20) a day = 100 tickets.
    const schedule = oneDaySchedule(localDateInDays(30), {
      additionalDates: [{ date: localDateInDays(31), start: "19:00", end: "22:00" }],
    });
    const id = await createEventVia(client, validEventStep1({ schedule }));
    await saveTicketsVia(client, id, [
      ticketCategory("a", { dailyQuantity: 30 }),
      ticketCategory("b", { dailyQuantity: 20, kind: "free", priceCents: 0 }),
    ]);

    await setOrganiser(organiser.id, { ticketContingent: 99 });
    const before = await snapshotEvent(t.database.db, id);
    expect(appCodeOf(await publish(client, id, "now"))).toBe("INSUFFICIENT_CONTINGENT");
    expect(appCodeOf(await publish(client, id, "later", new Date(Date.now() + 24 * HOUR)))).toBe("INSUFFICIENT_CONTINGENT");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);

    await setOrganiser(organiser.id, { ticketContingent: 100 });
    expect(ok(await publish(client, id, "now")).status).toBe("published");
  });
});

describe("completeness", () => {
  it("an event without ticket categories is NO_TICKETS", async () => {
    const { client } = await signedInOrganiser(t);
    const id = await createEventVia(client);
    const before = await snapshotEvent(t.database.db, id);
    const res = await publish(client, id, "now");
    expect(appCodeOf(res)).toBe("NO_TICKETS");
    expect(res.error?.fieldErrors).toHaveProperty(["categories"]);
    expect(appCodeOf(await publish(client, id, "later", new Date(Date.now() + 24 * HOUR)))).toBe("NO_TICKETS");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("an event without dates is EVENT_INCOMPLETE", async () => {
    const { client } = await signedInOrganiser(t);
    const id = await readyDraft(client);
    await t.database.db.delete(eventDates).where(eq(eventDates.eventId, id));
    const before = await snapshotEvent(t.database.db, id);
    const res = await publish(client, id, "now");
    expect(appCodeOf(res)).toBe("EVENT_INCOMPLETE");
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("a free seating area of the seating plan without a ticket is STANDING_AREA_WITHOUT_TICKET (SPEC §5)", async () => {
    const { client } = await signedInOrganiser(t);
    const id = await createEventVia(client);
    const templateId = await createTemplateVia(client, smallLayout());
    ok(await chooseTemplate(client, id, templateId));
    // Tickets for the seated categories a and b only: the standing block S (category c) has none.
    await saveTicketsVia(client, id, [ticketCategory("a", { seatingCategoryId: "a" }), ticketCategory("b", { seatingCategoryId: "b" })]);
    const before = await snapshotEvent(t.database.db, id);
    const res = await publish(client, id, "now");
    expect(appCodeOf(res)).toBe("STANDING_AREA_WITHOUT_TICKET");
    expect(res.error?.fieldErrors).toHaveProperty(["categories"]);
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
    // A ticket for the area's category, or one for every category, lets it go on sale.
    await saveTicketsVia(client, id, [ticketCategory("a", { seatingCategoryId: "a" }), ticketCategory("c", { seatingCategoryId: "c" })]);
    expect(ok(await publish(client, id, "now")).status).toBe("published");
  });

  it("removing every category of a draft makes it unpublishable again", async () => {
    const { client } = await signedInOrganiser(t);
    const id = await readyDraft(client);
    await saveTicketsVia(client, id, []);
    expect(appCodeOf(await publish(client, id, "now"))).toBe("NO_TICKETS");
  });
});

describe("the publishDueEvents job", () => {
  async function scheduledEvent(client: TestClient, publicationDate: Date): Promise<string> {
    const id = await readyDraft(client);
    expect(ok(await publish(client, id, "later", publicationDate)).status).toBe("scheduled");
    return id;
  }

  it("publishes a scheduled event once its publication date has come", async () => {
    const { client } = await signedInOrganiser(t);
    const publicationDate = new Date(Date.now() + 2 * HOUR);
    const id = await scheduledEvent(client, publicationDate);

    expect(await publishDueEvents(t.database.db, new Date(publicationDate.getTime() - 60_000))).not.toContain(id);
    expect((await eventRow(t.database.db, id))!).toMatchObject({ status: "scheduled", publishedAt: null });

    const runAt = new Date(publicationDate.getTime() + 60_000);
    expect(await publishDueEvents(t.database.db, runAt)).toContain(id);
    const row = (await eventRow(t.database.db, id))!;
    expect(row.status).toBe("published");
    expect(row.publishedAt?.getTime()).toBe(runAt.getTime());

    // A later run leaves it alone.
    expect(await publishDueEvents(t.database.db, new Date(runAt.getTime() + HOUR))).not.toContain(id);
    expect((await eventRow(t.database.db, id))!.publishedAt?.getTime()).toBe(runAt.getTime());
  });

  it("does not publish the event of an organiser whose plan expired before the publication date", async () => {
    const { organiser, client } = await signedInOrganiser(t, { organiser: { planUntil: new Date(Date.now() + 24 * HOUR) } });
    const publicationDate = new Date(Date.now() + 48 * HOUR);
    const id = await scheduledEvent(client, publicationDate);
    const published = await publishDueEvents(t.database.db, new Date(publicationDate.getTime() + 60_000));
    expect(published).not.toContain(id);
    expect((await eventRow(t.database.db, id))!).toMatchObject({ status: "scheduled", publishedAt: null });

    // Renewing the plan lets the next run publish it.
    await makePublishable(t.database.db, organiser.id, { planUntil: daysFromNow(400) });
    expect(await publishDueEvents(t.database.db, new Date(publicationDate.getTime() + 120_000))).toContain(id);
  });

  it("does not publish the event of an organiser no longer verified", async () => {
    const { organiser, client } = await signedInOrganiser(t);
    const publicationDate = new Date(Date.now() + HOUR);
    const id = await scheduledEvent(client, publicationDate);
    await setOrganiser(organiser.id, { verificationState: "in_review" });
    expect(await publishDueEvents(t.database.db, new Date(publicationDate.getTime() + 60_000))).not.toContain(id);
    expect((await eventRow(t.database.db, id))!.status).toBe("scheduled");
  });

  it("a scheduled event taken back to draft is not published", async () => {
    const { client } = await signedInOrganiser(t);
    const publicationDate = new Date(Date.now() + HOUR);
    const id = await scheduledEvent(client, publicationDate);
    expect(ok(await publish(client, id, "draft")).status).toBe("draft");
    expect((await eventRow(t.database.db, id))!.publicationDate).toBeNull();
    expect(await publishDueEvents(t.database.db, new Date(publicationDate.getTime() + 60_000))).not.toContain(id);
    expect((await eventRow(t.database.db, id))!.status).toBe("draft");
  });

  it("the gate cannot be bypassed by scheduling first and raising the capacity above the contingent afterwards", async () => {
    const { client } = await signedInOrganiser(t, { organiser: { ticketContingent: 100 } });
    const publicationDate = new Date(Date.now() + HOUR);
    const id = await readyDraft(client); // 1 date x 100 a day: exactly the contingent
    expect(ok(await publish(client, id, "later", publicationDate)).status).toBe("scheduled");

    // Either the change is refused, or the job does not publish what the gate would refuse.
    const raise = await attempt(client.trpc.tickets.save.mutate({ eventId: id, categories: [ticketCategory("a", { dailyQuantity: 100_000 })] }));
    await publishDueEvents(t.database.db, new Date(publicationDate.getTime() + 60_000));
    const row = (await eventRow(t.database.db, id))!;
    const published = row.status === "published";
    const overContingent = raise.error === undefined; // 100 000 tickets on sale against a contingent of 100
    expect(published && overContingent, "published with 100 000 tickets against a contingent of 100").toBe(false);
  });

  it("the gate cannot be bypassed by scheduling first and removing every ticket category afterwards", async () => {
    const { client } = await signedInOrganiser(t);
    const publicationDate = new Date(Date.now() + HOUR);
    const id = await readyDraft(client);
    expect(ok(await publish(client, id, "later", publicationDate)).status).toBe("scheduled");

    const emptied = await attempt(client.trpc.tickets.save.mutate({ eventId: id, categories: [] }));
    await publishDueEvents(t.database.db, new Date(publicationDate.getTime() + 60_000));
    const row = (await eventRow(t.database.db, id))!;
    const published = row.status === "published";
    expect(published && emptied.error === undefined, "published without any ticket category (NO_TICKETS bypassed)").toBe(false);
  });

  it("two instances running the job at once publish each event exactly once", async () => {
    const { client } = await signedInOrganiser(t);
    const publicationDate = new Date(Date.now() + 3 * HOUR);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await scheduledEvent(client, publicationDate));

    // A second "instance": its own connection pool on Postgres (PGlite has one connection).
    let second: Database | undefined;
    if (t.database.url) second = await openDatabase({ url: t.database.url, maxConnections: 2 });
    try {
      const instanceA = t.database.db;
      const instanceB = second?.db ?? t.database.db;
      const nowA = new Date(publicationDate.getTime() + 60_000);
      const nowB = new Date(publicationDate.getTime() + 61_000);
      const [byA, byB] = await Promise.all([publishDueEvents(instanceA, nowA), publishDueEvents(instanceB, nowB)]);

      const mineA = byA.filter((id) => ids.includes(id));
      const mineB = byB.filter((id) => ids.includes(id));
      // Every event published by exactly one instance.
      expect(mineA.filter((id) => mineB.includes(id))).toEqual([]);
      expect([...mineA, ...mineB].sort()).toEqual([...ids].sort());

      const rows = await t.database.db.select().from(events).where(inArray(events.id, ids));
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row.status).toBe("published");
        // published_at is the time of the instance that published it, set once.
        expect(row.publishedAt?.getTime()).toBe(mineA.includes(row.id) ? nowA.getTime() : nowB.getTime());
      }
    } finally {
      await second?.close();
    }
  });
});
