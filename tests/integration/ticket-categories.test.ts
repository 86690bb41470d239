import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTicketCategory, type TTicketCategory } from "../../shared/schemas/tickets";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import {
  categoriesOf,
  createEventVia,
  eventRow,
  ok,
  signedInOrganiser,
  snapshotEvent,
  ticketCategory,
} from "./helpers/events";
import { createSeatedEvent, createTemplateVia, smallLayout } from "./helpers/stadiums";
import { attempt } from "./helpers/trpc";

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInOrganiser(t));
});

afterAll(async () => {
  await t.close();
});

function save(eventId: string, categories: TTicketCategory[]) {
  return attempt(client.trpc.tickets.save.mutate({ eventId, categories }));
}

describe("saving the list", () => {
  it("creates categories in order with the form's defaults (1..20 per order, EUR, Boxoffice & Online)", async () => {
    const id = await createEventVia(client);
    ok(
      await save(id, [
        { ...newTicketCategory("adult"), name: "Adult", priceCents: 2500 },
        { ...newTicketCategory("child"), name: "Child", kind: "free", priceCents: 0, dailyQuantity: 40 },
      ]),
    );
    const rows = await categoriesOf(t.database.db, id);
    expect(rows.map((r) => r.name)).toEqual(["Adult", "Child"]);
    expect(rows[0]).toMatchObject({
      kind: "chargeable",
      priceCents: 2500,
      currency: "EUR",
      dailyQuantity: 100,
      seatsPerTicket: 1,
      minPerOrder: 1,
      maxPerOrder: 20,
      appliesTo: "boxoffice_online",
      saleStartMode: "on_release",
      saleEndMode: "event_end",
      visibility: "always",
      selectability: "always",
      conditionCategoryId: null,
      sortOrder: 0,
    });
    expect(rows[1]).toMatchObject({ kind: "free", priceCents: 0, dailyQuantity: 40, sortOrder: 1 });
    expect((await eventRow(t.database.db, id))!.wizardStep).toBeGreaterThanOrEqual(4);

    const detail = await client.trpc.events.get.query({ id });
    expect(detail.categories.map((c) => c.name)).toEqual(["Adult", "Child"]);
  });

  it("replaces the list: updated categories keep their ids, missing ones go, new ones come", async () => {
    const id = await createEventVia(client);
    ok(await save(id, [ticketCategory("a", { name: "A" }), ticketCategory("b", { name: "B" }), ticketCategory("c", { name: "C" })]));
    const [a, b, c] = await categoriesOf(t.database.db, id);

    ok(
      await save(id, [
        ticketCategory("c", { id: c!.id, name: "C renamed", priceCents: 999 }),
        ticketCategory("d", { name: "D" }),
        ticketCategory("a", { id: a!.id, name: "A" }),
      ]),
    );
    const rows = await categoriesOf(t.database.db, id);
    expect(rows.map((r) => [r.name, r.sortOrder])).toEqual([
      ["C renamed", 0],
      ["D", 1],
      ["A", 2],
    ]);
    expect(rows[0]!.id).toBe(c!.id);
    expect(rows[0]!.priceCents).toBe(999);
    expect(rows[2]!.id).toBe(a!.id);
    expect(rows.map((r) => r.id)).not.toContain(b!.id);
    expect(rows[1]!.id).not.toBe(b!.id);

    ok(await save(id, []));
    expect(await categoriesOf(t.database.db, id)).toEqual([]);
  });

  it("a condition on another category is stored as conditionCategoryId, also for categories not saved yet", async () => {
    const id = await createEventVia(client);
    ok(
      await save(id, [
        ticketCategory("adult", { name: "Adult" }),
        ticketCategory("child", {
          name: "Child",
          visibility: "with_other_selected",
          selectability: "with_other_selected",
          conditionKey: "adult",
        }),
        ticketCategory("late", { name: "Late", selectability: "other_sold_out", conditionKey: "adult" }),
      ]),
    );
    const [adult, child, late] = await categoriesOf(t.database.db, id);
    expect(child).toMatchObject({ visibility: "with_other_selected", selectability: "with_other_selected", conditionCategoryId: adult!.id });
    expect(late).toMatchObject({ selectability: "other_sold_out", conditionCategoryId: adult!.id });
    expect(adult!.conditionCategoryId).toBeNull();

    // The condition points at a category saved earlier (by key, with its id), and can be lifted.
    ok(
      await save(id, [
        ticketCategory("adult", { id: adult!.id, name: "Adult" }),
        ticketCategory("child", { id: child!.id, name: "Child", visibility: "with_other_selected", conditionKey: "late" }),
        ticketCategory("late", { id: late!.id, name: "Late" }),
      ]),
    );
    const after = await categoriesOf(t.database.db, id);
    expect(after.map((r) => r.id)).toEqual([adult!.id, child!.id, late!.id]);
    expect(after[1]!.conditionCategoryId).toBe(late!.id);
    expect(after[2]!.conditionCategoryId).toBeNull();
  });

  it("an unknown category id is NOT_FOUND and nothing is saved", async () => {
    const id = await createEventVia(client);
    ok(await save(id, [ticketCategory("a", { name: "Kept" })]));
    const before = await snapshotEvent(t.database.db, id);
    const other = await createEventVia(client);
    ok(await save(other, [ticketCategory("o", { name: "Other event's" })]));
    const [foreign] = await categoriesOf(t.database.db, other);

    for (const unknownId of [foreign!.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await save(id, [ticketCategory("new", { name: "New" }), ticketCategory("x", { id: unknownId, name: "Moved" })]);
      expect(appCodeOf(res)).toBe("NOT_FOUND");
    }
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
    expect((await categoriesOf(t.database.db, other)).map((c) => c.name)).toEqual(["Other event's"]);
  });

  it("an event of another organiser is NOT_FOUND", async () => {
    const other = await signedInOrganiser(t);
    const id = await createEventVia(other.client);
    expect(appCodeOf(await save(id, [ticketCategory("a")]))).toBe("NOT_FOUND");
    expect(await categoriesOf(t.database.db, id)).toEqual([]);
  });
});

describe("invalid categories are refused whole", () => {
  const cases: [string, (list: TTicketCategory[]) => TTicketCategory[], string][] = [
    ["a chargeable category with price 0", (l) => [l[0]!, { ...l[1]!, priceCents: 0 }], "categories.1.priceCents"],
    ["a free category with a price", (l) => [{ ...l[0]!, kind: "free", priceCents: 500 }, l[1]!], "categories.0.priceCents"],
    ["min per order above max", (l) => [{ ...l[0]!, minPerOrder: 10, maxPerOrder: 5 }, l[1]!], "categories.0.maxPerOrder"],
    [
      "a visibility condition without a category",
      (l) => [l[0]!, { ...l[1]!, visibility: "with_other_selected", conditionKey: null }],
      "categories.1.conditionKey",
    ],
    [
      "a selectability condition on an unknown key",
      (l) => [{ ...l[0]!, selectability: "other_sold_out", conditionKey: "nope" }, l[1]!],
      "categories.0.conditionKey",
    ],
    ["a negative price", (l) => [{ ...l[0]!, priceCents: -100 }, l[1]!], "categories.0.priceCents"],
    ["an empty name", (l) => [l[0]!, { ...l[1]!, name: "  " }], "categories.1.name"],
    ["a daily quantity of 0", (l) => [{ ...l[0]!, dailyQuantity: 0 }, l[1]!], "categories.0.dailyQuantity"],
    [
      "a sale start date missing",
      (l) => [{ ...l[0]!, saleStartMode: "at", saleStartAt: null }, l[1]!],
      "categories.0.saleStartAt",
    ],
  ];

  it.each(cases.map(([label, mutate, path]) => [label, path, mutate] as const))(
    "%s is VALIDATION at %s and the previous list stays",
    async (_label, path, mutate) => {
    const id = await createEventVia(client);
    ok(await save(id, [ticketCategory("a", { name: "Old A" }), ticketCategory("b", { name: "Old B" })]));
    const [a] = await categoriesOf(t.database.db, id);
    const before = await snapshotEvent(t.database.db, id);

    const valid = [ticketCategory("a", { id: a!.id, name: "New A", priceCents: 100 }), ticketCategory("c", { name: "New C" })];
    const res = await save(id, mutate(valid));
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error?.fieldErrors).toHaveProperty([path]);
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
    },
  );

  it("newTicketCategory() as it stands (no name, no price) is refused", async () => {
    const id = await createEventVia(client);
    const res = await save(id, [newTicketCategory("a")]);
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(res.error?.fieldErrors).toHaveProperty(["categories.0.name"]);
    expect(res.error?.fieldErrors).toHaveProperty(["categories.0.priceCents"]);
    expect(await categoriesOf(t.database.db, id)).toEqual([]);
  });

  it("the same category id twice in one list is refused and nothing changes", async () => {
    const id = await createEventVia(client);
    ok(await save(id, [ticketCategory("a", { name: "A" }), ticketCategory("b", { name: "B" })]));
    const [a] = await categoriesOf(t.database.db, id);
    const before = await snapshotEvent(t.database.db, id);
    const res = await save(id, [ticketCategory("a", { id: a!.id, name: "A1" }), ticketCategory("b", { id: a!.id, name: "A2" })]);
    expect(res.error, "two entries may not update one category: one of them would be lost").toBeDefined();
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("two categories with the same key are refused", async () => {
    const id = await createEventVia(client);
    const res = await save(id, [ticketCategory("a"), ticketCategory("a", { name: "Twin" })]);
    expect(appCodeOf(res)).toBe("VALIDATION");
    expect(await categoriesOf(t.database.db, id)).toEqual([]);
  });
});

describe("the seating category of a ticket", () => {
  it("links a category of the event's seating plan; the detail returns it, null means any seat", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId);
    ok(
      await save(eventId, [
        ticketCategory("front", { name: "Front", seatingCategoryId: "a" }),
        ticketCategory("standing", { name: "Standing", seatingCategoryId: "c" }),
        ticketCategory("any", { name: "Any seat" }),
      ]),
    );
    expect((await categoriesOf(t.database.db, eventId)).map((r) => r.seatingCategoryId)).toEqual(["a", "c", null]);
    const detail = await client.trpc.events.get.query({ id: eventId });
    expect(detail.categories.map((c) => [c.name, c.seatingCategoryId])).toEqual([
      ["Front", "a"],
      ["Standing", "c"],
      ["Any seat", null],
    ]);

    // Changed and lifted again on the next save.
    const [front, standing] = await categoriesOf(t.database.db, eventId);
    ok(
      await save(eventId, [
        ticketCategory("front", { id: front!.id, name: "Front", seatingCategoryId: "b" }),
        ticketCategory("standing", { id: standing!.id, name: "Standing", seatingCategoryId: null }),
      ]),
    );
    expect((await categoriesOf(t.database.db, eventId)).map((r) => r.seatingCategoryId)).toEqual(["b", null]);
  });

  it("a category the event's plan does not have is NOT_FOUND on the field and nothing changes", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId);
    ok(await save(eventId, [ticketCategory("a", { name: "Kept", seatingCategoryId: "a" })]));
    const [kept] = await categoriesOf(t.database.db, eventId);
    const before = await snapshotEvent(t.database.db, eventId);

    const res = await save(eventId, [
      ticketCategory("a", { id: kept!.id, name: "Renamed", seatingCategoryId: "nope" }),
      ticketCategory("b", { name: "New", seatingCategoryId: "b" }),
    ]);
    expect(appCodeOf(res)).toBe("NOT_FOUND");
    expect(res.error?.fieldErrors).toHaveProperty(["categories.0.seatingCategoryId"]);
    expect(await snapshotEvent(t.database.db, eventId)).toEqual(before);
  });

  it("a free-seating event has no seating categories: any id is refused", async () => {
    const id = await createEventVia(client);
    await client.trpc.events.saveSeating.mutate({ id, seatingMode: "free" });
    ok(await save(id, [ticketCategory("a", { name: "Kept" })]));
    const before = await snapshotEvent(t.database.db, id);

    for (const seatingCategoryId of ["a", "cat1"]) {
      const res = await save(id, [ticketCategory("a", { name: "Linked", seatingCategoryId })]);
      expect(appCodeOf(res)).toBe("NOT_FOUND");
      expect(res.error?.fieldErrors).toHaveProperty(["categories.0.seatingCategoryId"]);
    }
    expect(await snapshotEvent(t.database.db, id)).toEqual(before);
  });

  it("after the event goes back to free seating, its plan's categories are refused too", async () => {
    const templateId = await createTemplateVia(client, smallLayout());
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId);
    await client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" });
    const res = await save(eventId, [ticketCategory("a", { seatingCategoryId: "a" })]);
    expect(appCodeOf(res)).toBe("NOT_FOUND");
    expect(res.error?.fieldErrors).toHaveProperty(["categories.0.seatingCategoryId"]);
    expect(await categoriesOf(t.database.db, eventId)).toEqual([]);
  });
});
