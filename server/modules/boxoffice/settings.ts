import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { BoxOfficePrintFormat, ZUpdateBoxOfficeInput } from "../../../shared/schemas/boxoffice";
import type { DbOrTx } from "../../db/client";
import { boxOfficeSettings, events } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export type BoxOfficeSettings = { eventId: string; feeCents: number; printFormat: BoxOfficePrintFormat; vatRateBp: number };

/** The event of this organiser, or NOT_FOUND (another organiser's event looks missing). */
async function organisersEvent(db: DbOrTx, organiserId: string, eventId: string) {
  const [event] = await db
    .select({ id: events.id, vatRateBp: events.vatRateBp })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organiserId, organiserId)))
    .limit(1);
  if (!event) throw new AppError("NOT_FOUND", { field: "eventId" });
  return event;
}

/** An event's box office settings (no row yet: no fee, A4) with the VAT rate its fee carries. */
export async function readBoxOfficeSettings(db: DbOrTx, organiserId: string, eventId: string): Promise<BoxOfficeSettings> {
  const event = await organisersEvent(db, organiserId, eventId);
  const [row] = await db.select().from(boxOfficeSettings).where(eq(boxOfficeSettings.eventId, eventId)).limit(1);
  return { eventId, feeCents: row?.feeCents ?? 0, printFormat: row?.printFormat ?? "a4", vatRateBp: event.vatRateBp };
}

/** updateBoxoffice: the fee per ticket (gross, the event's VAT) and the ticket print format. */
export async function updateBoxOfficeSettings(db: DbOrTx, organiserId: string, input: z.output<typeof ZUpdateBoxOfficeInput>): Promise<BoxOfficeSettings> {
  await organisersEvent(db, organiserId, input.eventId);
  await db
    .insert(boxOfficeSettings)
    .values({ eventId: input.eventId, organiserId, feeCents: input.feeCents, printFormat: input.printFormat })
    .onConflictDoUpdate({ target: boxOfficeSettings.eventId, set: { feeCents: input.feeCents, printFormat: input.printFormat, updatedAt: new Date() } });
  return readBoxOfficeSettings(db, organiserId, input.eventId);
}
