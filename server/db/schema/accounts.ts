import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCOUNT_STATUSES, LOCALES, ROLES, VERIFICATION_STATES } from "../../../shared/enums";
import type { PermissionSet } from "../../../shared/permissions";
import { events } from "./events";

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
  accountNumber: text(),
  verificationState: verificationStateEnum().notNull().default("none"),
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

export const authTokenKindEnum = pgEnum("auth_token_kind", ["activation", "password_reset"]);

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
