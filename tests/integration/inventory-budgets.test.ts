import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDates, eventSeating, seatInventory, stadiumTemplates } from "../../server/db/schema";
import { INVENTORY_BUDGETS } from "../../shared/limits";
import type { SeatedBlock } from "../../shared/seating/layout";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import {
  createEventVia,
  datesOf,
  eventRow,
  localDateInDays,
  ok,
  oneDaySchedule,
  signedInOrganiser,
  ticketCategory,
  validEventStep1,
} from "./helpers/events";
import { chooseTemplate, clone, createTemplateVia, gridLayout, saveTemplate, templateInput, templateRow } from "./helpers/stadiums";
import { attempt } from "./helpers/trpc";

/**
 * Issue 12 item 7: an unverified organiser made the server write 2.39 million inventory rows
 * with a 1.5 KB request (a 150,000-seat plan on 16 dates). Seats per plan and seats × dates per
 * event are budgeted (shared/limits.ts), checked before anything is written.
 */

const UNVERIFIED = INVENTORY_BUDGETS.unverified;
const VERIFIED = INVENTORY_BUDGETS.verified;

let t: TestApp;
let newcomer: TestClient;
let verified: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  newcomer = (await signedInOrganiser(t, { publishable: false })).client;
  verified = (await signedInOrganiser(t)).client;
});

afterAll(async () => {
  await t.close();
});

async function rowCounts() {
  const [templates] = await t.database.db.select({ n: count() }).from(stadiumTemplates);
  const [seats] = await t.database.db.select({ n: count() }).from(seatInventory);
  const [dates] = await t.database.db.select({ n: count() }).from(eventDates);
  const [seatings] = await t.database.db.select({ n: count() }).from(eventSeating);
  return { templates: templates!.n, seats: seats!.n, dates: dates!.n, seatings: seatings!.n };
}

/** A weekly draft with `n` dates. */
async function createEventWithWeeks(client: TestClient, n: number): Promise<string> {
  return createEventVia(client, validEventStep1({ schedule: weekly(n) }));
}

function weekly(n: number) {
  return oneDaySchedule(localDateInDays(30), { repeat: "weekly", repeatEnd: { kind: "count", count: n } });
}

/** `seats` seats in blocks of 50 × 100 (the last block shorter). */
function layoutOf(seats: number) {
  const blocks = Math.ceil(seats / 5000);
  const layout = gridLayout(blocks, 50, 100);
  const last = layout.blocks[blocks - 1] as SeatedBlock;
  const rest = seats - (blocks - 1) * 5000;
  last.rows = Math.ceil(rest / 100);
  if (rest % 100 !== 0) last.rowSeats = { [String(last.rows - 1)]: rest % 100 };
  return layout;
}

describe("seats per plan", () => {
  it("the issue's request: an unverified organiser's 150,000-seat plan is PLAN_SEAT_LIMIT and nothing is stored", async () => {
    const before = await rowCounts();
    const res = await attempt(newcomer.trpc.stadiums.create.mutate(templateInput(gridLayout(5, 200, 150), { name: "Huge" })));
    expect(appCodeOf(res)).toBe("PLAN_SEAT_LIMIT");
    expect(res.error?.httpStatus).toBe(400);
    expect(res.error!.fieldErrors).toEqual({ layout: ["PLAN_SEAT_LIMIT"] });
    expect(await rowCounts()).toEqual(before);
  });

  it(`an unverified organiser may keep ${UNVERIFIED.seatsPerPlan} seats in a plan, not one more`, async () => {
    expect(appCodeOf(await attempt(newcomer.trpc.stadiums.create.mutate(templateInput(layoutOf(UNVERIFIED.seatsPerPlan + 1)))))).toBe("PLAN_SEAT_LIMIT");
    const id = await createTemplateVia(newcomer, layoutOf(UNVERIFIED.seatsPerPlan));
    const row = (await templateRow(t.database.db, id))!;
    expect(row.fixedCapacity).toBe(UNVERIFIED.seatsPerPlan);

    // Saving it bigger is refused the same way and leaves the template as it was.
    const res = await saveTemplate(newcomer, row, layoutOf(UNVERIFIED.seatsPerPlan + 100));
    expect(appCodeOf(res)).toBe("PLAN_SEAT_LIMIT");
    expect(await templateRow(t.database.db, id)).toEqual(row);
  });

  it("a verified organiser gets the larger budget", async () => {
    const id = await createTemplateVia(verified, layoutOf(UNVERIFIED.seatsPerPlan + 1));
    expect((await templateRow(t.database.db, id))!.fixedCapacity).toBe(UNVERIFIED.seatsPerPlan + 1);
    expect(VERIFIED.seatsPerPlan).toBeGreaterThanOrEqual(150_000);
  });
});

describe("seats × dates per event", () => {
  const seats = 4_000;
  const maxDates = Math.floor(UNVERIFIED.seatDatesPerEvent / seats); // 5 × 4,000 = 20,000

  it("choosing a plan for more dates than the budget allows is EVENT_SEAT_DATE_LIMIT, before anything is written", async () => {
    const templateId = await createTemplateVia(newcomer, layoutOf(seats));
    const eventId = await createEventWithWeeks(newcomer, maxDates + 1);
    const before = await rowCounts();
    const res = await chooseTemplate(newcomer, eventId, templateId);
    expect(appCodeOf(res)).toBe("EVENT_SEAT_DATE_LIMIT");
    expect(res.error!.fieldErrors).toEqual({ templateId: ["EVENT_SEAT_DATE_LIMIT"] });
    expect(await rowCounts()).toEqual(before);

    // Within the budget it is materialised as before.
    const fits = await createEventWithWeeks(newcomer, maxDates);
    ok(await chooseTemplate(newcomer, fits, templateId));
    const [materialised] = await t.database.db.select({ n: count() }).from(seatInventory).where(eq(seatInventory.eventId, fits));
    expect(materialised!.n).toBe(seats * maxDates);
  });

  it("adding dates to a seated event beyond the budget is refused and keeps its dates and seats", async () => {
    const templateId = await createTemplateVia(newcomer, layoutOf(seats));
    const eventId = await createEventWithWeeks(newcomer, maxDates);
    ok(await chooseTemplate(newcomer, eventId, templateId));
    const before = await rowCounts();
    const datesBefore = await datesOf(t.database.db, eventId);

    const res = await attempt(newcomer.trpc.events.saveData.mutate({ id: eventId, ...validEventStep1({ schedule: weekly(maxDates + 1) }) }));
    expect(appCodeOf(res)).toBe("EVENT_SEAT_DATE_LIMIT");
    expect(res.error!.fieldErrors).toEqual({ schedule: ["EVENT_SEAT_DATE_LIMIT"] });
    expect(await rowCounts()).toEqual(before);
    expect(await datesOf(t.database.db, eventId)).toEqual(datesBefore);
  });

  it("a template save that would grow an event using it beyond the budget is refused for all of them", async () => {
    const templateId = await createTemplateVia(newcomer, layoutOf(seats));
    const eventId = await createEventWithWeeks(newcomer, maxDates);
    ok(await chooseTemplate(newcomer, eventId, templateId));
    const row = (await templateRow(t.database.db, templateId))!;
    const before = await rowCounts();

    const bigger = clone(row.layout);
    (bigger.blocks[0] as SeatedBlock).rows += 1; // 100 more seats on each of the 5 dates
    const res = await saveTemplate(newcomer, row, bigger);
    expect(appCodeOf(res)).toBe("EVENT_SEAT_DATE_LIMIT");
    expect(await templateRow(t.database.db, templateId)).toEqual(row);
    expect(await rowCounts()).toEqual(before);
  });

  it("a verified organiser's plan on too many dates is refused before a million rows are written", async () => {
    const bigSeats = 50_000;
    const templateId = await createTemplateVia(verified, layoutOf(bigSeats));
    const eventId = await createEventWithWeeks(verified, VERIFIED.seatDatesPerEvent / bigSeats + 1);
    const before = await rowCounts();
    expect(appCodeOf(await chooseTemplate(verified, eventId, templateId))).toBe("EVENT_SEAT_DATE_LIMIT");
    expect(await rowCounts()).toEqual(before);
  });

  it("publishing checks the budget too (dates made before the budget existed)", async () => {
    const o = await signedInOrganiser(t);
    const bigSeats = 50_000;
    const templateId = await createTemplateVia(o.client, layoutOf(bigSeats));
    const eventId = await createEventWithWeeks(o.client, 1);
    ok(await chooseTemplate(o.client, eventId, templateId));
    await o.client.trpc.tickets.save.mutate({ eventId, categories: [ticketCategory("a")] });
    // Dates written straight to the table, as an older version could have: 21 × 50,000 > 1,000,000.
    const [first] = await datesOf(t.database.db, eventId);
    await t.database.db.insert(eventDates).values(
      Array.from({ length: VERIFIED.seatDatesPerEvent / bigSeats }, (_, i) => ({
        eventId,
        organiserId: o.organiser.id,
        localDate: localDateInDays(100 + i),
        startsAt: new Date(first!.startsAt.getTime() + (i + 70) * 86_400_000),
        endsAt: new Date(first!.endsAt.getTime() + (i + 70) * 86_400_000),
        isAdditional: true,
      })),
    );
    const res = await attempt(o.client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" }));
    expect(appCodeOf(res)).toBe("EVENT_SEAT_DATE_LIMIT");
    expect((await eventRow(t.database.db, eventId))!.status).toBe("draft");
  });
});
