import { sql } from "drizzle-orm";
import { type AnyPgColumn, date, index, integer, jsonb, pgEnum, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCOUNT_STATUSES, LOCALES, ROLES, VERIFICATION_STATES } from "../../../shared/enums";
import type { PermissionSet } from "../../../shared/permissions";
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "../../../shared/schemas/account";
import { events, uploads } from "./events";

export const roleEnum = pgEnum("role", ROLES);
export const accountStatusEnum = pgEnum("account_status", ACCOUNT_STATUSES);
export const localeEnum = pgEnum("locale", LOCALES);
export const verificationStateEnum = pgEnum("verification_state", VERIFICATION_STATES);
export const planKindEnum = pgEnum("plan_kind", ["none", "monthly", "yearly"]);

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** The organiser account (the tenant). Every organiser-owned row carries its id. */
export const organisers = pgTable("organisers", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  phone: text(),
  vatId: text(),
  taxNumber: text(),
  country: text(),
  address: text(),
  city: text(),
  zipCode: text(),
  description: text(),
  website: text(),
  facebookUrl: text(),
  instagramUrl: text(),
  youtubeUrl: text(),
  bankName: text(),
  /** IBAN, stored without spaces, upper case (checked by its checksum). */
  accountNumber: text(),
  bic: text(),
  /** Shown on the public profile /profile/{id}. */
  logoUploadId: uuid().references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
  /** Which mails the organiser's owner gets (profile tab "email notifications"). */
  notificationSettings: jsonb().$type<NotificationSettings>().notNull().default(DEFAULT_NOTIFICATION_SETTINGS),
  /** The last day (organiser-independent UTC date) a daily sales summary was sent for. */
  dailySummarySentOn: date({ mode: "string" }),
  verificationState: verificationStateEnum().notNull().default("none"),
  /** Why an admin rejected the documents (shown to the organiser); null otherwise. */
  verificationNote: text(),
  verificationReviewedAt: timestamp({ withTimezone: true }),
  /** Set when the owner disabled the account: nobody of it signs in, nothing of it sells. Only an admin re-enables. */
  disabledAt: timestamp({ withTimezone: true }),
  plan: planKindEnum().notNull().default("none"),
  planSince: timestamp({ withTimezone: true }),
  planUntil: timestamp({ withTimezone: true }),
  /** Tickets the organiser may still put on sale (bought with a plan). */
  ticketContingent: integer().notNull().default(0),
  ...timestamps,
});

/**
 * Every person who signs in. Organisers, team members, resellers and agents point at their
 * organiser; admins do not. Agents sign in with a username, everybody else with an email.
 */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text(),
    /** A new address waiting for its confirmation link (profile tab "login details"). */
    pendingEmail: text(),
    /** When the user skipped or finished the dashboard's guided tour (SPEC §2 tutorial-mode prompt); null: offer it. */
    tutorialSeenAt: timestamp({ withTimezone: true }),
    username: text(),
    passwordHash: text().notNull(),
    role: roleEnum().notNull(),
    status: accountStatusEnum().notNull().default("pending"),
    firstName: text().notNull(),
    lastName: text().notNull().default(""),
    locale: localeEnum().notNull().default("de"),
    organiserId: uuid().references(() => organisers.id, { onDelete: "cascade" }),
    /** Team members only: the rights of SPEC §3. */
    permissions: jsonb().$type<Partial<PermissionSet>>(),
    /** Agents only: the event they check people in for. */
    eventId: uuid().references((): AnyPgColumn => events.id, { onDelete: "set null" }),
    activatedAt: timestamp({ withTimezone: true }),
    /** The last successful sign-in (the event staff list shows it). */
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    index("users_organiser_idx").on(t.organiserId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    /** SHA-256 of the token's secret part, hex. The secret itself is never stored. */
    secretHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastVerifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const authTokenKindEnum = pgEnum("auth_token_kind", ["activation", "password_reset", "email_change"]);

/** Single-use emailed tokens: the link carries `<id>.<secret>`, only the secret's hash is kept. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: text().primaryKey(),
    secretHash: text().notNull(),
    kind: authTokenKindEnum().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.kind)],
);

/** Fixed-window counters for rate limits that hold across instances. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  count: integer().notNull().default(0),
});

/** Verification documents (SPEC §9: PDF, Doc, JPEG or JPG under 5 MB), kept private under UPLOAD_DIR. */
export const organiserDocuments = pgTable(
  "organiser_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    /** The name the organiser's file had (cleaned), for display and download. */
    fileName: text().notNull(),
    mimeType: text().notNull(),
    bytes: integer().notNull(),
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("organiser_documents_organiser_idx").on(t.organiserId)],
);

export const planPurchaseStatusEnum = pgEnum("plan_purchase_status", ["pending", "paid", "failed"]);

/** A ticket contingent bought for one period (monthly or yearly), paid through the payment provider. */
export const planPurchases = pgTable(
  "plan_purchases",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    /** shared/plans.ts key. */
    planKey: text().notNull(),
    period: planKindEnum().notNull(),
    tickets: integer().notNull(),
    amountCents: integer().notNull(),
    status: planPurchaseStatusEnum().notNull().default("pending"),
    provider: text(),
    providerRef: text(),
    /** The client's key: a retried "buy" returns the same purchase. */
    idempotencyKey: text().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("plan_purchases_organiser_idx").on(t.organiserId, t.createdAt),
    uniqueIndex("plan_purchases_idempotency_unique").on(t.organiserId, t.idempotencyKey),
  ],
);

export const platformInvoiceNumbers = pgSequence("platform_invoice_numbers", { startWith: 1 });
export const invoiceStatusEnum = pgEnum("invoice_status", ["unpaid", "paid"]);

/** The platform's invoices to the organiser (item, amount, paid/unpaid, issue date). */
export const platformInvoices = pgTable(
  "platform_invoices",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    number: text().notNull(),
    item: text().notNull(),
    /** Gross, VAT included. */
    amountCents: integer().notNull(),
    vatCents: integer().notNull(),
    status: invoiceStatusEnum().notNull().default("unpaid"),
    planPurchaseId: uuid().references(() => planPurchases.id, { onDelete: "set null" }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("platform_invoices_number_unique").on(t.number),
    uniqueIndex("platform_invoices_purchase_unique").on(t.planPurchaseId),
    index("platform_invoices_organiser_idx").on(t.organiserId, t.issuedAt),
  ],
);

/**
 * Every change of an organiser's ticket contingent (a plan bought, tickets sold, tickets given
 * back): `organisers.ticketContingent` is their sum, which `inventory:check` verifies. One
 * entry per (reason, purchase or order), so a retried settlement never counts twice.
 */
export const contingentEntries = pgTable(
  "contingent_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    reason: text().notNull(),
    /** The plan purchase or order the entry belongs to. */
    sourceId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contingent_entries_organiser_idx").on(t.organiserId),
    uniqueIndex("contingent_entries_source_unique").on(t.reason, t.sourceId),
  ],
);
