import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stadiumTemplates } from "../../server/db/schema";
import { theatreLayout } from "../../server/demo/stadiums";
import { emptyPermissionSet } from "../../shared/permissions";
import type { SeatedBlock, SeatingLayout, StandingBlock } from "../../shared/seating/layout";
import { blockSeats } from "../../shared/seating/numbering";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import {
  datesOf,
  eventRow,
  localDateInDays,
  ok,
  oneDaySchedule,
  signedInOrganiser,
  signedInTeamMember,
  ticketCategory,
  validEventStep1,
} from "./helpers/events";
import {
  areasOf,
  chooseTemplate,
  clone,
  createEventWithDates,
  createSeatedEvent,
  createTemplateVia,
  getTemplateVia,
  saveTemplate,
  seatedBlock,
  seatingState,
  seatOf,
  seatsOf,
  setAreaCounters,
  setSeatStatus,
  smallLayout,
  SMALL_SEATS,
  SMALL_STANDING,
  snapshotOf,
  standingBlock,
  templateRow,
} from "./helpers/stadiums";
import { attempt, malformed } from "./helpers/trpc";

let t: TestApp;
let client: TestClient;
let organiserId: string;

beforeAll(async () => {
  t = await createTestApp();
  const o = await signedInOrganiser(t);
  client = o.client;
  organiserId = o.organiser.id;
});

afterAll(async () => {
  await t.close();
});

async function seatingOfDetail(eventId: string) {
  return (await client.trpc.events.get.query({ id: eventId })).seating;
}

/** The seat keys a layout sells (active seats of seated blocks), computed independently of the server. */
function expectedSeatKeys(layout: SeatingLayout): string[] {
  const keys: string[] = [];
  for (const block of layout.blocks) {
    if (block.kind !== "seated") continue;
    for (let r = 0; r < block.rows; r++) {
      if (block.disabledRows.includes(r)) continue;
      const inRow = block.rowSeats[String(r)] ?? block.seatsPerRow;
      for (let s = 0; s < inRow; s++) if (!block.disabledSeats.includes(`${r}:${s}`)) keys.push(`${block.id}:${r}:${s}`);
    }
  }
  return keys.sort();
}

function keysOfDate(rows: { eventDateId: string; seatKey: string }[], dateId: string): string[] {
  return rows.filter((r) => r.eventDateId === dateId).map((r) => r.seatKey).sort();
}

const seated = (layout: SeatingLayout, id: string) => layout.blocks.find((b) => b.id === id) as SeatedBlock;
const standing = (layout: SeatingLayout, id: string) => layout.blocks.find((b) => b.id === id) as StandingBlock;

describe("materialisation when a template is chosen in step 3", () => {
  it("one FREE row per active seat per date, labelled by the numbering, and one counter per standing area", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const eventId = await createEventWithDates(client, [30, 31]);
    expect(await seatsOf(t.database.db, eventId)).toEqual([]);
    ok(await chooseTemplate(client, eventId, templateId));

    const dates = await datesOf(t.database.db, eventId);
    expect(dates).toHaveLength(2);
    const seats = await seatsOf(t.database.db, eventId);
    expect(seats).toHaveLength(SMALL_SEATS * 2);
    const expected = expectedSeatKeys(smallLayout());
    expect(expected).toHaveLength(SMALL_SEATS);
    for (const d of dates) expect(keysOfDate(seats, d.id)).toEqual(expected);
    // Deactivated seats and rows are not sold.
    expect(seats.some((s) => s.seatKey === "B:0:0" || s.seatKey.startsWith("B:2:"))).toBe(false);
    expect(
      seats.every((s) => s.status === "FREE" && s.version === 1 && s.holdId === null && s.heldUntil === null && s.orderLineId === null && s.eventId === eventId),
    ).toBe(true);

    const d0 = dates[0]!.id;
    // Block A: DOWN / RIGHT from row 1, seat 1; row index 2 is category c.
    expect(await seatOf(t.database.db, d0, "A:0:0")).toMatchObject({ blockId: "A", rowLabel: "1", seatLabel: "1", categoryId: "a" });
    expect(await seatOf(t.database.db, d0, "A:2:3")).toMatchObject({ blockId: "A", rowLabel: "3", seatLabel: "4", categoryId: "c" });
    // Block B: rowDirection UP from 10 over 3 rows (index 0 → row 12), seatDirection LEFT over 5 seats (index 0 → seat 5).
    expect(await seatOf(t.database.db, d0, "B:0:1")).toMatchObject({ blockId: "B", rowLabel: "12", seatLabel: "4", categoryId: "b" });
    expect(await seatOf(t.database.db, d0, "B:0:4")).toMatchObject({ rowLabel: "12", seatLabel: "1" });
    expect(await seatOf(t.database.db, d0, "B:1:0")).toMatchObject({ rowLabel: "11", seatLabel: "5" });
    expect(await seatOf(t.database.db, d0, "B:1:4")).toMatchObject({ rowLabel: "11", seatLabel: "1" });

    const areas = await areasOf(t.database.db, eventId);
    expect(areas).toHaveLength(2);
    for (const d of dates) {
      // capacity min(50, dailyAmount 30)
      expect(areas.find((a) => a.eventDateId === d.id)).toMatchObject({ areaId: "S", categoryId: "c", capacity: 30, held: 0, sold: 0, version: 1 });
    }

    const snapshot = await snapshotOf(t.database.db, eventId);
    expect(snapshot).toMatchObject({ templateId });
    expect(snapshot!.layout).toEqual(smallLayout());
    expect(await eventRow(t.database.db, eventId)).toMatchObject({ seatingMode: "template", stadiumTemplateId: templateId });
    expect(await seatingOfDetail(eventId)).toEqual({ seats: SMALL_SEATS * 2, standing: SMALL_STANDING * 2 });
  });

  it("the demo theatre: shorter front rows, deactivated seats, row categories; a standing area without daily amount sells its capacity", async () => {
    const templateId = await createTemplateVia(client, theatreLayout(), { name: "Theater" });
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId, [30, 31, 32]);
    const seats = await seatsOf(t.database.db, eventId);
    expect(seats).toHaveLength(272 * 3);
    for (const d of dateIds) expect(keysOfDate(seats, d)).toEqual(expectedSeatKeys(theatreLayout()));
    const d0 = dateIds[0]!;
    expect(await seatOf(t.database.db, d0, "parkett:0:13")).toMatchObject({ rowLabel: "1", seatLabel: "14", categoryId: "cat1" });
    expect(await seatOf(t.database.db, d0, "parkett:0:14")).toBeUndefined();
    expect(await seatOf(t.database.db, d0, "parkett:11:0")).toBeUndefined();
    expect(await seatOf(t.database.db, d0, "parkett:11:1")).toMatchObject({ rowLabel: "12", seatLabel: "2", categoryId: "cat3" });
    expect(await seatOf(t.database.db, d0, "parkett:6:0")).toMatchObject({ categoryId: "cat2" });
    expect(await seatOf(t.database.db, d0, "rang:3:15")).toMatchObject({ rowLabel: "4", seatLabel: "16", categoryId: "cat3" });
    const areas = await areasOf(t.database.db, eventId);
    expect(areas.map((a) => a.capacity)).toEqual([40, 40, 40]);
    expect(await seatingOfDetail(eventId)).toEqual({ seats: 272 * 3, standing: 120 });
  });

  it("labels match the shared numbering for every seat (UP / LEFT block with a short row)", async () => {
    const layout = smallLayout();
    seated(layout, "B").rowSeats = { "1": 3 };
    seated(layout, "B").align = "right";
    const templateId = await createTemplateVia(client, layout);
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId);
    const seats = await seatsOf(t.database.db, eventId);
    const byKey = new Map(seats.filter((s) => s.eventDateId === dateIds[0]).map((s) => [s.seatKey, s]));
    const expected = blockSeats(seated(layout, "B")).filter((s) => s.isActive);
    expect(expected.length).toBe(4 + 3);
    for (const seat of expected) {
      expect(byKey.get(seat.key)).toMatchObject({ rowLabel: seat.rowLabel, seatLabel: seat.seatLabel, categoryId: seat.categoryId });
    }
    // Row index 1 has 3 seats numbered LEFT: index 0 → 3, index 2 → 1.
    expect(byKey.get("B:1:0")).toMatchObject({ rowLabel: "11", seatLabel: "3" });
    expect(byKey.get("B:1:2")).toMatchObject({ rowLabel: "11", seatLabel: "1" });
    expect(byKey.has("B:1:3")).toBe(false);
  });

  it("an inactive template is TEMPLATE_NOT_AVAILABLE and the event stays without seating", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    await client.trpc.stadiums.setStatus.mutate({ id: templateId, status: "INACTIVE" });
    const eventId = await createEventWithDates(client, [30]);
    const before = await eventRow(t.database.db, eventId);
    const res = await chooseTemplate(client, eventId, templateId);
    expect(appCodeOf(res)).toBe("TEMPLATE_NOT_AVAILABLE");
    expect(res.error!.fieldErrors).toEqual({ templateId: ["TEMPLATE_NOT_AVAILABLE"] });
    expect(await eventRow(t.database.db, eventId)).toEqual(before);
    expect(await seatingState(t.database.db, eventId)).toEqual({ snapshot: undefined, seats: [], areas: [] });
    expect((await client.trpc.events.seatingTemplates.query({ id: eventId })).some((r) => r.id === templateId)).toBe(false);
  });

  it("a seasonal template for a regular event is TEMPLATE_NOT_AVAILABLE; daily and daily_from_season are offered", async () => {
    const seasonal = await createTemplateVia(client, smallLayout(), { name: "S seasonal", type: "seasonal" });
    const daily = await createTemplateVia(client, smallLayout(), { name: "S daily", type: "daily" });
    const fromSeason = await createTemplateVia(client, smallLayout(), { name: "S from season", type: "daily_from_season" });
    const eventId = await createEventWithDates(client, [30]);
    const offered = (await client.trpc.events.seatingTemplates.query({ id: eventId })).map((r) => r.id);
    expect(offered).toContain(daily);
    expect(offered).toContain(fromSeason);
    expect(offered).not.toContain(seasonal);

    const before = await eventRow(t.database.db, eventId);
    expect(appCodeOf(await chooseTemplate(client, eventId, seasonal))).toBe("TEMPLATE_NOT_AVAILABLE");
    expect(await eventRow(t.database.db, eventId)).toEqual(before);
    expect(await seatsOf(t.database.db, eventId)).toEqual([]);
    ok(await chooseTemplate(client, eventId, fromSeason));
    expect(await seatsOf(t.database.db, eventId)).toHaveLength(SMALL_SEATS);
  });

  it("a season may use a seasonal template but not a daily one", async () => {
    const seasonal = await createTemplateVia(client, smallLayout(), { name: "Season plan", type: "seasonal" });
    const daily = await createTemplateVia(client, smallLayout(), { name: "Daily plan" });
    const season = (
      await client.trpc.events.create.mutate({
        type: "SEASONAL",
        data: validEventStep1().data,
        season: { seasonStart: localDateInDays(10), seasonSaleEnd: new Date(Date.now() + 200 * 86_400_000), childEventIds: [] },
      })
    ).id;
    expect(appCodeOf(await chooseTemplate(client, season, daily))).toBe("TEMPLATE_NOT_AVAILABLE");
    ok(await chooseTemplate(client, season, seasonal));
    expect(await snapshotOf(t.database.db, season)).toMatchObject({ templateId: seasonal });
  });

  it("an unknown template id is TEMPLATE_NOT_AVAILABLE", async () => {
    const eventId = await createEventWithDates(client, [30]);
    expect(appCodeOf(await chooseTemplate(client, eventId, "00000000-0000-4000-8000-000000000000"))).toBe("TEMPLATE_NOT_AVAILABLE");
    expect(await seatsOf(t.database.db, eventId)).toEqual([]);
  });

  it("choosing the same template again keeps the inventory (blocked seats stay blocked)", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId);
    await client.trpc.seating.setBlocked.mutate({ eventDateId: dateIds[0]!, seatKeys: ["A:0:0"], blocked: true });
    const before = await seatingState(t.database.db, eventId);
    ok(await chooseTemplate(client, eventId, templateId));
    expect(await seatingState(t.database.db, eventId)).toEqual(before);
  });
});

describe("inventory follows the event's dates and seating choice", () => {
  it("a date added later gets its inventory at once; a removed date loses it", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const first = localDateInDays(30);
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId, [30]);
    expect(await seatsOf(t.database.db, eventId)).toHaveLength(SMALL_SEATS);

    const twoDates = oneDaySchedule(first, { additionalDates: [{ date: localDateInDays(35), start: "18:00", end: "20:00" }] });
    await client.trpc.events.saveData.mutate({ id: eventId, ...validEventStep1({ schedule: twoDates }) });
    const dates = await datesOf(t.database.db, eventId);
    expect(dates).toHaveLength(2);
    const added = dates.find((d) => d.id !== dateIds[0])!;
    const seats = await seatsOf(t.database.db, eventId);
    expect(keysOfDate(seats, added.id)).toEqual(expectedSeatKeys(smallLayout()));
    expect(seats.filter((s) => s.eventDateId === added.id).every((s) => s.status === "FREE" && s.version === 1)).toBe(true);
    expect((await areasOf(t.database.db, eventId)).filter((a) => a.eventDateId === added.id)).toEqual([
      expect.objectContaining({ areaId: "S", capacity: 30, held: 0, sold: 0 }),
    ]);
    expect(await seatingOfDetail(eventId)).toEqual({ seats: SMALL_SEATS * 2, standing: SMALL_STANDING * 2 });

    // Back to one date: the other date and its inventory go.
    await client.trpc.events.saveData.mutate({ id: eventId, ...validEventStep1({ schedule: oneDaySchedule(first) }) });
    const after = await seatsOf(t.database.db, eventId);
    expect(after).toHaveLength(SMALL_SEATS);
    expect(after.every((s) => s.eventDateId === dateIds[0])).toBe(true);
    expect(await seatingOfDetail(eventId)).toEqual({ seats: SMALL_SEATS, standing: SMALL_STANDING });
  });

  it("a date added to a published event gets its inventory too", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const first = localDateInDays(30);
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId, [30]);
    await client.trpc.tickets.save.mutate({ eventId, categories: [ticketCategory("a")] });
    await client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" });
    const schedule = oneDaySchedule(first, { additionalDates: [{ date: localDateInDays(45), start: "19:00", end: "22:00" }] });
    await client.trpc.events.saveData.mutate({ id: eventId, ...validEventStep1({ schedule }) });
    expect(await datesOf(t.database.db, eventId)).toHaveLength(2);
    expect(await seatsOf(t.database.db, eventId)).toHaveLength(SMALL_SEATS * 2);
    expect(await areasOf(t.database.db, eventId)).toHaveLength(2);
  });

  it("switching back to free admission removes the inventory and the snapshot", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    expect(await seatsOf(t.database.db, eventId)).toHaveLength(SMALL_SEATS * 2);
    await client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" });
    expect(await seatingState(t.database.db, eventId)).toEqual({ snapshot: undefined, seats: [], areas: [] });
    expect(await eventRow(t.database.db, eventId)).toMatchObject({ seatingMode: "free", stadiumTemplateId: null });
    expect(await seatingOfDetail(eventId)).toEqual({ seats: 0, standing: 0 });
    expect((await getTemplateVia(client, templateId)).editMode).toBe("FULL_EDIT");
  });

  it("switching to another template replaces the inventory with the other plan's", async () => {
    const small = await createTemplateVia(client, smallLayout());
    const theatre = await createTemplateVia(client, theatreLayout(), { name: "Theater" });
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, small, [30, 31]);
    ok(await chooseTemplate(client, eventId, theatre));
    const seats = await seatsOf(t.database.db, eventId);
    expect(seats).toHaveLength(272 * 2);
    for (const d of dateIds) expect(keysOfDate(seats, d)).toEqual(expectedSeatKeys(theatreLayout()));
    expect((await areasOf(t.database.db, eventId)).map((a) => a.areaId)).toEqual(["stehplatz", "stehplatz"]);
    expect(await snapshotOf(t.database.db, eventId)).toMatchObject({ templateId: theatre, layout: theatreLayout() });
  });

  it.each([
    ["a SOLD seat", "seat"],
    ["a sold standing place", "area"],
  ])("once %s exists, switching the template or to free is SEATING_LOCKED and nothing changes", async (_label, what) => {
    const templateId = await createTemplateVia(client, smallLayout());
    const other = await createTemplateVia(client, smallLayout(), { name: "Other" });
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    if (what === "seat") await setSeatStatus(t.database.db, dateIds[1]!, "A:1:1", "SOLD");
    else await setAreaCounters(t.database.db, dateIds[0]!, "S", { sold: 2 });
    const before = { event: await eventRow(t.database.db, eventId), seating: await seatingState(t.database.db, eventId) };

    const toOther = await chooseTemplate(client, eventId, other);
    expect(appCodeOf(toOther)).toBe("SEATING_LOCKED");
    expect(toOther.error?.httpStatus).toBe(409);
    expect(appCodeOf(await attempt(client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" })))).toBe("SEATING_LOCKED");
    expect({ event: await eventRow(t.database.db, eventId), seating: await seatingState(t.database.db, eventId) }).toEqual(before);
    // Saving the same choice again (step 3 unchanged) still works.
    ok(await chooseTemplate(client, eventId, templateId));
    expect(await seatingState(t.database.db, eventId)).toEqual(before.seating);
  });

  it("a PAYMENT_PENDING seat (a hold) locks the seating too", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId);
    await setSeatStatus(t.database.db, dateIds[0]!, "A:0:0", "PAYMENT_PENDING");
    expect(appCodeOf(await attempt(client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" })))).toBe("SEATING_LOCKED");
    expect(await seatsOf(t.database.db, eventId)).toHaveLength(SMALL_SEATS);
  });

  it("blocked seats alone do not lock the seating", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId);
    await client.trpc.seating.setBlocked.mutate({ eventDateId: dateIds[0]!, seatKeys: ["A:0:0"], blocked: true });
    await client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" });
    expect(await seatsOf(t.database.db, eventId)).toEqual([]);
  });
});

describe("template saves reach the events using the template", () => {
  it("FULL_EDIT rebuilds the inventory of every date from the new plan; blocked seats stay BLOCKED", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    const [d0, d1] = dateIds as [string, string];
    await client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: ["A:0:0", "A:2:3", "B:1:1"], blocked: true });

    const layout = smallLayout();
    seated(layout, "A").rows = 4; // + 4 seats
    seated(layout, "A").seatsPerRow = 3; // − 1 seat per row: A:*:3 disappear
    seated(layout, "A").firstRow = 5;
    seated(layout, "B").disabledSeats = []; // B:0:0 becomes sellable
    seated(layout, "B").categoryId = "c";
    standing(layout, "S").capacity = 45;
    standing(layout, "S").dailyAmount = null;
    layout.blocks.push(seatedBlock("C", { y: 300, rows: 1, seatsPerRow: 2, categoryId: "a" }));
    const template = (await templateRow(t.database.db, templateId))!;
    ok(await saveTemplate(client, template, layout));

    const snapshot = await snapshotOf(t.database.db, eventId);
    expect(snapshot!.layout).toEqual(layout);
    expect(snapshot!.templateId).toBe(templateId);
    const seats = await seatsOf(t.database.db, eventId);
    const expected = expectedSeatKeys(layout);
    expect(expected).toHaveLength(12 + 10 + 2);
    for (const d of dateIds) expect(keysOfDate(seats, d)).toEqual(expected);

    expect(await seatOf(t.database.db, d0, "A:0:0")).toMatchObject({ status: "BLOCKED", rowLabel: "5", seatLabel: "1" });
    expect(await seatOf(t.database.db, d0, "B:1:1")).toMatchObject({ status: "BLOCKED", categoryId: "c" });
    expect(await seatOf(t.database.db, d0, "A:2:3")).toBeUndefined(); // the blocked seat no longer exists
    expect(await seatOf(t.database.db, d1, "A:0:0")).toMatchObject({ status: "FREE", rowLabel: "5", seatLabel: "1" });
    expect(await seatOf(t.database.db, d1, "B:0:0")).toMatchObject({ status: "FREE", rowLabel: "12", seatLabel: "5", categoryId: "c" });
    expect(await seatOf(t.database.db, d1, "A:3:2")).toMatchObject({ status: "FREE", rowLabel: "8", seatLabel: "3" });
    expect(seats.filter((s) => s.status === "BLOCKED").map((s) => `${s.eventDateId === d0 ? 0 : 1}/${s.seatKey}`).sort()).toEqual([
      "0/A:0:0",
      "0/B:1:1",
    ]);
    expect((await areasOf(t.database.db, eventId)).map((a) => a.capacity)).toEqual([45, 45]);
    expect(await seatingOfDetail(eventId)).toEqual({ seats: expected.length * 2, standing: 90 });
  });

  it("FULL_EDIT reaches every event using the template, and no other", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const other = await createTemplateVia(client, smallLayout(), { name: "Other" });
    const e1 = await createSeatedEvent(client, t.database.db, templateId, [30]);
    const e2 = await createSeatedEvent(client, t.database.db, templateId, [40, 41]);
    const e3 = await createSeatedEvent(client, t.database.db, other, [50]);
    const untouched = await seatingState(t.database.db, e3.eventId);

    const layout = smallLayout();
    layout.blocks.splice(1, 1); // B goes
    ok(await saveTemplate(client, (await templateRow(t.database.db, templateId))!, layout));
    expect(await seatsOf(t.database.db, e1.eventId)).toHaveLength(12);
    expect(await seatsOf(t.database.db, e2.eventId)).toHaveLength(24);
    expect((await snapshotOf(t.database.db, e2.eventId))!.layout).toEqual(layout);
    expect(await seatingState(t.database.db, e3.eventId)).toEqual(untouched);
  });

  it("LIMITED_EDIT adds the new block's seats, updates categories of unsold seats only, and keeps sales and blocks", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    const [d0, d1] = dateIds as [string, string];
    await setSeatStatus(t.database.db, d0, "B:0:1", "SOLD");
    await setSeatStatus(t.database.db, d1, "B:0:2", "PAYMENT_PENDING");
    await client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: ["B:1:1"], blocked: true });
    expect((await getTemplateVia(client, templateId)).editMode).toBe("LIMITED_EDIT");
    const soldBefore = await seatOf(t.database.db, d0, "B:0:1");
    const pendingBefore = await seatOf(t.database.db, d1, "B:0:2");

    // Block B moves to category a, except its sold and held seats, which keep b.
    const template = (await templateRow(t.database.db, templateId))!;
    const layout = clone(template.layout);
    seated(layout, "B").categoryId = "a";
    seated(layout, "B").seatCategories = { "0:1": "b", "0:2": "b" };
    seated(layout, "B").name = "Balkon";
    layout.blocks.push(seatedBlock("C", { y: 300, rows: 2, seatsPerRow: 3, categoryId: "c", firstRow: 20 }));
    layout.blocks.push(standingBlock("S2", { y: 300, capacity: 15, categoryId: "a" }));
    ok(await saveTemplate(client, template, layout));

    expect((await snapshotOf(t.database.db, eventId))!.layout).toEqual(layout);
    const seats = await seatsOf(t.database.db, eventId);
    for (const d of dateIds) expect(keysOfDate(seats, d)).toEqual(expectedSeatKeys(layout));
    // New block: FREE rows on both dates.
    for (const d of dateIds) {
      expect(seats.filter((s) => s.eventDateId === d && s.blockId === "C")).toHaveLength(6);
      expect(await seatOf(t.database.db, d, "C:1:2")).toMatchObject({ status: "FREE", rowLabel: "21", seatLabel: "3", categoryId: "c", version: 1 });
    }
    // Sold and held seats are untouched (category, status, version).
    expect(await seatOf(t.database.db, d0, "B:0:1")).toEqual(soldBefore);
    expect(await seatOf(t.database.db, d1, "B:0:2")).toEqual(pendingBefore);
    // Unsold seats of B follow the new category, with a new version; blocked stays blocked.
    expect(await seatOf(t.database.db, d0, "B:1:1")).toMatchObject({ status: "BLOCKED", categoryId: "a", version: 3 });
    expect(await seatOf(t.database.db, d1, "B:1:3")).toMatchObject({ status: "FREE", categoryId: "a", version: 2 });
    // Seats whose category did not change keep their version.
    expect(await seatOf(t.database.db, d1, "A:0:0")).toMatchObject({ categoryId: "a", version: 1 });
    // The new standing area gets a counter per date.
    const areas = await areasOf(t.database.db, eventId);
    expect(areas.filter((a) => a.areaId === "S2")).toEqual([
      expect.objectContaining({ capacity: 15, categoryId: "a", held: 0, sold: 0 }),
      expect.objectContaining({ capacity: 15, categoryId: "a", held: 0, sold: 0 }),
    ]);
    expect(await seatingOfDetail(eventId)).toEqual({ seats: (SMALL_SEATS + 6) * 2, standing: (SMALL_STANDING + 15) * 2 });
  });

  it("LIMITED_EDIT: an unsold standing area's new category reaches its counters", async () => {
    const layout = smallLayout();
    layout.blocks.push(standingBlock("S2", { y: 300, capacity: 15, categoryId: "a" }));
    const templateId = await createTemplateVia(client, layout);
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    await setSeatStatus(t.database.db, dateIds[0]!, "A:0:0", "SOLD");

    const template = (await templateRow(t.database.db, templateId))!;
    const edited = clone(template.layout);
    standing(edited, "S2").categoryId = "b";
    ok(await saveTemplate(client, template, edited));
    expect((await snapshotOf(t.database.db, eventId))!.layout).toEqual(edited);
    const areas = (await areasOf(t.database.db, eventId)).filter((a) => a.areaId === "S2");
    expect(areas.map((a) => a.categoryId)).toEqual(["b", "b"]);
  });

  it("a cancelled event keeps its snapshot and inventory when the template changes", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId, [30]);
    await client.trpc.tickets.save.mutate({ eventId, categories: [ticketCategory("a")] });
    await client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" });
    await client.trpc.events.cancel.mutate({ id: eventId });
    const before = await seatingState(t.database.db, eventId);
    const layout = smallLayout();
    layout.blocks.splice(0, 1);
    ok(await saveTemplate(client, (await templateRow(t.database.db, templateId))!, layout));
    expect(await seatingState(t.database.db, eventId)).toEqual(before);
  });

  it("the inventory follows the event's snapshot, not the template row: a new date is built from event_seating.layout", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const first = localDateInDays(30);
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId, [30]);
    // The template row changes behind the events' back (no save): the event must not follow it.
    const diverged = smallLayout();
    diverged.blocks.push(seatedBlock("X", { y: 500, rows: 5, seatsPerRow: 5 }));
    await t.database.db.update(stadiumTemplates).set({ layout: diverged }).where(eq(stadiumTemplates.id, templateId));

    const schedule = oneDaySchedule(first, { additionalDates: [{ date: localDateInDays(33), start: "19:00", end: "22:00" }] });
    await client.trpc.events.saveData.mutate({ id: eventId, ...validEventStep1({ schedule }) });
    const seats = await seatsOf(t.database.db, eventId);
    expect(seats).toHaveLength(SMALL_SEATS * 2);
    expect(seats.some((s) => s.blockId === "X")).toBe(false);
    expect((await snapshotOf(t.database.db, eventId))!.layout).toEqual(smallLayout());
  });
});

describe("seating.setBlocked", () => {
  let eventId: string;
  let d0: string;
  let d1: string;

  beforeAll(async () => {
    const templateId = await createTemplateVia(client, smallLayout(), { name: "Blocking" });
    const created = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    eventId = created.eventId;
    [d0, d1] = created.dateIds as [string, string];
  });

  it("blocks FREE seats of one date: returns the changed keys and increments their version", async () => {
    const res = await client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: ["A:0:0", "A:0:1"], blocked: true });
    expect(res.changed.sort()).toEqual(["A:0:0", "A:0:1"]);
    expect(await seatOf(t.database.db, d0, "A:0:0")).toMatchObject({ status: "BLOCKED", version: 2 });
    expect(await seatOf(t.database.db, d0, "A:0:1")).toMatchObject({ status: "BLOCKED", version: 2 });
    // The same seat on the other date is untouched.
    expect(await seatOf(t.database.db, d1, "A:0:0")).toMatchObject({ status: "FREE", version: 1 });
    const inventory = await client.trpc.seating.dateInventory.query({ eventDateId: d0 });
    expect(inventory.seats).toHaveLength(SMALL_SEATS);
    expect(inventory.seats.filter((s) => s.status === "BLOCKED").map((s) => s.key)).toEqual(["A:0:0", "A:0:1"]);
    expect(inventory.areas).toEqual([{ areaId: "S", capacity: 30, held: 0, sold: 0 }]);
  });

  it("blocking again changes nothing (no key returned, version unchanged)", async () => {
    const res = await client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: ["A:0:0"], blocked: true });
    expect(res.changed).toEqual([]);
    expect(await seatOf(t.database.db, d0, "A:0:0")).toMatchObject({ status: "BLOCKED", version: 2 });
  });

  it("leaves SOLD and PAYMENT_PENDING seats untouched and ignores unknown or deactivated seats", async () => {
    await setSeatStatus(t.database.db, d0, "A:1:0", "SOLD");
    await setSeatStatus(t.database.db, d0, "A:1:1", "PAYMENT_PENDING");
    await setSeatStatus(t.database.db, d0, "A:1:2", "SEASON_SOLD");
    const before = [await seatOf(t.database.db, d0, "A:1:0"), await seatOf(t.database.db, d0, "A:1:1"), await seatOf(t.database.db, d0, "A:1:2")];
    const res = await client.trpc.seating.setBlocked.mutate({
      eventDateId: d0,
      seatKeys: ["A:1:0", "A:1:1", "A:1:2", "A:1:3", "B:0:0", "Z:9:9"],
      blocked: true,
    });
    expect(res.changed).toEqual(["A:1:3"]);
    expect([await seatOf(t.database.db, d0, "A:1:0"), await seatOf(t.database.db, d0, "A:1:1"), await seatOf(t.database.db, d0, "A:1:2")]).toEqual(before);
    expect(await seatOf(t.database.db, d0, "B:0:0")).toBeUndefined();
    expect(await seatOf(t.database.db, d0, "Z:9:9")).toBeUndefined();

    // Unblocking does not free a sold or held seat either.
    const un = await client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: ["A:1:0", "A:1:1", "A:1:2"], blocked: false });
    expect(un.changed).toEqual([]);
    expect([await seatOf(t.database.db, d0, "A:1:0"), await seatOf(t.database.db, d0, "A:1:1"), await seatOf(t.database.db, d0, "A:1:2")]).toEqual(before);
  });

  it("unblocks BLOCKED seats (FREE, version incremented) and leaves FREE seats alone", async () => {
    const res = await client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: ["A:0:0", "A:2:0"], blocked: false });
    expect(res.changed).toEqual(["A:0:0"]);
    expect(await seatOf(t.database.db, d0, "A:0:0")).toMatchObject({ status: "FREE", version: 3 });
    expect(await seatOf(t.database.db, d0, "A:2:0")).toMatchObject({ status: "FREE", version: 1 });
  });

  it("an event date of another organiser is NOT_FOUND and nothing changes", async () => {
    const other = await signedInOrganiser(t);
    const before = await seatingState(t.database.db, eventId);
    const res = await attempt(other.client.trpc.seating.setBlocked.mutate({ eventDateId: d1, seatKeys: ["A:0:0"], blocked: true }));
    expect(appCodeOf(res)).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(other.client.trpc.seating.setBlocked.mutate({ eventDateId: d1, seatKeys: ["A:0:0"], blocked: false })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(client.trpc.seating.setBlocked.mutate({ eventDateId: "00000000-0000-4000-8000-000000000000", seatKeys: ["A:0:0"], blocked: true })))).toBe("NOT_FOUND");
    expect(await seatingState(t.database.db, eventId)).toEqual(before);
  });

  it.each<[string, unknown]>([
    ["a key without a seat index", ["A:0"]],
    ["a non-numeric row", ["A:x:1"]],
    ["a block id with a space", ["bad id:0:0"]],
    ["an SQL-ish key", ["A:0:0' or '1'='1"]],
    ["an empty key", [""]],
    ["no keys at all", []],
    ["more than 5000 keys", Array.from({ length: 5001 }, (_, i) => `A:${i}:0`)],
    ["a number", [42]],
  ])("malformed seat keys (%s) are VALIDATION and nothing changes", async (_label, seatKeys) => {
    const before = await seatingState(t.database.db, eventId);
    const res = await attempt(client.trpc.seating.setBlocked.mutate({ eventDateId: d0, seatKeys: malformed(seatKeys), blocked: true }));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error!.fieldErrors).not.toBeNull();
    expect(await seatingState(t.database.db, eventId)).toEqual(before);
  });

  it("a malformed event date id is VALIDATION", async () => {
    expect(appCodeOf(await attempt(client.trpc.seating.setBlocked.mutate({ eventDateId: "nope", seatKeys: ["A:0:0"], blocked: true })))).toBe("VALIDATION");
  });

  it("a team member who may only view seating plans cannot block (FORBIDDEN) but can read the date's inventory", async () => {
    const viewer = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), seatingPlansView: true });
    const before = await seatingState(t.database.db, eventId);
    expect(appCodeOf(await attempt(viewer.client.trpc.seating.setBlocked.mutate({ eventDateId: d1, seatKeys: ["A:0:0"], blocked: true })))).toBe("FORBIDDEN");
    expect(await seatingState(t.database.db, eventId)).toEqual(before);
    expect((await viewer.client.trpc.seating.dateInventory.query({ eventDateId: d1 })).seats).toHaveLength(SMALL_SEATS);
    const blocker = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), seatingPlansUpdate: true });
    expect((await blocker.client.trpc.seating.setBlocked.mutate({ eventDateId: d1, seatKeys: ["B:1:2"], blocked: true })).changed).toEqual([
      "B:1:2",
    ]);
  });
});
