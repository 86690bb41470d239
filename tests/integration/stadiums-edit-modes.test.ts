import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyPermissionSet } from "../../shared/permissions";
import type { SeatedBlock, SeatingLayout, StandingBlock } from "../../shared/seating/layout";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { ok, signedInOrganiser, signedInTeamMember } from "./helpers/events";
import { attempt } from "./helpers/trpc";
import {
  clone,
  createSeatedEvent,
  createTemplateVia,
  getTemplateVia,
  saveTemplate,
  seatedBlock,
  seatingState,
  setAreaCounters,
  setSeatStatus,
  smallLayout,
  standingBlock,
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

const seated = (layout: SeatingLayout, id: string) => layout.blocks.find((b) => b.id === id) as SeatedBlock;
const standing = (layout: SeatingLayout, id: string) => layout.blocks.find((b) => b.id === id) as StandingBlock;

describe("edit mode by caller and sales", () => {
  it("FULL_EDIT for the organiser while nothing is sold, also with an event using the template", async () => {
    const id = await createTemplateVia(client);
    expect((await getTemplateVia(client, id)).editMode).toBe("FULL_EDIT");
    await createSeatedEvent(client, t.database.db, id, [30, 31]);
    const view = await getTemplateVia(client, id);
    expect(view.editMode).toBe("FULL_EDIT");
    expect(view.soldSeatKeys).toEqual([]);
  });

  it("READONLY for a team member with seatingPlansView only; save, create, duplicate, setStatus and delete are FORBIDDEN", async () => {
    const id = await createTemplateVia(client);
    const viewer = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), seatingPlansView: true });
    const view = await getTemplateVia(viewer.client, id);
    expect(view.editMode).toBe("READONLY");
    expect(view.template.layout).toEqual(smallLayout());
    expect((await viewer.client.trpc.stadiums.list.query()).some((r) => r.id === id)).toBe(true);

    const before = await templateRow(t.database.db, id);
    const layout = smallLayout();
    layout.blocks[0]!.name = "Changed by a viewer";
    const save = await saveTemplate(viewer.client, before!, layout);
    expect(appCodeOf(save)).toBe("FORBIDDEN");
    expect(save.error?.httpStatus).toBe(403);
    expect(appCodeOf(await attempt(viewer.client.trpc.stadiums.create.mutate(templateInput(smallLayout()))))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(viewer.client.trpc.stadiums.duplicate.mutate({ id })))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(viewer.client.trpc.stadiums.setStatus.mutate({ id, status: "INACTIVE" })))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(viewer.client.trpc.stadiums.delete.mutate({ id })))).toBe("FORBIDDEN");
    expect(await templateRow(t.database.db, id)).toEqual(before);
  });

  it("a team member with seatingPlansUpdate edits in FULL_EDIT; one without either right is FORBIDDEN", async () => {
    const id = await createTemplateVia(client);
    const editor = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), seatingPlansUpdate: true });
    expect((await getTemplateVia(editor.client, id)).editMode).toBe("FULL_EDIT");
    const layout = smallLayout();
    layout.blocks[0]!.name = "Edited by a team member";
    expect(ok(await saveTemplate(editor.client, (await templateRow(t.database.db, id))!, layout))).toEqual({ version: 2 });

    const outsider = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), createEvent: true, updateEvent: true });
    expect(appCodeOf(await attempt(outsider.client.trpc.stadiums.get.query({ id })))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(outsider.client.trpc.stadiums.list.query()))).toBe("FORBIDDEN");
  });

  it("LIMITED_EDIT once a seat of an event using the template is SOLD (and READONLY still wins for viewers)", async () => {
    const id = await createTemplateVia(client);
    const { dateIds } = await createSeatedEvent(client, t.database.db, id, [30, 31]);
    await setSeatStatus(t.database.db, dateIds[1]!, "B:0:1", "SOLD");
    const view = await getTemplateVia(client, id);
    expect(view.editMode).toBe("LIMITED_EDIT");
    expect(view.soldSeatKeys).toEqual(["B:0:1"]);
    const viewer = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), seatingPlansView: true });
    expect((await getTemplateVia(viewer.client, id)).editMode).toBe("READONLY");
  });

  it("a PAYMENT_PENDING seat (a hold) also means LIMITED_EDIT; BLOCKED does not", async () => {
    const id = await createTemplateVia(client);
    const { dateIds } = await createSeatedEvent(client, t.database.db, id);
    await setSeatStatus(t.database.db, dateIds[0]!, "A:0:0", "BLOCKED");
    expect((await getTemplateVia(client, id)).editMode).toBe("FULL_EDIT");
    await setSeatStatus(t.database.db, dateIds[0]!, "A:0:1", "PAYMENT_PENDING");
    expect((await getTemplateVia(client, id)).editMode).toBe("LIMITED_EDIT");
  });

  it.each([
    ["sold", { sold: 1 }],
    ["held", { held: 2 }],
  ])("LIMITED_EDIT once a standing area has %s places", async (_label, counters) => {
    const id = await createTemplateVia(client);
    const { dateIds } = await createSeatedEvent(client, t.database.db, id);
    await setAreaCounters(t.database.db, dateIds[0]!, "S", counters);
    const view = await getTemplateVia(client, id);
    expect(view.editMode).toBe("LIMITED_EDIT");
    expect(view.soldSeatKeys).toEqual(["S"]);
  });

  it("sales on another template's event do not limit this template", async () => {
    const sold = await createTemplateVia(client);
    const untouched = await createTemplateVia(client);
    const { dateIds } = await createSeatedEvent(client, t.database.db, sold);
    await createSeatedEvent(client, t.database.db, untouched);
    await setSeatStatus(t.database.db, dateIds[0]!, "A:0:0", "SOLD");
    expect((await getTemplateVia(client, sold)).editMode).toBe("LIMITED_EDIT");
    expect((await getTemplateVia(client, untouched)).editMode).toBe("FULL_EDIT");
  });
});

describe("LIMITED_EDIT: what a template with sales may still change", () => {
  // Block order in smallLayout: 0 = A (unsold), 1 = B (seat B:0:1 sold), 2 = S (standing).
  let id: string;
  let eventId: string;

  beforeAll(async () => {
    id = await createTemplateVia(client, smallLayout(), { name: "With sales" });
    const created = await createSeatedEvent(client, t.database.db, id, [30, 31]);
    eventId = created.eventId;
    await setSeatStatus(t.database.db, created.dateIds[0]!, "B:0:1", "SOLD");
    expect((await getTemplateVia(client, id)).editMode).toBe("LIMITED_EDIT");
  });

  /** Saves `edit(current layout)`; expects the refusal with `field` and that nothing changed. */
  async function expectRefused(edit: (layout: SeatingLayout) => void, field: string) {
    const before = (await templateRow(t.database.db, id))!;
    const seating = await seatingState(t.database.db, eventId);
    const layout = clone(before.layout);
    edit(layout);
    const res = await saveTemplate(client, before, layout, { name: "Should not stick" });
    expect(appCodeOf(res)).toBe("BLOCK_ACTION_REFUSED");
    expect(res.error?.httpStatus).toBe(409);
    expect(res.error!.fieldErrors).toEqual({ [field]: ["BLOCK_ACTION_REFUSED"] });
    const after = (await templateRow(t.database.db, id))!;
    expect(after.version).toBe(before.version);
    expect(after.layout).toEqual(before.layout);
    expect(after).toEqual(before);
    expect(await seatingState(t.database.db, eventId)).toEqual(seating);
  }

  /** Saves `edit(current layout)`; expects it stored with the next version. */
  async function expectAccepted(edit: (layout: SeatingLayout) => void) {
    const before = (await templateRow(t.database.db, id))!;
    const layout = clone(before.layout);
    edit(layout);
    const res = await saveTemplate(client, before, layout);
    expect(ok(res)).toEqual({ version: before.version + 1 });
    const after = (await templateRow(t.database.db, id))!;
    expect(after.layout).toEqual(layout);
    expect((await getTemplateVia(client, id)).editMode).toBe("LIMITED_EDIT");
    return after;
  }

  it("deleting the block with the sold seat is refused at layout.blocks.1", async () => {
    await expectRefused((l) => l.blocks.splice(1, 1), "layout.blocks.1");
  });

  it("deleting a block without sales is refused too (DELETE_BLOCK), at its index", async () => {
    await expectRefused((l) => l.blocks.splice(0, 1), "layout.blocks.0");
    await expectRefused((l) => l.blocks.splice(2, 1), "layout.blocks.2");
  });

  it("replacing a block by one with a new id is a delete, refused", async () => {
    await expectRefused((l) => {
      l.blocks[1] = { ...seated(l, "B"), id: "B2" };
    }, "layout.blocks.1");
  });

  it.each<[string, (b: SeatedBlock) => void]>([
    ["rows", (b) => (b.rows += 1)],
    ["seatsPerRow", (b) => (b.seatsPerRow -= 1)],
    ["a shorter row", (b) => (b.rowSeats = { "1": 3 })],
    ["firstRow (numbering)", (b) => (b.firstRow = 20)],
    ["firstSeat (numbering)", (b) => (b.firstSeat = 101)],
    ["rowDirection", (b) => (b.rowDirection = b.rowDirection === "UP" ? "DOWN" : "UP")],
    ["seatDirection", (b) => (b.seatDirection = b.seatDirection === "LEFT" ? "RIGHT" : "LEFT")],
    ["x (position)", (b) => (b.x += 10)],
    ["y (position)", (b) => (b.y -= 10)],
    ["rotation", (b) => (b.rotation = 45)],
    ["alignment", (b) => (b.align = "center")],
    ["a deactivated seat", (b) => (b.disabledSeats = [...b.disabledSeats, "1:1"])],
    ["reactivating a row", (b) => (b.disabledRows = [])],
  ])("changing %s of the sold block is refused", async (_label, change) => {
    await expectRefused((l) => change(seated(l, "B")), "layout.blocks.1");
  });

  it.each<[string, (b: SeatedBlock) => void]>([
    ["rows", (b) => (b.rows = 2)],
    ["numbering", (b) => (b.firstSeat = 0)],
    ["position", (b) => (b.x = 300)],
  ])("changing %s of a block without sales is refused too (EDIT_BLOCK_LAYOUT)", async (_label, change) => {
    await expectRefused((l) => change(seated(l, "A")), "layout.blocks.0");
  });

  it.each<[string, (b: StandingBlock) => void]>([
    ["capacity", (b) => (b.capacity = 60)],
    ["dailyAmount", (b) => (b.dailyAmount = null)],
    ["size", (b) => (b.width = 150)],
  ])("changing the standing area's %s is refused", async (_label, change) => {
    await expectRefused((l) => change(standing(l, "S")), "layout.blocks.2");
  });

  it("the field points at the block's index in the saved layout when blocks are reordered", async () => {
    await expectRefused((l) => {
      l.blocks.reverse(); // S, B, A
      seated(l, "A").rows = 5;
    }, "layout.blocks.2");
  });

  it.each<[string, (l: SeatingLayout) => void]>([
    ["a seat category", (l) => (seated(l, "B").seatCategories = { "0:1": "a" })],
    ["its row's category", (l) => (seated(l, "B").rowCategories = { "0": "c" })],
    ["its block's category", (l) => (seated(l, "B").categoryId = "a")],
    ["its block's category to none", (l) => (seated(l, "B").categoryId = null)],
  ])("changing the sold seat's category through %s is refused", async (_label, edit) => {
    await expectRefused(edit, "layout.blocks.1");
  });

  it("a stale version is TEMPLATE_CONFLICT, even for an allowed change", async () => {
    const before = (await templateRow(t.database.db, id))!;
    const layout = clone(before.layout);
    layout.blocks[0]!.name = "Stale";
    const res = await saveTemplate(client, before, layout, { version: before.version - 1 || before.version + 1 });
    expect(appCodeOf(res)).toBe("TEMPLATE_CONFLICT");
    expect(await templateRow(t.database.db, id)).toEqual(before);
  });

  it("renaming a block and the template is accepted", async () => {
    await expectAccepted((l) => (seated(l, "B").name = "Balcony"));
    const before = (await templateRow(t.database.db, id))!;
    ok(await saveTemplate(client, before, before.layout, { name: "Renamed template" }));
    expect(await templateRow(t.database.db, id)).toMatchObject({ name: "Renamed template", version: before.version + 1 });
  });

  it("changing block and category colours and names is accepted", async () => {
    await expectAccepted((l) => {
      seated(l, "B").color = "#000000";
      standing(l, "S").color = "#123456";
      l.categories[0] = { ...l.categories[0]!, name: "Premium", color: "#ffffff" };
    });
  });

  it("changing the category of an UNSOLD seat of the sold block is accepted", async () => {
    await expectAccepted((l) => (seated(l, "B").seatCategories = { "0:2": "a", "1:4": "c" }));
  });

  it("changing a whole row's category without the sold seat, and the unsold block's category, is accepted", async () => {
    await expectAccepted((l) => {
      seated(l, "B").rowCategories = { "1": "a" };
      seated(l, "A").categoryId = "b";
    });
  });

  it("changing the boxoffice-only flag is accepted", async () => {
    await expectAccepted((l) => (seated(l, "B").boxofficeOnly = true));
  });

  it("adding a block is accepted (ADD_BLOCK is never refused)", async () => {
    await expectAccepted((l) => {
      l.blocks.push(seatedBlock("NEW", { y: 400, rows: 2, seatsPerRow: 3, categoryId: "a" }));
      l.blocks.push(standingBlock("NEWS", { y: 400, capacity: 10 }));
    });
  });

  it("a new block added under LIMITED_EDIT can then no longer be deleted", async () => {
    const current = (await templateRow(t.database.db, id))!;
    const index = current.layout.blocks.findIndex((b) => b.id === "NEW");
    expect(index).toBeGreaterThan(-1);
    await expectRefused((l) => l.blocks.splice(index, 1), `layout.blocks.${index}`);
  });
});

describe("LIMITED_EDIT with a sold standing area", () => {
  it("the sold area's category cannot change; an unsold area's can", async () => {
    const layout = smallLayout();
    layout.blocks.push(standingBlock("S2", { y: 200, categoryId: "c", capacity: 20 }));
    const id = await createTemplateVia(client, layout);
    const { eventId, dateIds } = await createSeatedEvent(client, t.database.db, id);
    await setAreaCounters(t.database.db, dateIds[0]!, "S", { sold: 3 });

    const before = (await templateRow(t.database.db, id))!;
    const seating = await seatingState(t.database.db, eventId);
    const refused = clone(before.layout);
    standing(refused, "S").categoryId = "a";
    const res = await saveTemplate(client, before, refused);
    expect(appCodeOf(res)).toBe("BLOCK_ACTION_REFUSED");
    expect(res.error!.fieldErrors).toEqual({ "layout.blocks.2": ["BLOCK_ACTION_REFUSED"] });
    expect(await templateRow(t.database.db, id)).toEqual(before);
    expect(await seatingState(t.database.db, eventId)).toEqual(seating);

    const accepted = clone(before.layout);
    standing(accepted, "S2").categoryId = "a";
    standing(accepted, "S").name = "Terrace";
    // Seats are unsold here: their categories may change freely.
    seated(accepted, "B").categoryId = "a";
    expect(ok(await saveTemplate(client, before, accepted))).toEqual({ version: 2 });
  });
});
