import { asc, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from "../../../shared/schemas/account";
import type { DbOrTx } from "../../db/client";
import { organisers, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { ownerOf } from "./profile";

/** A stored choice completed with the defaults (a kind added later starts at its default). */
function withDefaults(stored: Partial<NotificationSettings> | null | undefined): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, stored?.[k] ?? DEFAULT_NOTIFICATION_SETTINGS[k]])) as NotificationSettings;
}

/** Which mails the organiser's owner gets (email notifications tab). */
export async function getNotificationSettings(db: DbOrTx, organiserId: string): Promise<NotificationSettings> {
  const [row] = await db.select({ s: organisers.notificationSettings }).from(organisers).where(eq(organisers.id, organiserId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return withDefaults(row.s);
}

export async function saveNotificationSettings(db: DbOrTx, options: { organiserId: string; settings: NotificationSettings }): Promise<void> {
  const updated = await db
    .update(organisers)
    .set({ notificationSettings: withDefaults(options.settings) })
    .where(eq(organisers.id, options.organiserId))
    .returning({ id: organisers.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}

export type NotificationRecipient = { email: string; locale: Locale; name: string; organiserName: string };

/**
 * What a recipient is made of: the organiser's choices and its owner (`ownerOf`, the first
 * created when several), to select from `organisers` joined with `users` ordered by the user's
 * creation. A query reading more of the organiser (a sale's, issue 25) selects these too.
 */
export const RECIPIENT_COLUMNS = {
  settings: organisers.notificationSettings,
  disabledAt: organisers.disabledAt,
  organiserName: organisers.name,
  email: users.email,
  locale: users.locale,
  firstName: users.firstName,
  lastName: users.lastName,
};

type RecipientRow = { [K in keyof typeof RECIPIENT_COLUMNS]: (typeof RECIPIENT_COLUMNS)[K]["_"]["data"] | null };

/**
 * Where a chosen organiser mail goes: the account owner's address and language; null when the
 * organiser did not choose `kind`, is disabled, or its owner has no address.
 */
export function recipientFrom(row: RecipientRow | undefined, kind: NotificationKind): NotificationRecipient | null {
  if (!row?.email || !row.locale || row.disabledAt || !withDefaults(row.settings)[kind]) return null;
  return { email: row.email, locale: row.locale, name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(), organiserName: row.organiserName ?? "" };
}

/** `recipientFrom` read for an organiser. */
export async function recipientFor(db: DbOrTx, organiserId: string, kind: NotificationKind): Promise<NotificationRecipient | null> {
  const [row] = await db
    .select(RECIPIENT_COLUMNS)
    .from(organisers)
    .innerJoin(users, ownerOf(organiserId))
    .where(eq(organisers.id, organiserId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return recipientFrom(row, kind);
}
