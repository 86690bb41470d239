import { and, asc, eq, inArray } from "drizzle-orm";
import { recordAdminAction } from "./audit/log";
import type { TVerificationDecision } from "../../../shared/schemas/account";
import type { Db, DbOrTx } from "../../db/client";
import { organiserDocuments, organisers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";

/** The owner (role organiser) of each organiser account: who is mailed about its verification. */
const ownerJoin = and(eq(users.organiserId, organisers.id), eq(users.role, "organiser"));

/**
 * Organisers waiting for verification, longest waiting first, each with its owner, the time it
 * went into review (its first upload since the last decision) and its documents.
 */
export async function listOrganisersInReview(db: DbOrTx) {
  const rows = await db
    .select({
      id: organisers.id,
      name: organisers.name,
      previousNote: organisers.verificationNote,
      reviewedAt: organisers.verificationReviewedAt,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(organisers)
    .leftJoin(users, ownerJoin)
    .where(eq(organisers.verificationState, "in_review"));
  if (rows.length === 0) return [];
  const documents = await db
    .select({
      id: organiserDocuments.id,
      organiserId: organiserDocuments.organiserId,
      fileName: organiserDocuments.fileName,
      mimeType: organiserDocuments.mimeType,
      bytes: organiserDocuments.bytes,
      createdAt: organiserDocuments.createdAt,
    })
    .from(organiserDocuments)
    .where(inArray(organiserDocuments.organiserId, rows.map((r) => r.id)))
    .orderBy(asc(organiserDocuments.createdAt));
  return rows
    .map(({ reviewedAt, previousNote, ...row }) => {
      const own = documents.filter((d) => d.organiserId === row.id).map(({ organiserId: _o, ...d }) => d);
      const sinceDecision = own.filter((d) => !reviewedAt || d.createdAt > reviewedAt);
      return {
        ...row,
        submittedAt: (sinceDecision[0] ?? own[0])?.createdAt ?? null,
        // A rejected organiser that uploaded again: the admin sees why it was refused before.
        previousRejection: reviewedAt ? previousNote : null,
        documents: own.map((d) => ({ ...d, isNew: !reviewedAt || d.createdAt > reviewedAt })),
      };
    })
    .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0));
}

/** Options of decideVerification: the decision and where the mail's link points to. */
export type DecideVerificationOptions = { decision: TVerificationDecision; baseUrl: string; adminId: string };

/**
 * Verifies or rejects an organiser in review and mails its owner, in one transaction. The state
 * changes only WHERE it is still in review: of two admins deciding at once exactly one wins, the
 * other gets NOT_IN_REVIEW (as does a decision on a profile whose documents were withdrawn).
 */
export async function decideVerification(db: Db, options: DecideVerificationOptions) {
  const { decision } = options;
  const verified = decision.decision === "verify";
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(organisers)
      .set({
        verificationState: verified ? "verified" : "rejected",
        verificationNote: verified ? null : decision.reason.trim(),
        verificationReviewedAt: new Date(),
      })
      .where(and(eq(organisers.id, decision.organiserId), eq(organisers.verificationState, "in_review")))
      .returning({ id: organisers.id, name: organisers.name, verificationState: organisers.verificationState });
    if (!changed) {
      const [exists] = await tx.select({ id: organisers.id }).from(organisers).where(eq(organisers.id, decision.organiserId));
      throw new AppError(exists ? "NOT_IN_REVIEW" : "NOT_FOUND");
    }
    const [owner] = await tx
      .select({ email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(and(eq(users.organiserId, changed.id), eq(users.role, "organiser")))
      .limit(1);
    if (owner?.email) {
      const link = `${options.baseUrl}/dashboard/profile/documents`;
      await enqueueMail(
        tx,
        owner.email,
        owner.locale,
        decision.decision === "verify"
          ? { template: "verification_verified", name: owner.firstName, organiser: changed.name, link }
          : { template: "verification_rejected", name: owner.firstName, organiser: changed.name, reason: decision.reason.trim(), link },
      );
    }
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: verified ? "verification.verify" : "verification.reject",
      targetType: "organiser",
      targetId: changed.id,
      before: { verificationState: "in_review" },
      after: { verificationState: changed.verificationState, ...(verified ? {} : { reason: decision.reason.trim() }) },
    });
    return { organiserId: changed.id, verificationState: changed.verificationState };
  });
}
