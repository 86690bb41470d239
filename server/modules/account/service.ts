import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { organisers } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** The organiser's own account state, as the dashboard home shows it. */
export async function getOrganiserOverview(db: DbOrTx, organiserId: string) {
  const [row] = await db
    .select({
      id: organisers.id,
      name: organisers.name,
      verificationState: organisers.verificationState,
      verificationNote: organisers.verificationNote,
      plan: organisers.plan,
      planSince: organisers.planSince,
      planUntil: organisers.planUntil,
      ticketContingent: organisers.ticketContingent,
    })
    .from(organisers)
    .where(eq(organisers.id, organiserId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const planActive = row.plan !== "none" && row.planUntil !== null && row.planUntil.getTime() > Date.now();
  const { verificationNote, ...rest } = row;
  return {
    ...rest,
    // The admin's reason belongs to the rejection only (an upload after it is in review again).
    rejectionReason: row.verificationState === "rejected" ? verificationNote : null,
    planActive,
    canPublish: row.verificationState === "verified" && planActive && row.ticketContingent > 0,
  };
}

/**
 * What anybody may see of an organiser (/profile/{id}): its name, description, city, country,
 * web and social links and logo; never its phone, address, VAT ID, tax number or bank details
 * (decision 013). A disabled organiser has no public profile.
 */
export async function getPublicProfile(db: DbOrTx, organiserId: string) {
  const [row] = await db
    .select({
      id: organisers.id,
      name: organisers.name,
      description: organisers.description,
      city: organisers.city,
      country: organisers.country,
      website: organisers.website,
      facebookUrl: organisers.facebookUrl,
      instagramUrl: organisers.instagramUrl,
      youtubeUrl: organisers.youtubeUrl,
      logoUploadId: organisers.logoUploadId,
    })
    .from(organisers)
    .where(and(eq(organisers.id, organiserId), isNull(organisers.disabledAt)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
