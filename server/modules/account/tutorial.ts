import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Role } from "../../../shared/enums";

/** Only the organiser dashboard has the guided tour: its owners and team members are offered it. */
const TOUR_ROLES: readonly Role[] = ["organiser", "team_member"];

export type TutorialState = {
  /** Offer the tour (SPEC §2 tutorial-mode prompt): never skipped nor finished by this user. */
  offer: boolean;
  seenAt: Date | null;
};

/** Whether the signed-in user is offered the dashboard's guided tour. */
export async function getTutorialState(db: DbOrTx, options: { userId: string }): Promise<TutorialState> {
  const [row] = await db
    .select({ role: users.role, seenAt: users.tutorialSeenAt })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return { offer: TOUR_ROLES.includes(row.role) && row.seenAt === null, seenAt: row.seenAt };
}

/**
 * Skipped or finished: remembered for this user only, on every device. The first time counts;
 * marking again changes nothing.
 */
export async function markTutorialSeen(db: DbOrTx, options: { userId: string; now?: Date }): Promise<TutorialState> {
  await db
    .update(users)
    .set({ tutorialSeenAt: options.now ?? new Date() })
    .where(and(eq(users.id, options.userId), isNull(users.tutorialSeenAt)));
  return getTutorialState(db, options);
}

/** "Start the tour again" in Help: the tour counts as not seen until it is skipped or finished again. */
export async function restartTutorial(db: DbOrTx, options: { userId: string }): Promise<TutorialState> {
  await db.update(users).set({ tutorialSeenAt: null }).where(eq(users.id, options.userId));
  return getTutorialState(db, options);
}
