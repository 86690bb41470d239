import { and, count, eq, gt, inArray, isNull, lte, ne, sum } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { eventDates, eventSeating, events, orderLines, orders, organisers, ticketCategories } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { cancelOrdersOfEvent } from "../orders/cancel";
import { assertEventWithinBudget, budgetOf, dateCountOf, eventSeatsOf } from "../seating/budget";
import { forgetShopScopes } from "../shop/scope";
import { assertEditable, type EventRow, getOwnEvent } from "./access";
import { isCancellable, isCancelled, isLive, isReleased } from "../../../shared/rules/event-status";
import { isPlanActive } from "../../../shared/plans";

/**
 * Tickets the event puts on sale: a season sells its season tickets once; an event sells each
 * category's daily quantity on every date.
 */
export async function ticketCapacity(tx: DbOrTx, event: EventRow): Promise<number> {
  const [tickets] = await tx
    .select({ perDate: sum(ticketCategories.dailyQuantity).mapWith(Number), categories: count() })
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, event.id));
  if (!tickets || tickets.categories === 0) return 0;
  if (event.type === "SEASONAL") return tickets.perDate;
  const [dates] = await tx.select({ n: count() }).from(eventDates).where(eq(eventDates.eventId, event.id));
  return tickets.perDate * (dates?.n ?? 0);
}

/** What an event needs before it can go on sale; the first gap found is reported on its field. */
async function assertComplete(tx: DbOrTx, event: EventRow): Promise<void> {
  if (!event.category || !event.address || !event.city) throw new AppError("EVENT_INCOMPLETE", { field: "data" });
  if (event.type === "SEASONAL") {
    const [children] = await tx.select({ n: count() }).from(events).where(eq(events.seasonId, event.id));
    if (!children?.n) throw new AppError("EVENT_INCOMPLETE", { field: "childEventIds" });
  } else {
    const [dates] = await tx.select({ n: count() }).from(eventDates).where(eq(eventDates.eventId, event.id));
    if (!dates?.n) throw new AppError("EVENT_INCOMPLETE", { field: "schedule" });
  }
  const categories = await tx.select({ seatingCategoryId: ticketCategories.seatingCategoryId }).from(ticketCategories).where(eq(ticketCategories.eventId, event.id));
  if (categories.length === 0) throw new AppError("NO_TICKETS", { field: "categories" });
  // SPEC §5: a free seating area must have a ticket: one of its seating category, or one for every
  // category (as the shop sells them, shop/rules-gate.ts planRequest). A season sells seats only
  // (its tickets hold a seat on every date); its events sell their standing areas.
  if (event.seatingMode === "template" && event.type !== "SEASONAL") {
    const [seating] = await tx.select({ layout: eventSeating.layout }).from(eventSeating).where(eq(eventSeating.eventId, event.id)).limit(1);
    const unsold = (seating?.layout.blocks ?? []).find(
      (b) => b.kind === "standing" && !categories.some((c) => c.seatingCategoryId === null || c.seatingCategoryId === b.categoryId),
    );
    if (unsold) throw new AppError("STANDING_AREA_WITHOUT_TICKET", { field: "categories", detail: unsold.name });
  }
}

/**
 * SPEC §4 publishing gate: a verified profile and an active plan whose ticket contingent covers
 * what the event can still sell (its capacity less the tickets it sold already; decision 014).
 * Until then an organiser can only save drafts.
 */
export async function assertMayPublish(tx: DbOrTx, event: EventRow, now: Date = new Date()): Promise<void> {
  const [organiser] = await tx.select().from(organisers).where(eq(organisers.id, event.organiserId)).limit(1);
  if (!organiser || organiser.verificationState !== "verified") throw new AppError("PROFILE_NOT_VERIFIED");
  // A disabled account publishes nothing, not even what it scheduled before (decision 013).
  if (organiser.disabledAt !== null) throw new AppError("ACCOUNT_DISABLED");
  if (!isPlanActive(organiser, now) || organiser.ticketContingent < (await ticketsStillOnSale(tx, event))) throw new AppError("INSUFFICIENT_CONTINGENT");
}

/** The event's capacity less its tickets already sold (valid orders, lines not canceled). */
export async function ticketsStillOnSale(tx: DbOrTx, event: EventRow): Promise<number> {
  const capacity = await ticketCapacity(tx, event);
  if (capacity === 0) return 0;
  const [sold] = await tx
    .select({ n: count() })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.eventId, event.id), eq(orders.status, "valid"), ne(orderLines.status, "canceled")));
  return Math.max(0, capacity - (sold?.n ?? 0));
}

export type PublishChoice = { publishOption: "draft" | "later" | "now"; publicationDate?: Date | null | undefined };

/**
 * Step 6: keep as draft, publish later (on the publication date, by the job), or publish now.
 * A published event cannot go back to draft; a cancelled one never comes back.
 */
export async function choosePublication(db: Db, organiserId: string, eventId: string, choice: PublishChoice) {
  return db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    assertEditable(event);
    if (isLive(event.status)) {
      if (choice.publishOption !== "now") throw new AppError("CONFLICT", { field: "publishOption" });
      return { status: event.status };
    }
    if (choice.publishOption === "draft") {
      await tx
        .update(events)
        .set({ status: "draft", publishOption: "draft", publicationDate: null, wizardStep: 6 })
        .where(eq(events.id, event.id));
      return { status: "draft" as const };
    }
    await assertComplete(tx, event);
    // Going on sale is where inventory must exist in full: the budget holds here too.
    const seats = await eventSeatsOf(tx, event.id);
    if (seats > 0) assertEventWithinBudget(await budgetOf(tx, organiserId), seats, await dateCountOf(tx, event.id), "schedule");
    await assertMayPublish(tx, event);
    const now = choice.publishOption === "now";
    await tx
      .update(events)
      .set({
        status: now ? "published" : "scheduled",
        publishOption: choice.publishOption,
        publicationDate: now ? new Date() : choice.publicationDate!,
        publishedAt: now ? new Date() : null,
        wizardStep: 6,
      })
      .where(eq(events.id, event.id));
    return { status: now ? ("published" as const) : ("scheduled" as const) };
  });
}

/**
 * Publishes every scheduled event whose publication date has come and whose organiser still
 * passes the same gate as "publish now" (assertMayPublish: verified, plan running, contingent
 * covering the event). Each event in its own transaction under its row lock (SKIP LOCKED: with
 * several instances running it, each event is published once); one that fails the gate stays
 * scheduled and goes on sale on a later run once its organiser bought more.
 */
export async function publishDueEvents(db: DbOrTx, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.status, "scheduled"),
        lte(events.publicationDate, now),
        inArray(
          events.organiserId,
          db
            .select({ id: organisers.id })
            .from(organisers)
            .where(and(eq(organisers.verificationState, "verified"), ne(organisers.plan, "none"), gt(organisers.planUntil, now), isNull(organisers.disabledAt))),
        ),
      ),
    )
    .orderBy(events.publicationDate);
  const published: string[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.status, "scheduled")))
        .for("update", { skipLocked: true });
      if (!event) return false;
      try {
        await assertMayPublish(tx, event, now);
      } catch (err) {
        if (err instanceof AppError) return false;
        throw err;
      }
      await tx.update(events).set({ status: "published", publishedAt: now }).where(eq(events.id, id));
      return true;
    });
    if (done) published.push(id);
  }
  return published;
}

/**
 * Cancels a published or scheduled event (and a season with it). Final: no further sales, never
 * republished. Cancelling again is harmless. Every order is cancelled with it (refunds, mails).
 */
export async function cancelEvent(db: Db, organiserId: string, eventId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    if (isCancelled(event.status)) return;
    if (!isCancellable(event.status)) throw new AppError("EVENT_NOT_PUBLISHED");
    await tx.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, event.id));
    await cancelOrdersOfEvent(tx, event.id, event.name);
  });
  // The shop stops selling at once (its scope cache would otherwise sell for another second).
  forgetShopScopes(eventId);
}

/**
 * Deletes an event permanently with its dates and categories; a season's events become
 * regular events again. Refused once tickets were sold (or are being paid for).
 */
export async function deleteEvent(db: Db, organiserId: string, eventId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    // Sold tickets are buyers' property: such an event can be cancelled (refunds), not deleted.
    const [sold] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.eventId, event.id), inArray(orders.status, ["valid", "pending"]))).limit(1);
    if (sold) throw new AppError("HAS_SALES");
    if (event.type === "SEASONAL") {
      await tx
        .update(events)
        .set({ type: "REGULAR", seasonId: null })
        .where(and(eq(events.organiserId, organiserId), eq(events.seasonId, event.id)));
    }
    await tx.delete(events).where(and(eq(events.id, event.id), eq(events.organiserId, organiserId)));
  });
}

/**
 * A scheduled or published event must keep passing the gate when its tickets or dates change:
 * otherwise scheduling first and raising quantities afterwards would bypass the contingent.
 */
export async function reassertPublishable(tx: DbOrTx, eventId: string): Promise<void> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event || !isReleased(event.status)) return;
  await assertComplete(tx, event);
  await assertMayPublish(tx, event);
}
