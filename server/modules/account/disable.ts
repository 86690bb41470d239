import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { recordAdminAction } from "../admin/audit/log";
import type { Db } from "../../db/client";
import { organisers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { verifyPassword } from "../../lib/password";
import { invalidateOrganiserSessions } from "../auth/session";
import { forgetShopScopes } from "../shop/scope";

/**
 * The owner disables its organiser account (confirmed with its password): in one transaction
 * the account is marked, and every session of its owner, team members, event staff and
 * resellers ends; from then on none of them can sign in and nothing of it sells (the shop's
 * scopes read the mark). Only an admin enables it again. Returns the users whose sockets to close.
 */
export async function disableOrganiserAccount(db: Db, options: { organiserId: string; userId: string; currentPassword: string }): Promise<string[]> {
  const [owner] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, options.userId)).limit(1);
  if (!owner || !(await verifyPassword(owner.passwordHash, options.currentPassword))) {
    throw new AppError("WRONG_PASSWORD", { field: "currentPassword" });
  }
  const ended = await db.transaction(async (tx) => {
    await tx
      .update(organisers)
      .set({ disabledAt: new Date() })
      .where(and(eq(organisers.id, options.organiserId), isNull(organisers.disabledAt)));
    return invalidateOrganiserSessions(tx, options.organiserId);
  });
  forgetShopScopes();
  return ended;
}

/** Admin: enables (or disables) an organiser account. Enabling lets its users sign in again. */
export async function setOrganiserEnabled(db: Db, options: { organiserId: string; enabled: boolean; adminId: string }): Promise<string[]> {
  const ended = await db.transaction(async (tx) => {
    const [before] = await tx.select({ disabledAt: organisers.disabledAt }).from(organisers).where(eq(organisers.id, options.organiserId)).for("update");
    const changed = await tx
      .update(organisers)
      .set({ disabledAt: options.enabled ? null : new Date() })
      .where(and(eq(organisers.id, options.organiserId), options.enabled ? isNotNull(organisers.disabledAt) : isNull(organisers.disabledAt)))
      .returning({ id: organisers.id });
    if (changed.length === 0) {
      const [exists] = await tx.select({ id: organisers.id }).from(organisers).where(eq(organisers.id, options.organiserId)).limit(1);
      if (!exists) throw new AppError("NOT_FOUND");
      return [];
    }
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: options.enabled ? "organiser.enable" : "organiser.disable",
      targetType: "organiser",
      targetId: options.organiserId,
      before: { disabled: before?.disabledAt != null },
      after: { disabled: !options.enabled },
    });
    return options.enabled ? [] : invalidateOrganiserSessions(tx, options.organiserId);
  });
  forgetShopScopes();
  return ended;
}
