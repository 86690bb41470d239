import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSeating, stadiumTemplates } from "../../server/db/schema";
import { theatreLayout } from "../../server/demo/stadiums";
import type { SeatingLayout } from "../../shared/seating/layout";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { ok, signedInOrganiser } from "./helpers/events";
import { attempt, malformed } from "./helpers/trpc";
import {
  chooseTemplate,
  clone,
  createEventWithDates,
  createTemplateVia,
  getTemplateVia,
  gridLayout,
  listTemplatesVia,
  saveTemplate,
  seatedBlock,
  smallLayout,
  SMALL_SEATS,
  SMALL_STANDING,
  templateInput,
  templateRow,
} from "./helpers/stadiums";

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

async function templateCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(stadiumTemplates).where(eq(stadiumTemplates.organiserId, organiserId));
  return row!.n;
}

describe("create", () => {
  it("the demo theatre gets capacity 312, fixed 272, free 40, version 1, ACTIVE", async () => {
    const id = await createTemplateVia(client, theatreLayout(), { name: "Theater", comment: "Stadttheater", type: "daily" });
    const row = await templateRow(t.database.db, id);
    expect(row).toMatchObject({
      organiserId,
      name: "Theater",
      comment: "Stadttheater",
      type: "daily",
      status: "ACTIVE",
      capacity: 312,
      fixedCapacity: 272,
      freeCapacity: 40,
      version: 1,
    });
    expect(row!.layout).toEqual(theatreLayout());
    const view = await getTemplateVia(client, id);
    expect(view.editMode).toBe("FULL_EDIT");
    expect(view.soldSeatKeys).toEqual([]);
    expect(view.template).toMatchObject({ id, capacity: 312, fixedCapacity: 272, freeCapacity: 40 });
    expect(view.template.layout).toEqual(theatreLayout());
  });

  it("capacities count active seats only and the lower of capacity and daily amount for standing areas", async () => {
    const id = await createTemplateVia(client, smallLayout());
    expect(await templateRow(t.database.db, id)).toMatchObject({
      capacity: SMALL_SEATS + SMALL_STANDING,
      fixedCapacity: SMALL_SEATS,
      freeCapacity: SMALL_STANDING,
    });
  });

  it("fills the layout's optional parts with their defaults", async () => {
    const layout = JSON.parse(JSON.stringify(smallLayout())) as { backgroundUploadId?: unknown; blocks: Record<string, unknown>[] };
    delete layout.backgroundUploadId;
    for (const field of ["rowSeats", "disabledRows", "disabledSeats", "rowCategories", "seatCategories"]) delete layout.blocks[0]![field];
    const { id } = await client.trpc.stadiums.create.mutate({ name: "Defaults", type: "daily", layout: malformed(layout) });
    const row = (await templateRow(t.database.db, id))!;
    expect(row.layout.backgroundUploadId).toBeNull();
    expect(row.layout.blocks[0]).toMatchObject({ rowSeats: {}, disabledRows: [], disabledSeats: [], rowCategories: {}, seatCategories: {} });
    expect(row.capacity).toBe(SMALL_SEATS + SMALL_STANDING);
  });

  it("an empty plan is allowed (capacity 0)", async () => {
    const id = await createTemplateVia(client, { width: 100, height: 100, categories: [], blocks: [], backgroundUploadId: null });
    expect(await templateRow(t.database.db, id)).toMatchObject({ capacity: 0, fixedCapacity: 0, freeCapacity: 0 });
  });
});

describe("invalid layouts are VALIDATION and nothing is stored", () => {
  const cases: [string, () => SeatingLayout, string][] = [
    [
      "duplicate block ids",
      () => {
        const l = smallLayout();
        l.blocks[1] = seatedBlock("A", { y: 100 });
        return l;
      },
      "layout.blocks.1.id",
    ],
    [
      "a block category that does not exist",
      () => {
        const l = smallLayout();
        l.blocks[0]!.categoryId = "nope";
        return l;
      },
      "layout.blocks.0.categoryId",
    ],
    [
      "a row category that does not exist",
      () => {
        const l = smallLayout();
        (l.blocks[1] as ReturnType<typeof seatedBlock>).rowCategories = { "0": "nope" };
        return l;
      },
      "layout.blocks.1.categoryId",
    ],
    [
      "a seat category that does not exist",
      () => {
        const l = smallLayout();
        (l.blocks[0] as ReturnType<typeof seatedBlock>).seatCategories = { "0:1": "ghost" };
        return l;
      },
      "layout.blocks.0.categoryId",
    ],
    ["more than 150,000 seats (4 × 200 × 200 = 160,000)", () => gridLayout(4, 200, 200), "layout.blocks"],
    [
      "seatsPerRow 0",
      () => {
        const l = smallLayout();
        (l.blocks[0] as ReturnType<typeof seatedBlock>).seatsPerRow = 0;
        return l;
      },
      "layout.blocks.0.seatsPerRow",
    ],
    [
      "rows 0",
      () => {
        const l = smallLayout();
        (l.blocks[0] as ReturnType<typeof seatedBlock>).rows = 0;
        return l;
      },
      "layout.blocks.0.rows",
    ],
    [
      "duplicate category ids",
      () => {
        const l = smallLayout();
        l.categories = [...l.categories, { id: "a", name: "again", color: "#000000" }];
        return l;
      },
      "layout.categories",
    ],
    [
      "a colour that is not #rrggbb",
      () => {
        const l = smallLayout();
        l.blocks[0]!.color = "red";
        return l;
      },
      "layout.blocks.0.color",
    ],
  ];

  it.each(cases)("%s", async (_label, build, field) => {
    const before = await templateCount();
    const res = await attempt(client.trpc.stadiums.create.mutate(templateInput(build())));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error!.fieldErrors).toHaveProperty([field]);
    expect(await templateCount()).toBe(before);
  });

  it("150,000 seats exactly are accepted (the limit is inclusive)", async () => {
    // 5 blocks × 200 × 150 = 150,000.
    const id = await createTemplateVia(client, gridLayout(5, 200, 150), { name: "Limit" });
    expect(await templateRow(t.database.db, id)).toMatchObject({ capacity: 150_000, fixedCapacity: 150_000 });
  });

  it("the seat limit cannot be bypassed with rows longer than seatsPerRow (rowSeats)", async () => {
    // Each block declares 1 seat per row, but every one of its 200 rows has 200 seats:
    // 4 × 200 × 200 = 160,000 real seats, more than MAX_TEMPLATE_SEATS.
    const layout = gridLayout(4, 200, 1);
    for (const block of layout.blocks) {
      if (block.kind === "seated") block.rowSeats = Object.fromEntries(Array.from({ length: 200 }, (_, r) => [String(r), 200]));
    }
    const before = await templateCount();
    const res = await attempt(client.trpc.stadiums.create.mutate(templateInput(layout, { name: "Bypass" })));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(await templateCount()).toBe(before);
  });

  it("a save with an invalid layout is VALIDATION and leaves the template as it was", async () => {
    const id = await createTemplateVia(client, smallLayout());
    const before = await templateRow(t.database.db, id);
    const layout = smallLayout();
    layout.blocks.push(seatedBlock("A", { y: 300 }));
    expect(appCodeOf(await saveTemplate(client, before!, layout))).toBe("VALIDATION");
    expect(await templateRow(t.database.db, id)).toEqual(before);
  });

  it("an unknown type or an empty name is VALIDATION", async () => {
    const before = await templateCount();
    expect(appCodeOf(await attempt(client.trpc.stadiums.create.mutate(malformed({ ...templateInput(smallLayout()), type: "weekly" }))))).toBe("VALIDATION");
    expect(appCodeOf(await attempt(client.trpc.stadiums.create.mutate({ ...templateInput(smallLayout()), name: "  " })))).toBe("VALIDATION");
    expect(await templateCount()).toBe(before);
  });
});

describe("save", () => {
  it("stores the new layout, recomputes the capacities and increments the version", async () => {
    const id = await createTemplateVia(client, smallLayout(), { name: "Before" });
    const row = (await templateRow(t.database.db, id))!;
    const layout = clone(smallLayout());
    layout.blocks.push(seatedBlock("C", { y: 300, rows: 2, seatsPerRow: 10, categoryId: "a" }));
    const res = ok(await saveTemplate(client, row, layout, { name: "After" }));
    expect(res).toEqual({ version: 2 });
    const after = (await templateRow(t.database.db, id))!;
    expect(after).toMatchObject({ name: "After", version: 2, capacity: SMALL_SEATS + 20 + SMALL_STANDING, fixedCapacity: SMALL_SEATS + 20 });
    expect(after.layout).toEqual(layout);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
  });

  it("a stale version is TEMPLATE_CONFLICT and nothing changes", async () => {
    const id = await createTemplateVia(client, smallLayout());
    const v1 = (await templateRow(t.database.db, id))!;
    ok(await saveTemplate(client, v1, smallLayout(), { name: "Second" }));
    const v2 = await templateRow(t.database.db, id);
    const stale = await saveTemplate(client, v1, gridLayout(1, 2, 2), { name: "Lost update" });
    expect(appCodeOf(stale)).toBe("TEMPLATE_CONFLICT");
    expect(await templateRow(t.database.db, id)).toEqual(v2);
  });
});

describe("list", () => {
  it("lists the organiser's templates by name with capacities and the number of events using each", async () => {
    const other = await signedInOrganiser(t);
    const zebra = await createTemplateVia(other.client, smallLayout(), { name: "Zebra" });
    const alpha = await createTemplateVia(other.client, theatreLayout(), { name: "Alpha" });
    const mid = await createTemplateVia(other.client, smallLayout(), { name: "Middle" });
    for (const days of [[30], [40]]) {
      const eventId = await createEventWithDates(other.client, days);
      ok(await chooseTemplate(other.client, eventId, zebra));
    }
    const eventId = await createEventWithDates(other.client, [50]);
    ok(await chooseTemplate(other.client, eventId, alpha));

    const rows = await listTemplatesVia(other.client);
    expect(rows.map((r) => r.name)).toEqual(["Alpha", "Middle", "Zebra"]);
    expect(rows.find((r) => r.id === zebra)).toMatchObject({ usedByEvents: 2, capacity: 51, fixedCapacity: 21, freeCapacity: 30, status: "ACTIVE", type: "daily" });
    expect(rows.find((r) => r.id === alpha)).toMatchObject({ usedByEvents: 1, capacity: 312, fixedCapacity: 272, freeCapacity: 40 });
    expect(rows.find((r) => r.id === mid)).toMatchObject({ usedByEvents: 0 });
    // Another organiser's templates are not listed.
    expect((await listTemplatesVia(client)).some((r) => [zebra, alpha, mid].includes(r.id))).toBe(false);
  });
});

describe("duplicate", () => {
  it("copies name (with a suffix), comment, type and layout into a new unused template", async () => {
    const id = await createTemplateVia(client, theatreLayout(), { name: "Original", comment: "note", type: "seasonal" });
    const eventId = await createEventWithDates(client, [60]);
    // The original is in use (daily event types cannot use seasonal ones, so use another one).
    const daily = await createTemplateVia(client, theatreLayout(), { name: "Original daily" });
    ok(await chooseTemplate(client, eventId, daily));

    const copy = await client.trpc.stadiums.duplicate.mutate({ id: daily });
    expect(copy.id).not.toBe(daily);
    const src = (await templateRow(t.database.db, daily))!;
    const dup = (await templateRow(t.database.db, copy.id))!;
    expect(dup).toMatchObject({
      organiserId,
      name: "Original daily (2)",
      comment: src.comment,
      type: "daily",
      status: "ACTIVE",
      version: 1,
      capacity: 312,
      fixedCapacity: 272,
      freeCapacity: 40,
    });
    expect(dup.layout).toEqual(src.layout);
    const listed = await listTemplatesVia(client);
    expect(listed.find((r) => r.id === copy.id)).toMatchObject({ usedByEvents: 0 });
    expect(listed.find((r) => r.id === daily)).toMatchObject({ usedByEvents: 1 });

    const seasonal = await client.trpc.stadiums.duplicate.mutate({ id });
    expect(await templateRow(t.database.db, seasonal.id)).toMatchObject({ name: "Original (2)", comment: "note", type: "seasonal" });
  });

  it("an unknown id is NOT_FOUND", async () => {
    const before = await templateCount();
    expect(appCodeOf(await attempt(client.trpc.stadiums.duplicate.mutate({ id: "00000000-0000-4000-8000-000000000000" })))).toBe("NOT_FOUND");
    expect(await templateCount()).toBe(before);
  });
});

describe("activate / deactivate", () => {
  it("INACTIVE hides the template from step 3 and ACTIVE brings it back", async () => {
    const id = await createTemplateVia(client, smallLayout(), { name: "Toggle" });
    const eventId = await createEventWithDates(client, [70]);
    const offered = async () =>
      (await client.trpc.events.seatingTemplates.query({ id: eventId })).some((r) => r.id === id);
    expect(await offered()).toBe(true);

    expect((await client.trpc.stadiums.setStatus.mutate({ id, status: "INACTIVE" }))).toEqual({ ok: true });
    expect(await templateRow(t.database.db, id)).toMatchObject({ status: "INACTIVE" });
    expect((await listTemplatesVia(client)).find((r) => r.id === id)).toMatchObject({ status: "INACTIVE" });
    expect(await offered()).toBe(false);

    await client.trpc.stadiums.setStatus.mutate({ id, status: "ACTIVE" });
    expect(await templateRow(t.database.db, id)).toMatchObject({ status: "ACTIVE" });
    expect(await offered()).toBe(true);
  });

  it("an unknown status is VALIDATION", async () => {
    const id = await createTemplateVia(client, smallLayout());
    expect(appCodeOf(await attempt(client.trpc.stadiums.setStatus.mutate(malformed({ id, status: "ARCHIVED" }))))).toBe("VALIDATION");
    expect(await templateRow(t.database.db, id)).toMatchObject({ status: "ACTIVE" });
  });
});

describe("delete", () => {
  it("deletes an unused template", async () => {
    const id = await createTemplateVia(client, smallLayout(), { name: "Unused" });
    expect((await client.trpc.stadiums.delete.mutate({ id }))).toEqual({ ok: true });
    expect(await templateRow(t.database.db, id)).toBeUndefined();
    expect((await listTemplatesVia(client)).some((r) => r.id === id)).toBe(false);
    expect(appCodeOf(await attempt(client.trpc.stadiums.get.query({ id })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(client.trpc.stadiums.delete.mutate({ id })))).toBe("NOT_FOUND");
  });

  it("a template used by an event is TEMPLATE_IN_USE and nothing is deleted", async () => {
    const id = await createTemplateVia(client, smallLayout(), { name: "Used" });
    const eventId = await createEventWithDates(client, [80]);
    ok(await chooseTemplate(client, eventId, id));
    const before = await templateRow(t.database.db, id);
    const [snapshot] = await t.database.db.select().from(eventSeating).where(eq(eventSeating.eventId, eventId));

    const res = await attempt(client.trpc.stadiums.delete.mutate({ id }));
    expect(appCodeOf(res)).toBe("TEMPLATE_IN_USE");
    expect(res.error?.httpStatus).toBe(409);
    expect(await templateRow(t.database.db, id)).toEqual(before);
    const [after] = await t.database.db.select().from(eventSeating).where(eq(eventSeating.eventId, eventId));
    expect(after).toEqual(snapshot);

    // Once the event no longer uses it, it can go.
    await client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" });
    await client.trpc.stadiums.delete.mutate({ id });
    expect(await templateRow(t.database.db, id)).toBeUndefined();
  });
});
