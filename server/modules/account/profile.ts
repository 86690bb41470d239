import { type AnyColumn, and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { CountryCode } from "../../../shared/countries";
import type { ZOrganiserProfile } from "../../../shared/schemas/account";
import type { DbOrTx } from "../../db/client";
import { organisers, uploads, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** The profile tab's form as the server parsed it (trimmed, VAT ID normalised, "" for not given). */
export type ProfileInput = z.output<typeof ZOrganiserProfile>;

/**
 * The account's owner: the one user of role organiser of the organiser (its first and last name
 * are the profile's); `organiserId` a value, or the column of a joined table.
 */
export function ownerOf(organiserId: string | AnyColumn) {
  return and(eq(users.organiserId, organiserId), eq(users.role, "organiser"));
}

const orEmpty = (v: string | null) => v ?? "";
const orNull = (v: string) => (v === "" ? null : v);

/** The profile tab's values: the organiser's fields and its owner's names ("" for not given). */
export async function getProfile(db: DbOrTx, organiserId: string) {
  const [row] = await db.select().from(organisers).where(eq(organisers.id, organiserId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(ownerOf(organiserId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return {
    firstName: owner?.firstName ?? "",
    lastName: owner?.lastName ?? "",
    organizerName: row.name,
    phone: orEmpty(row.phone),
    vatId: orEmpty(row.vatId),
    taxNumber: orEmpty(row.taxNumber),
    country: (row.country as CountryCode | null) ?? null,
    address: orEmpty(row.address),
    city: orEmpty(row.city),
    zipCode: orEmpty(row.zipCode),
    description: orEmpty(row.description),
    website: orEmpty(row.website),
    facebookUrl: orEmpty(row.facebookUrl),
    instagramUrl: orEmpty(row.instagramUrl),
    youtubeUrl: orEmpty(row.youtubeUrl),
    logoUploadId: row.logoUploadId,
  };
}

/**
 * Saves the profile tab: the organiser's fields ("" stored as null) and the owner's names, in
 * one transaction. The logo must be an image this organiser uploaded as a logo; otherwise
 * INVALID_UPLOAD on that field and nothing changes.
 */
export async function saveProfile(db: DbOrTx, options: { organiserId: string; profile: ProfileInput }): Promise<void> {
  const { organiserId, profile: p } = options;
  await db.transaction(async (tx) => {
    if (p.logoUploadId) {
      const [logo] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, p.logoUploadId), eq(uploads.organiserId, organiserId), eq(uploads.kind, "organiser_logo")))
        .limit(1);
      if (!logo) throw new AppError("INVALID_UPLOAD", { field: "logoUploadId" });
    }
    const updated = await tx
      .update(organisers)
      .set({
        name: p.organizerName,
        phone: orNull(p.phone),
        vatId: orNull(p.vatId),
        taxNumber: orNull(p.taxNumber),
        country: p.country,
        address: orNull(p.address),
        city: orNull(p.city),
        zipCode: orNull(p.zipCode),
        description: orNull(p.description),
        website: orNull(p.website),
        facebookUrl: orNull(p.facebookUrl),
        instagramUrl: orNull(p.instagramUrl),
        youtubeUrl: orNull(p.youtubeUrl),
        logoUploadId: p.logoUploadId,
      })
      .where(eq(organisers.id, organiserId))
      .returning({ id: organisers.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND");
    await tx.update(users).set({ firstName: p.firstName, lastName: p.lastName }).where(ownerOf(organiserId));
  });
}
