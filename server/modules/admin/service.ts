import { and, asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { organisers, users } from "../../db/schema";

/** Every organiser account with its owner and state, for the admin's overview. */
export async function listOrganisers(db: DbOrTx) {
  return db
    .select({
      id: organisers.id,
      name: organisers.name,
      verificationState: organisers.verificationState,
      plan: organisers.plan,
      ticketContingent: organisers.ticketContingent,
      createdAt: organisers.createdAt,
      ownerEmail: users.email,
      ownerStatus: users.status,
      disabledAt: organisers.disabledAt,
    })
    .from(organisers)
    .leftJoin(users, and(eq(users.organiserId, organisers.id), eq(users.role, "organiser")))
    .orderBy(asc(organisers.name));
}

export async function countUsersByRole(db: DbOrTx) {
  return db.select({ role: users.role, count: count() }).from(users).groupBy(users.role).orderBy(asc(users.role));
}
