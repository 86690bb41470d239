import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { changeContingent } from "../../../server/modules/account/contingent";
import { organisers, users } from "../../../server/db/schema";
import { hashPassword } from "../../../server/lib/password";
import type { AccountStatus, Locale, Role } from "../../../shared/enums";
import type { PermissionSet } from "../../../shared/permissions";

export const TEST_PASSWORD = "Secret-pass1";

const hashes = new Map<string, Promise<string>>();
/** Argon2 is slow on purpose; a file hashes each distinct password once. */
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

export type OrganiserRow = typeof organisers.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function createOrganiser(db: Db, overrides: Partial<typeof organisers.$inferInsert> = {}): Promise<OrganiserRow> {
  const { ticketContingent, ...rest } = overrides;
  const [row] = await db
    .insert(organisers)
    .values({ name: `Organiser ${uniqueSuffix()}`, ...rest })
    .returning();
  if (!ticketContingent) return row!;
  await setContingent(db, row!.id, ticketContingent);
  return { ...row!, ticketContingent };
}

export type CreateUserOptions = {
  role: Role;
  email?: string | null;
  username?: string | null;
  password?: string;
  status?: AccountStatus;
  firstName?: string;
  lastName?: string;
  locale?: Locale;
  /** Defaults to a new organiser for every role but admin. */
  organiserId?: string | null;
  permissions?: Partial<PermissionSet> | null;
  eventId?: string | null;
};

/** An active user of the given role with a real Argon2 hash of `password`. */
export async function createUser(db: Db, options: CreateUserOptions): Promise<UserRow & { password: string }> {
  const password = options.password ?? TEST_PASSWORD;
  const suffix = uniqueSuffix();
  const isAgent = options.role === "agent";
  const organiserId =
    options.organiserId !== undefined
      ? options.organiserId
      : options.role === "admin"
        ? null
        : (await createOrganiser(db)).id;
  const [row] = await db
    .insert(users)
    .values({
      role: options.role,
      email: options.email !== undefined ? options.email : isAgent ? null : `${options.role}-${suffix}@example.com`,
      username: options.username !== undefined ? options.username : isAgent ? `agent-${suffix}` : null,
      passwordHash: await hashOnce(password),
      status: options.status ?? "active",
      firstName: options.firstName ?? "Test",
      lastName: options.lastName ?? "User",
      locale: options.locale ?? "en",
      organiserId,
      permissions: options.permissions ?? null,
      eventId: options.eventId ?? null,
      activatedAt: (options.status ?? "active") === "active" ? new Date() : null,
    })
    .returning();
  return { ...row!, password };
}

/** An organiser account together with its owning user. */
export async function createOrganiserWithOwner(db: Db, options: Omit<CreateUserOptions, "role" | "organiserId"> = {}) {
  const organiser = await createOrganiser(db);
  const user = await createUser(db, { ...options, role: "organiser", organiserId: organiser.id });
  return { organiser, user };
}

/**
 * Gives an organiser a ticket contingent of `balance` the way the product does, through its
 * ledger (decision 014), so `inventory:check` stays clean: one opening-balance entry for the change.
 */
export async function setContingent(db: Db, organiserId: string, balance: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ n: organisers.ticketContingent }).from(organisers).where(eq(organisers.id, organiserId)).for("update");
    const delta = balance - (row?.n ?? 0);
    if (delta !== 0) await changeContingent(tx, { organiserId, delta, reason: "opening_balance", sourceId: randomUUID() });
  });
}
