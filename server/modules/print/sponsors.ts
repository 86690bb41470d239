import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { SPONSOR_LOGO_LIMIT } from "../../../shared/limits";
import type { DbOrTx } from "../../db/client";
import { events, eventSponsors, uploads } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { readUpload } from "../../storage/uploads";
import { getOwnEvent } from "../events/access";

/**
 * An event's sponsors (issue 20, SPEC §9): up to 4 logos (uploads of kind `sponsor_logo`, JPEG
 * or PNG checked by content), in their order (`position` 0..3, always 0..n-1 without gaps),
 * printed on the hard tickets and on the A4 e-tickets. A season ticket shows the season's.
 */

export type SponsorLogo = { data: Uint8Array; mimeType: "image/png" | "image/jpeg" };

/** Where a logo that cannot be read is reported (pino's logger fits). */
export type SponsorLogWarn = { warn: (obj: Record<string, unknown>, msg: string) => void };

const consoleWarn: SponsorLogWarn = { warn: (obj, msg) => console.warn(msg, obj) };

/**
 * The event's logos in position order, as bytes for a PDF. A logo whose file is missing or
 * unreadable is left out with a warning: a ticket without one logo beats no ticket at all.
 */
export async function sponsorLogos(db: DbOrTx, uploadDir: string, eventId: string, log: SponsorLogWarn = consoleWarn): Promise<SponsorLogo[]> {
  const rows = await db
    .select({ uploadId: eventSponsors.uploadId })
    .from(eventSponsors)
    .where(eq(eventSponsors.eventId, eventId))
    .orderBy(asc(eventSponsors.position));
  const logos: SponsorLogo[] = [];
  for (const row of rows) {
    try {
      const file = await readUpload(db, uploadDir, row.uploadId);
      if (!file) continue;
      if (file.mimeType !== "image/png" && file.mimeType !== "image/jpeg") {
        log.warn({ eventId, uploadId: row.uploadId, mimeType: file.mimeType }, "sponsor logo is not a PNG or JPEG: left out");
        continue;
      }
      logos.push({ data: new Uint8Array(file.data), mimeType: file.mimeType });
    } catch (err) {
      log.warn({ err, eventId, uploadId: row.uploadId }, "sponsor logo unreadable: left out");
    }
  }
  return logos;
}

export type SponsorEntry = { uploadId: string; url: string; width: number; height: number; position: number };
export type SponsorEvent = { id: string; name: string; isSeason: boolean; logos: number };

/** The organiser's events and seasons that are not cancelled, each with its number of logos. */
export async function sponsorEvents(db: DbOrTx, organiserId: string): Promise<SponsorEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      type: events.type,
      logos: sql<number>`(select count(*) from ${eventSponsors} where ${eventSponsors.eventId} = ${events.id})`.mapWith(Number),
    })
    .from(events)
    .where(and(eq(events.organiserId, organiserId), ne(events.status, "cancelled"), isNull(events.cancelledAt)))
    .orderBy(desc(events.createdAt), asc(events.name), asc(events.id));
  return rows.map((r) => ({ id: r.id, name: r.name, isSeason: r.type === "SEASONAL", logos: r.logos }));
}

async function entries(db: DbOrTx, eventId: string): Promise<SponsorEntry[]> {
  const rows = await db
    .select({ uploadId: eventSponsors.uploadId, position: eventSponsors.position, width: uploads.width, height: uploads.height })
    .from(eventSponsors)
    .innerJoin(uploads, eq(uploads.id, eventSponsors.uploadId))
    .where(eq(eventSponsors.eventId, eventId))
    .orderBy(asc(eventSponsors.position));
  return rows.map((r) => ({ uploadId: r.uploadId, url: `/uploads/${r.uploadId}`, width: r.width, height: r.height, position: r.position }));
}

/** The event's logos in order; another organiser's event is NOT_FOUND. */
export async function listSponsors(db: DbOrTx, organiserId: string, eventId: string): Promise<SponsorEntry[]> {
  await getOwnEvent(db, organiserId, eventId);
  return entries(db, eventId);
}

/**
 * Adds the organiser's own uploaded logo at the end. The event row is locked first, so two adds
 * at once are counted one after the other: never a fifth (SPONSOR_LIMIT). Adding a logo that is
 * already there changes nothing.
 */
export async function addSponsor(db: DbOrTx, organiserId: string, input: { eventId: string; uploadId: string }): Promise<SponsorEntry[]> {
  return db.transaction(async (tx) => {
    await getOwnEvent(tx, organiserId, input.eventId, { forUpdate: true });
    const [upload] = await tx
      .select({ id: uploads.id, kind: uploads.kind })
      .from(uploads)
      .where(and(eq(uploads.id, input.uploadId), eq(uploads.organiserId, organiserId)))
      .limit(1);
    if (!upload) throw new AppError("NOT_FOUND", { field: "uploadId" });
    if (upload.kind !== "sponsor_logo") throw new AppError("INVALID_UPLOAD", { field: "uploadId" });
    const current = await entries(tx, input.eventId);
    if (current.some((e) => e.uploadId === input.uploadId)) return current;
    if (current.length >= SPONSOR_LOGO_LIMIT) throw new AppError("SPONSOR_LIMIT");
    await tx.insert(eventSponsors).values({ eventId: input.eventId, uploadId: input.uploadId, position: current.length });
    return entries(tx, input.eventId);
  });
}

/** Positions 0..n-1 in the given order. */
async function renumber(tx: DbOrTx, eventId: string, uploadIds: string[]): Promise<void> {
  for (const [position, uploadId] of uploadIds.entries()) {
    await tx
      .update(eventSponsors)
      .set({ position })
      .where(and(eq(eventSponsors.eventId, eventId), eq(eventSponsors.uploadId, uploadId)));
  }
}

/** Takes a logo off the event; the ones after it move up. A logo not on the event is NOT_FOUND. */
export async function removeSponsor(db: DbOrTx, organiserId: string, input: { eventId: string; uploadId: string }): Promise<SponsorEntry[]> {
  return db.transaction(async (tx) => {
    await getOwnEvent(tx, organiserId, input.eventId, { forUpdate: true });
    const deleted = await tx
      .delete(eventSponsors)
      .where(and(eq(eventSponsors.eventId, input.eventId), eq(eventSponsors.uploadId, input.uploadId)))
      .returning({ uploadId: eventSponsors.uploadId });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", { field: "uploadId" });
    const rest = await entries(tx, input.eventId);
    await renumber(
      tx,
      input.eventId,
      rest.map((e) => e.uploadId),
    );
    return entries(tx, input.eventId);
  });
}

/** Puts the event's logos in the given order: exactly the event's logos, each once (else VALIDATION). */
export async function reorderSponsors(db: DbOrTx, organiserId: string, input: { eventId: string; uploadIds: string[] }): Promise<SponsorEntry[]> {
  return db.transaction(async (tx) => {
    await getOwnEvent(tx, organiserId, input.eventId, { forUpdate: true });
    const current = await entries(tx, input.eventId);
    const known = new Set(current.map((e) => e.uploadId));
    const wanted = new Set(input.uploadIds);
    if (wanted.size !== input.uploadIds.length || wanted.size !== known.size || input.uploadIds.some((id) => !known.has(id))) {
      throw new AppError("VALIDATION", { field: "uploadIds" });
    }
    await renumber(tx, input.eventId, input.uploadIds);
    return entries(tx, input.eventId);
  });
}

