import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { organisers } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isContingentShort, isPlanActive } from "../../../shared/plans";
import { liveContingentNeed } from "./contingent-need";

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
  const planActive = isPlanActive(row);
  // SPEC §8 "insufficient ticket contingent": nothing left, or less than live events can still sell (decision 014).
  const liveNeed = await liveContingentNeed(db, organiserId);
  const { verificationNote, ...rest } = row;
  return {
    ...rest,
    // The admin's reason belongs to the rejection only (an upload after it is in review again).
    rejectionReason: row.verificationState === "rejected" ? verificationNote : null,
    planActive,
    liveNeed,
    contingentShort: isContingentShort(row.ticketContingent, liveNeed),
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
