import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { PermissionSet } from "../../../shared/permissions";
import type { ZTeamMemberCreate, ZTeamMemberUpdate } from "../../../shared/schemas/account";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword } from "../../lib/password";
import { invalidateUserSessions } from "../auth/session";

/** Team members one organiser account may have (a bound, not a plan feature). */
export const TEAM_MEMBER_LIMIT = 200;

const MEMBER_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  status: users.status,
  permissions: users.permissions,
  createdAt: users.createdAt,
};

/** The organiser's team members, oldest first. */
export async function listTeamMembers(db: DbOrTx, organiserId: string) {
  return db
    .select(MEMBER_COLUMNS)
    .from(users)
    .where(and(eq(users.organiserId, organiserId), eq(users.role, "team_member")))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Creates a team member who signs in at once with the password the owner gave it (by email or
 * user name). A taken email or user name is refused on its field, whoever wins a race.
 */
export async function createTeamMember(db: Db, organiserId: string, input: z.output<typeof ZTeamMemberCreate>, locale: "de" | "en") {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [members] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.organiserId, organiserId), eq(users.role, "team_member")));
      if ((members?.n ?? 0) >= TEAM_MEMBER_LIMIT) throw new AppError("CONFLICT", { field: "login" });
      const [row] = await tx
        .insert(users)
        .values({
          role: "team_member",
          status: "active",
          activatedAt: new Date(),
          organiserId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.login.kind === "email" ? input.login.email : null,
          username: input.login.kind === "username" ? input.login.username : null,
          passwordHash,
          permissions: input.permissions satisfies PermissionSet,
          locale,
        })
        .returning(MEMBER_COLUMNS);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_unique")) throw new AppError("EMAIL_TAKEN", { field: "login.email" });
    if (isUniqueViolation(err, "users_username_unique")) throw new AppError("USERNAME_TAKEN", { field: "login.username" });
    throw err;
  }
}

/** Changes a team member's name and rights; the rights hold from its next request on. */
export async function updateTeamMember(db: DbOrTx, organiserId: string, input: z.output<typeof ZTeamMemberUpdate>) {
  const [row] = await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, permissions: input.permissions })
    .where(and(eq(users.id, input.id), eq(users.organiserId, organiserId), eq(users.role, "team_member")))
    .returning(MEMBER_COLUMNS);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * Activates or deactivates a team member (SPEC §4). Deactivating ends its sessions at once;
 * returns whether sessions ended, so the caller closes its sockets.
 */
export function setTeamMemberActive(db: Db, organiserId: string, input: { id: string; active: boolean }): Promise<{ endedSessions: boolean }> {
  return setSubAccountActive(db, organiserId, "team_member", input);
}

/**
 * Activates or deactivates one of the organiser's team members, event staff or resellers (`role`): another
 * organiser's account, or one of another role, is NOT_FOUND. Deactivating ends its sessions in
 * the same transaction; returns whether it did, so the caller closes the user's sockets.
 */
export async function setSubAccountActive(
  db: Db,
  organiserId: string,
  role: "team_member" | "agent" | "reseller",
  input: { id: string; active: boolean },
): Promise<{ endedSessions: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: input.active ? "active" : "deactivated" })
      .where(and(eq(users.id, input.id), eq(users.organiserId, organiserId), eq(users.role, role)))
      .returning({ id: users.id });
    if (!row) throw new AppError("NOT_FOUND");
    if (input.active) return { endedSessions: false };
    await invalidateUserSessions(tx, row.id);
    return { endedSessions: true };
  });
}
