import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { z } from "zod";
import type { ZTicketCategories } from "../../../shared/schemas/tickets";
import type { Db, DbOrTx } from "../../db/client";
import { events, eventSeating, ticketCategories } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { assertEditable, getOwnEvent } from "../events/access";
import { reassertPublishable } from "../events/lifecycle";
import { syncCounters } from "../inventory/counters";
import { forgetShopScopes } from "../shop/scope";

type CategoriesInput = z.output<typeof ZTicketCategories>;

export async function listTicketCategories(db: DbOrTx, eventId: string) {
  return db.select().from(ticketCategories).where(eq(ticketCategories.eventId, eventId)).orderBy(asc(ticketCategories.sortOrder));
}

/**
 * Step 4: replaces the event's ticket categories with the submitted list in one transaction.
 * Categories keep their ids; conditions ("only when another ticket is selected / sold out")
 * refer to other categories by the form's key and are resolved to ids here.
 */
export async function saveTicketCategories(db: Db, organiserId: string, eventId: string, input: CategoriesInput) {
  await db.transaction(async (tx) => {
    const event = await getOwnEvent(tx, organiserId, eventId, { forUpdate: true });
    assertEditable(event);
    const existing = await listTicketCategories(tx, event.id);
    const existingIds = new Set(existing.map((c) => c.id));
    const unknown = input.filter((c) => c.id && !existingIds.has(c.id));
    if (unknown.length > 0) throw new AppError("NOT_FOUND", { field: "categories" });

    const [seating] = await tx.select({ layout: eventSeating.layout }).from(eventSeating).where(eq(eventSeating.eventId, event.id)).limit(1);
    const seatingCategories = new Set((event.seatingMode === "template" ? seating?.layout.categories ?? [] : []).map((c) => c.id));
    input.forEach((c, i) => {
      if (c.seatingCategoryId && !seatingCategories.has(c.seatingCategoryId))
        throw new AppError("NOT_FOUND", { field: `categories.${i}.seatingCategoryId` });
    });

    const keptIds = input.flatMap((c) => (c.id ? [c.id] : []));
    await tx
      .delete(ticketCategories)
      .where(
        keptIds.length > 0
          ? and(eq(ticketCategories.eventId, event.id), notInArray(ticketCategories.id, keptIds))
          : eq(ticketCategories.eventId, event.id),
      );

    const idByKey = new Map<string, string>();
    for (const [index, c] of input.entries()) {
      const values = {
        sortOrder: index,
        name: c.name,
        kind: c.kind,
        area: c.area ?? null,
        seatingCategoryId: c.seatingCategoryId ?? null,
        priceCents: c.kind === "free" ? 0 : c.priceCents,
        dailyQuantity: c.dailyQuantity,
        seatsPerTicket: c.seatsPerTicket,
        bookingOptions: c.bookingOptions.map((o) => ({ ...o, description: o.description ?? null })),
        webDescription: c.webDescription ?? null,
        pdfDescription: c.pdfDescription ?? null,
        saleStartMode: c.saleStartMode,
        saleStartAt: c.saleStartMode === "at" ? (c.saleStartAt ?? null) : null,
        saleEndMode: c.saleEndMode,
        saleEndAt: c.saleEndMode === "at" ? (c.saleEndAt ?? null) : null,
        validityStartTime: c.validityStartTime ?? null,
        validityEndTime: c.validityEndTime ?? null,
        visibility: c.visibility,
        selectability: c.selectability,
        conditionCategoryId: null,
        minPerOrder: c.minPerOrder,
        maxPerOrder: c.maxPerOrder,
        showRemaining: c.showRemaining,
        appliesTo: c.appliesTo,
      };
      if (c.id) {
        await tx
          .update(ticketCategories)
          .set(values)
          .where(and(eq(ticketCategories.id, c.id), eq(ticketCategories.eventId, event.id)));
        idByKey.set(c.key, c.id);
      } else {
        const [row] = await tx
          .insert(ticketCategories)
          .values({ ...values, eventId: event.id, organiserId })
          .returning({ id: ticketCategories.id });
        idByKey.set(c.key, row!.id);
      }
    }
    for (const c of input) {
      if (!c.conditionKey) continue;
      await tx
        .update(ticketCategories)
        .set({ conditionCategoryId: idByKey.get(c.conditionKey)! })
        .where(and(eq(ticketCategories.id, idByKey.get(c.key)!), eq(ticketCategories.eventId, event.id)));
    }
    await tx
      .update(events)
      .set({ wizardStep: Math.max(event.wizardStep, 4) })
      .where(and(eq(events.id, event.id), inArray(events.status, ["draft", "scheduled", "published"])));
    // Category quantities are capacities: the counters follow here, never when the shop reads.
    await syncCounters(tx, event.id);
    await reassertPublishable(tx, event.id);
  });
  // The shop reads categories through a short cache; changes show at once on this instance.
  forgetShopScopes(eventId);
}
