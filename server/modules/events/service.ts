import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { z } from "zod";
import type { TStep1Input } from "../../../shared/schemas/event-step1";
import type { ZEventDetails, ZEventOptions } from "../../../shared/schemas/events";
import type { Db, DbOrTx } from "../../db/client";
import { eventDates, events, eventSeating, stadiumTemplates, ticketCategories, uploads } from "../../db/schema";
import { sanitizeRichText } from "../../lib/sanitize";
import { AppError } from "../../lib/app-error";
import { assertEditable, assertMayChange, type EventRights, type EventRow, getOwnEvent } from "./access";
import { expandOrThrow, syncEventDates } from "./dates";
import { reassertPublishable } from "./lifecycle";
import { forgetShopScopes } from "../shop/scope";
import { syncCounters } from "../inventory/counters";
import { assertEventWithinBudget, budgetOf, dateCountOf, eventSeatsOf, seatsOf } from "../seating/budget";
import { dropInventory, hasSalesOrHolds, materialiseInventory } from "../inventory/materialise";

/** Step 1 as saved: an event carries its schedule, a season its season data. */
export type Step1Input = TStep1Input;

function step1Columns(input: Step1Input) {
  const base = { ...input.data, addressAddition: input.data.addressAddition ?? null };
  if (input.type === "REGULAR") return { ...base, schedule: input.schedule, timeZone: input.schedule.timeZone };
  return { ...base, seasonStart: input.season.seasonStart, seasonSaleEnd: input.season.seasonSaleEnd };
}

/** Creates a draft from step 1 (Event Data) of the form. */
export async function createEvent(db: Db, organiserId: string, input: Step1Input): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ organiserId, type: input.type, status: "draft", wizardStep: 1, ...step1Columns(input) })
      .returning();
    if (input.type === "REGULAR") await syncEventDates(tx, row!, input.schedule);
    else await setSeasonChildren(tx, row!, input.season.childEventIds);
    return { id: row!.id };
  });
}

/** Saves step 1 of an existing event or season. */
export async function saveEventData(db: Db, organiserId: string, eventId: string, input: Step1Input, rights: EventRights): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    assertEditable(event);
    assertMayChange(event, rights);
    if ((event.type === "SEASONAL") !== (input.type === "SEASONAL")) throw new AppError("BAD_REQUEST");
    if (input.type === "REGULAR") {
      // The stored dates end up as the schedule's dates, each with the event's seats.
      const seats = await eventSeatsOf(tx, event.id);
      if (seats > 0) assertEventWithinBudget(await budgetOf(tx, organiserId), seats, expandOrThrow(input.schedule).length, "schedule");
    }
    await tx
      .update(events)
      .set({ ...step1Columns(input), wizardStep: Math.max(event.wizardStep, 1) })
      .where(eq(events.id, event.id));
    if (input.type === "REGULAR") await syncEventDates(tx, event, input.schedule);
    else await setSeasonChildren(tx, event, input.season.childEventIds);
    await reassertPublishable(tx, event.id);
  });
}

/**
 * The events of a season become SEASON_CHILD; those taken out become REGULAR again. Only the
 * organiser's own regular events (or children of this season) that are not cancelled qualify.
 */
async function setSeasonChildren(tx: DbOrTx, season: EventRow, childIds: string[]): Promise<void> {
  const unique = [...new Set(childIds)];
  if (unique.length > 0) {
    const eligible = await tx
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.organiserId, season.organiserId),
          inArray(events.id, unique),
          // New members must be live regular events; existing members stay even once cancelled.
          or(
            and(eq(events.type, "REGULAR"), isNull(events.seasonId), ne(events.status, "cancelled")),
            eq(events.seasonId, season.id),
          ),
        ),
      );
    if (eligible.length !== unique.length) throw new AppError("NOT_FOUND", { field: "childEventIds" });
  }
  const current = await tx.select({ id: events.id }).from(events).where(eq(events.seasonId, season.id));
  const removed = current.map((c) => c.id).filter((id) => !unique.includes(id));
  if (removed.length > 0) {
    await tx
      .update(events)
      .set({ type: "REGULAR", seasonId: null })
      .where(and(eq(events.organiserId, season.organiserId), inArray(events.id, removed)));
  }
  if (unique.length > 0) {
    await tx
      .update(events)
      .set({ type: "SEASON_CHILD", seasonId: season.id })
      .where(and(eq(events.organiserId, season.organiserId), inArray(events.id, unique)));
  }
}

/** Refuses image ids that are not this organiser's uploads. */
async function assertOwnUploads(tx: DbOrTx, organiserId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.organiserId, organiserId), inArray(uploads.id, unique)));
  if (rows.length !== unique.length) throw new AppError("INVALID_UPLOAD", { field: "imageId" });
}

/** Step 2: Details (image, media, video, description, FAQ). */
export async function saveEventDetails(
  db: Db,
  organiserId: string,
  eventId: string,
  input: z.output<typeof ZEventDetails>,
  rights: EventRights,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    assertEditable(event);
    assertMayChange(event, rights);
    await assertOwnUploads(tx, organiserId, [...(input.imageId ? [input.imageId] : []), ...input.mediaImageIds]);
    const description = input.descriptionHtml ? sanitizeRichText(input.descriptionHtml) : null;
    await tx
      .update(events)
      .set({
        imageId: input.imageId ?? null,
        mediaImageIds: input.mediaImageIds,
        youtubeUrl: input.youtubeUrl ?? null,
        descriptionHtml: description || null,
        faq: input.faq,
        wizardStep: Math.max(event.wizardStep, 2),
      })
      .where(eq(events.id, event.id));
  });
}

export type SeatingChoice = { seatingMode: "free" } | { seatingMode: "template"; templateId: string };

/** Template types an event of each type may use (SPEC §3 Stadium template type). */
const TEMPLATE_TYPES = {
  REGULAR: ["daily", "daily_from_season"],
  SEASON_CHILD: ["daily_from_season", "daily"],
  SEASONAL: ["seasonal"],
} as const;

/**
 * Step 3: free admission, or a stadium template. A template is copied into the event (a
 * snapshot: later template edits never move a sold seat) and every date gets its inventory.
 * Once anything is sold or held the seating is locked.
 */
export async function saveEventSeating(
  db: Db,
  organiserId: string,
  eventId: string,
  choice: SeatingChoice,
  rights: EventRights,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    assertEditable(event);
    assertMayChange(event, rights);
    const unchanged =
      choice.seatingMode === event.seatingMode &&
      (choice.seatingMode === "free" || choice.templateId === event.stadiumTemplateId);
    if (!unchanged && (await hasSalesOrHolds(tx, [event.id]))) throw new AppError("SEATING_LOCKED");
    const template = choice.seatingMode === "template" && !unchanged ? await usableTemplate(tx, event, choice.templateId) : null;
    if (template) {
      const budget = await budgetOf(tx, organiserId);
      assertEventWithinBudget(budget, seatsOf(template.layout), await dateCountOf(tx, event.id), "templateId");
    }
    if (!unchanged) {
      await dropInventory(tx, event.id);
      await tx.delete(eventSeating).where(eq(eventSeating.eventId, event.id));
      // Links to the old plan's categories mean nothing on another plan.
      await tx.update(ticketCategories).set({ seatingCategoryId: null }).where(eq(ticketCategories.eventId, event.id));
    }
    if (template) {
      await tx.insert(eventSeating).values({ eventId: event.id, templateId: template.id, layout: template.layout });
      const dates = await tx.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.eventId, event.id));
      await materialiseInventory(tx, event.id, template.layout, dates.map((d) => d.id));
    }
    await tx
      .update(events)
      .set({
        seatingMode: choice.seatingMode,
        stadiumTemplateId: choice.seatingMode === "template" ? choice.templateId : null,
        wizardStep: Math.max(event.wizardStep, 3),
      })
      .where(eq(events.id, event.id));
  });
  forgetShopScopes(eventId);
}

/** An active template of the organiser of a type the event may use, or TEMPLATE_NOT_AVAILABLE. */
async function usableTemplate(tx: DbOrTx, event: EventRow, templateId: string) {
  const [template] = await tx
    .select()
    .from(stadiumTemplates)
    .where(
      and(
        eq(stadiumTemplates.id, templateId),
        eq(stadiumTemplates.organiserId, event.organiserId),
        eq(stadiumTemplates.status, "ACTIVE"),
        inArray(stadiumTemplates.type, [...TEMPLATE_TYPES[event.type]]),
      ),
    )
    .limit(1);
  if (!template) throw new AppError("TEMPLATE_NOT_AVAILABLE", { field: "templateId" });
  return template;
}

/** Step 5: More Options. */
export async function saveEventOptions(
  db: Db,
  organiserId: string,
  eventId: string,
  input: z.output<typeof ZEventOptions>,
  rights: EventRights,
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    assertEditable(event);
    assertMayChange(event, rights);
    await tx
      .update(events)
      .set({
        dailyAttendeeLimit: input.dailyAttendeeLimit ?? null,
        vatRateBp: Math.round(input.vatPercent * 100),
        participantFields: input.participantFields,
        visibility: input.visibility,
        accessCode: input.visibility === "code" ? (input.accessCode ?? null) : null,
        dailySeasonTicketLimit: event.type === "SEASONAL" ? (input.dailySeasonTicketLimit ?? null) : null,
        wizardStep: Math.max(event.wizardStep, 5),
      })
      .where(eq(events.id, event.id));
    // The attendee limit is a capacity: its counters follow here, never when the shop reads.
    await syncCounters(tx, event.id);
  });
  forgetShopScopes(eventId);
}

/** The organiser's active templates of a type the event may use, for step 3. */
export async function listTemplatesForEvent(db: DbOrTx, organiserId: string, eventId: string) {
  const event = await getOwnEvent(db, organiserId, eventId);
  return db
    .select({
      id: stadiumTemplates.id,
      name: stadiumTemplates.name,
      type: stadiumTemplates.type,
      capacity: stadiumTemplates.capacity,
      fixedCapacity: stadiumTemplates.fixedCapacity,
      freeCapacity: stadiumTemplates.freeCapacity,
    })
    .from(stadiumTemplates)
    .where(
      and(
        eq(stadiumTemplates.organiserId, organiserId),
        eq(stadiumTemplates.status, "ACTIVE"),
        inArray(stadiumTemplates.type, [...TEMPLATE_TYPES[event.type]]),
      ),
    )
    .orderBy(stadiumTemplates.name);
}
