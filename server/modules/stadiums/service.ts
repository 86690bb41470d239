import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { SeatingEditMode } from "../../../shared/enums";
import type { SeatingLayout } from "../../../shared/seating/layout";
import type { TStadiumTemplateInput } from "../../../shared/schemas/stadiums";
import { layoutCapacity } from "../../../shared/seating/numbering";
import type { Db, DbOrTx } from "../../db/client";
import { areaInventory, eventDates, eventSeating, events, seatInventory, stadiumTemplates, uploads } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { assertEventWithinBudget, assertPlanWithinBudget, budgetOf, dateCountOf, seatsOf } from "../seating/budget";
import { followLayout, hasSalesOrHolds, rebuildInventory } from "../inventory/materialise";
import { HELD_STATUSES, SOLD_STATUSES } from "../inventory/statuses";
import { assertLimitedEdit } from "./edit-mode";

export type TemplateInput = TStadiumTemplateInput;

function capacities(layout: SeatingLayout) {
  const c = layoutCapacity(layout);
  return { capacity: c.total, fixedCapacity: c.fixed, freeCapacity: c.free };
}

async function getOwnTemplate(db: DbOrTx, organiserId: string, id: string, forUpdate = false) {
  const query = db
    .select()
    .from(stadiumTemplates)
    .where(and(eq(stadiumTemplates.id, id), eq(stadiumTemplates.organiserId, organiserId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

async function assertOwnBackground(db: DbOrTx, organiserId: string, layout: SeatingLayout) {
  if (!layout.backgroundUploadId) return;
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, layout.backgroundUploadId), eq(uploads.organiserId, organiserId), eq(uploads.kind, "stadium_image")));
  if (!row) throw new AppError("INVALID_UPLOAD", { field: "layout.backgroundUploadId" });
}

/** Events (not cancelled) whose seating is a snapshot of this template. */
async function usingEvents(db: DbOrTx, templateId: string): Promise<string[]> {
  const rows = await db
    .select({ id: eventSeating.eventId })
    .from(eventSeating)
    .innerJoin(events, eq(events.id, eventSeating.eventId))
    .where(and(eq(eventSeating.templateId, templateId), ne(events.status, "cancelled")));
  return rows.map((r) => r.id);
}

/** Template seat keys sold or held on any event using it (standing areas by block id). */
async function soldKeys(db: DbOrTx, eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const seats = await db
    .selectDistinct({ key: seatInventory.seatKey })
    .from(seatInventory)
    .where(and(inArray(seatInventory.eventId, eventIds), inArray(seatInventory.status, [...SOLD_STATUSES, ...HELD_STATUSES])));
  const areas = await db
    .selectDistinct({ key: areaInventory.areaId })
    .from(areaInventory)
    .where(and(inArray(areaInventory.eventId, eventIds), sql`${areaInventory.held} + ${areaInventory.sold} > 0`));
  return new Set([...seats.map((s) => s.key), ...areas.map((a) => a.key)]);
}

export async function listTemplates(db: DbOrTx, organiserId: string) {
  const rows = await db
    .select({
      id: stadiumTemplates.id,
      name: stadiumTemplates.name,
      comment: stadiumTemplates.comment,
      status: stadiumTemplates.status,
      type: stadiumTemplates.type,
      capacity: stadiumTemplates.capacity,
      fixedCapacity: stadiumTemplates.fixedCapacity,
      freeCapacity: stadiumTemplates.freeCapacity,
      createdAt: stadiumTemplates.createdAt,
      updatedAt: stadiumTemplates.updatedAt,
    })
    .from(stadiumTemplates)
    .where(eq(stadiumTemplates.organiserId, organiserId))
    .orderBy(asc(stadiumTemplates.name));
  const used = await db
    .select({ id: eventSeating.templateId, n: count() })
    .from(eventSeating)
    .innerJoin(stadiumTemplates, eq(stadiumTemplates.id, eventSeating.templateId))
    .where(eq(stadiumTemplates.organiserId, organiserId))
    .groupBy(eventSeating.templateId);
  const usedBy = new Map(used.map((u) => [u.id, u.n]));
  return rows.map((r) => ({ ...r, usedByEvents: usedBy.get(r.id) ?? 0 }));
}

/** The template with the mode the caller may edit it in (SPEC enumeration Seating-plan edit mode). */
export async function getTemplate(db: DbOrTx, organiserId: string, id: string, canUpdate: boolean) {
  const template = await getOwnTemplate(db, organiserId, id);
  const eventIds = await usingEvents(db, id);
  const sold = await soldKeys(db, eventIds);
  const editMode: SeatingEditMode = !canUpdate ? "READONLY" : sold.size > 0 ? "LIMITED_EDIT" : "FULL_EDIT";
  return { template, editMode, soldSeatKeys: [...sold] };
}

export async function createTemplate(db: Db, organiserId: string, input: TemplateInput): Promise<{ id: string }> {
  assertPlanWithinBudget(await budgetOf(db, organiserId), input.layout);
  await assertOwnBackground(db, organiserId, input.layout);
  const [row] = await db
    .insert(stadiumTemplates)
    .values({ organiserId, name: input.name, comment: input.comment ?? null, type: input.type, layout: input.layout, ...capacities(input.layout) })
    .returning({ id: stadiumTemplates.id });
  return { id: row!.id };
}

/**
 * Saves an edited template. `version` must be the one the editor loaded (TEMPLATE_CONFLICT
 * otherwise). With sales on an event using it, only LIMITED_EDIT changes pass. The change
 * reaches the events using the template: without sales their inventory is rebuilt (blocked
 * seats stay blocked); with sales new blocks are added and unsold seats take new categories.
 */
export async function saveTemplate(
  db: Db,
  organiserId: string,
  id: string,
  input: TemplateInput & { version: number },
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const template = await getOwnTemplate(tx, organiserId, id, true);
    if (template.version !== input.version) throw new AppError("TEMPLATE_CONFLICT");
    const budget = await budgetOf(tx, organiserId);
    assertPlanWithinBudget(budget, input.layout);
    await assertOwnBackground(tx, organiserId, input.layout);
    const eventIds = await usingEvents(tx, id);
    // The save reaches every event using the template: each must stay within its budget too.
    const seats = seatsOf(input.layout);
    for (const eventId of eventIds) assertEventWithinBudget(budget, seats, await dateCountOf(tx, eventId), "layout");
    const sold = await soldKeys(tx, eventIds);
    if (sold.size > 0) assertLimitedEdit(template.layout, input.layout, sold);
    // Events chose the template for its type; it cannot change under them.
    if (eventIds.length > 0 && input.type !== template.type) throw new AppError("TEMPLATE_IN_USE", { field: "type" });
    const [row] = await tx
      .update(stadiumTemplates)
      .set({ name: input.name, comment: input.comment ?? null, type: input.type, layout: input.layout, version: template.version + 1, ...capacities(input.layout) })
      .where(and(eq(stadiumTemplates.id, id), eq(stadiumTemplates.organiserId, organiserId)))
      .returning({ version: stadiumTemplates.version });
    for (const eventId of eventIds) await applyLayoutToEvent(tx, eventId, input.layout, sold.size > 0);
    return { version: row!.version };
  });
}

/** Brings one event's snapshot and inventory in line with a saved template. */
async function applyLayoutToEvent(tx: DbOrTx, eventId: string, layout: SeatingLayout, limited: boolean) {
  await tx.update(eventSeating).set({ layout }).where(eq(eventSeating.eventId, eventId));
  const dates = await tx.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.eventId, eventId));
  const dateIds = dates.map((d) => d.id);
  if (limited) await followLayout(tx, eventId, layout, dateIds);
  else await rebuildInventory(tx, eventId, layout, dateIds);
}

export async function duplicateTemplate(db: Db, organiserId: string, id: string): Promise<{ id: string }> {
  const template = await getOwnTemplate(db, organiserId, id);
  return createTemplate(db, organiserId, {
    name: `${template.name} (2)`.slice(0, 60),
    comment: template.comment,
    type: template.type,
    layout: template.layout,
  });
}

export async function setTemplateStatus(db: Db, organiserId: string, id: string, status: "ACTIVE" | "INACTIVE") {
  await getOwnTemplate(db, organiserId, id);
  await db
    .update(stadiumTemplates)
    .set({ status })
    .where(and(eq(stadiumTemplates.id, id), eq(stadiumTemplates.organiserId, organiserId)));
}

/** Deletes a template no event uses (events keep snapshots, but the link shows the origin). */
export async function deleteTemplate(db: Db, organiserId: string, id: string) {
  await db.transaction(async (tx) => {
    await getOwnTemplate(tx, organiserId, id, true);
    const [used] = await tx.select({ n: count() }).from(eventSeating).where(eq(eventSeating.templateId, id));
    if (used && used.n > 0) throw new AppError("TEMPLATE_IN_USE");
    await tx.delete(stadiumTemplates).where(and(eq(stadiumTemplates.id, id), eq(stadiumTemplates.organiserId, organiserId)));
  });
}

export { hasSalesOrHolds };
