import { asc, count } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";

export async function countUsersByRole(db: DbOrTx) {
  return db.select({ role: users.role, count: count() }).from(users).groupBy(users.role).orderBy(asc(users.role));
}
