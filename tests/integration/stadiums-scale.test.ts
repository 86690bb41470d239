import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areaInventory, seatInventory } from "../../server/db/schema";
import { stadiumLayout } from "../../server/demo/stadiums";
import type { SeatedBlock } from "../../shared/seating/layout";
import { layoutCapacity } from "../../shared/seating/numbering";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { ok, signedInOrganiser } from "./helpers/events";
import {
  clone,
  createSeatedEvent,
  createTemplateVia,
  getTemplateVia,
  gridLayout,
  listTemplatesVia,
  saveTemplate,
  seatOf,
  templateRow,
} from "./helpers/stadiums";

/**
 * Big plans stay small on the wire (blocks are parameters, not seats) and the inventory of a
 * 20,000-place stadium is written in a few statements. Within the 30 s test timeout on PGlite
 * and on Postgres.
 */

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInOrganiser(t));
});

afterAll(async () => {
  await t.close();
});

async function seatCount(eventId: string, eventDateId?: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(seatInventory)
    .where(eventDateId ? eq(seatInventory.eventDateId, eventDateId) : eq(seatInventory.eventId, eventId));
  return row!.n;
}

describe("a 60,000-seat template (120 blocks × 25 rows × 20 seats)", () => {
  it("is created with its capacities, saved and loaded whole", async () => {
    const layout = gridLayout(120, 25, 20);
    const started = Date.now();
    const id = await createTemplateVia(client, layout, { name: "Mega Arena" });
    const created = (await templateRow(t.database.db, id))!;
    expect(created).toMatchObject({ capacity: 60_000, fixedCapacity: 60_000, freeCapacity: 0, version: 1 });

    const edited = clone(layout);
    (edited.blocks[119] as SeatedBlock).rows = 24; // 60,000 − 20
    edited.blocks[0]!.name = "Renamed";
    const saved = ok(await saveTemplate(client, created, edited));
    expect(saved.version).toBe(2);

    const view = await getTemplateVia(client, id);
    expect(view.editMode).toBe("FULL_EDIT");
    expect(view.template.layout.blocks).toHaveLength(120);
    expect(view.template.layout).toEqual(edited);
    expect(view.template).toMatchObject({ capacity: 59_980, fixedCapacity: 59_980, version: 2 });
    const row = (await listTemplatesVia(client)).find((r) => r.id === id);
    expect(row).toMatchObject({ capacity: 59_980, usedByEvents: 0 });
    expect(Date.now() - started).toBeLessThan(25_000);
  });

  it("is materialised for an event with 2 dates (120,000 rows) and rebuilt by a FULL_EDIT save", async () => {
    const layout = gridLayout(120, 25, 20);
    const id = await createTemplateVia(client, layout, { name: "Mega Arena 2" });
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, id, [40, 41]);
    for (const dateId of dateIds) expect(await seatCount(eventId, dateId)).toBe(60_000);

    // One block shrinks by a row: the rebuild drops its 20 seats on both dates.
    const edited = clone(layout);
    (edited.blocks[5] as SeatedBlock).rows = 24;
    ok(await saveTemplate(client, (await templateRow(t.database.db, id))!, edited));
    expect(await seatCount(eventId)).toBe(2 * 59_980);
    expect(await seatOf(t.database.db, dateIds[0]!, "G6:24:0")).toBeUndefined();
    expect(await seatOf(t.database.db, dateIds[0]!, "G6:23:19")).toMatchObject({ rowLabel: "24", seatLabel: "20", status: "FREE" });
  });
});

describe("the 20,000-place demo stadium", () => {
  it("is created, loaded, and materialised for an event with 2 dates (18,000 seats + 2 terraces per date)", async () => {
    const layout = stadiumLayout();
    const capacity = layoutCapacity(layout);
    expect(capacity).toMatchObject({ total: 20_000, fixed: 18_000, free: 2_000 });

    const started = Date.now();
    const id = await createTemplateVia(client, layout, { name: "Stadion" });
    const view = await getTemplateVia(client, id);
    expect(view.template).toMatchObject({ capacity: 20_000, fixedCapacity: 18_000, freeCapacity: 2_000 });
    expect(view.template.layout).toEqual(layout);

    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, id, [30, 31]);
    expect(dateIds).toHaveLength(2);
    expect(await seatCount(eventId)).toBe(36_000);
    for (const dateId of dateIds) expect(await seatCount(eventId, dateId)).toBe(18_000);
    const areas = await t.database.db.select().from(areaInventory).where(eq(areaInventory.eventId, eventId));
    expect(areas).toHaveLength(4);
    expect(areas.every((a) => a.capacity === 1_000 && a.held === 0 && a.sold === 0)).toBe(true);

    // Spot-check one seat: block N1 is 30 × 20, numbered from row 1 / seat 1, category cat2.
    const seat = await seatOf(t.database.db, dateIds[1]!, "N1:29:19");
    expect(seat).toMatchObject({ blockId: "N1", rowLabel: "30", seatLabel: "20", categoryId: "cat2", status: "FREE", version: 1 });

    const detail = await client.trpc.events.get.query({ id: eventId });
    expect(detail.seating).toEqual({ seats: 36_000, standing: 4_000 });
    const listed = (await listTemplatesVia(client)).find((r) => r.id === id);
    expect(listed).toMatchObject({ capacity: 20_000, usedByEvents: 1 });
    expect(Date.now() - started).toBeLessThan(25_000);
  });
});
