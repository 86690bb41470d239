import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { EVENT_TYPES } from "../../../shared/enums";
import type { Schedule } from "../../../shared/rules/schedule-types";
import {
  EVENT_STATUSES,
  EVENT_VISIBILITIES,
  PUBLISH_OPTIONS,
  type FaqEntry,
  type ParticipantField,
} from "../../../shared/schemas/events";
import {
  TICKET_APPLIES_TO,
  TICKET_KINDS,
  TICKET_SALE_END_MODES,
  TICKET_SALE_START_MODES,
  TICKET_SELECTABILITY,
  TICKET_VISIBILITY,
  type BookingOption,
} from "../../../shared/schemas/tickets";
import { organisers } from "./accounts";

export const eventTypeEnum = pgEnum("event_type", EVENT_TYPES);
export const eventStatusEnum = pgEnum("event_status", EVENT_STATUSES);
export const publishOptionEnum = pgEnum("publish_option", PUBLISH_OPTIONS);
export const eventVisibilityEnum = pgEnum("event_visibility", EVENT_VISIBILITIES);
export const seatingModeEnum = pgEnum("seating_mode", ["free", "template"]);

/** Images uploaded by organisers, checked by content, stored under UPLOAD_DIR. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    mimeType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    fileName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_organiser_idx").on(t.organiserId)],
);

/**
 * An event or a season (SEASONAL); events grouped into a season are SEASON_CHILD with
 * `seasonId`. `status` is stored; "expired" is derived from the last date (never stale).
 */
export const events = pgTable(
  "events",
  {
    id: uuid().primaryKey().defaultRandom(),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    type: eventTypeEnum().notNull().default("REGULAR"),
    seasonId: uuid().references((): AnyPgColumn => events.id, { onDelete: "set null" }),
    status: eventStatusEnum().notNull().default("draft"),
    publishOption: publishOptionEnum().notNull().default("draft"),
    publicationDate: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** The last wizard step the organiser saved (resume a draft there). */
    wizardStep: integer().notNull().default(1),
    name: text().notNull(),
    category: text(),
    subcategory: text(),
    address: text(),
    addressAddition: text(),
    city: text(),
    zip: text(),
    country: text(),
    timeZone: text().notNull().default("Europe/Berlin"),
    schedule: jsonb().$type<Schedule>(),
    imageId: uuid().references(() => uploads.id, { onDelete: "set null" }),
    mediaImageIds: jsonb().$type<string[]>().notNull().default([]),
    youtubeUrl: text(),
    descriptionHtml: text(),
    faq: jsonb().$type<FaqEntry[]>().notNull().default([]),
    dailyAttendeeLimit: integer(),
    /** VAT in basis points: 1900 = 19 %. */
    vatRateBp: integer().notNull().default(1900),
    participantFields: jsonb().$type<ParticipantField[]>().notNull().default([]),
    visibility: eventVisibilityEnum().notNull().default("public"),
    accessCode: text(),
    seatingMode: seatingModeEnum().notNull().default("free"),
    /** The template chosen in step 3 (its snapshot is in event_seating). */
    stadiumTemplateId: uuid(),
    /** Seasons: the first day of the season and the end of season-ticket sales. */
    seasonStart: text(),
    seasonSaleEnd: timestamp({ withTimezone: true }),
    dailySeasonTicketLimit: integer(),
    /** On-sale waiting room: when on, buyers arriving faster than `waitingRoomPerMinute` queue first come first served. */
    waitingRoomEnabled: boolean().notNull().default(false),
    waitingRoomPerMinute: integer().notNull().default(600),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("events_organiser_idx").on(t.organiserId, t.status),
    index("events_season_idx").on(t.seasonId),
    index("events_publication_idx").on(t.status, t.publicationDate),
  ],
);

/** The concrete dates of an event, expanded from its schedule. */
export const eventDates = pgTable(
  "event_dates",
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    localDate: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    isAdditional: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("event_dates_event_start_unique").on(t.eventId, t.startsAt), index("event_dates_starts_idx").on(t.startsAt)],
);

export const ticketKindEnum = pgEnum("ticket_kind", TICKET_KINDS);
export const ticketSaleStartEnum = pgEnum("ticket_sale_start", TICKET_SALE_START_MODES);
export const ticketSaleEndEnum = pgEnum("ticket_sale_end", TICKET_SALE_END_MODES);
export const ticketVisibilityEnum = pgEnum("ticket_visibility", TICKET_VISIBILITY);
export const ticketSelectabilityEnum = pgEnum("ticket_selectability", TICKET_SELECTABILITY);
export const ticketAppliesToEnum = pgEnum("ticket_applies_to", TICKET_APPLIES_TO);

/** Ticket categories of an event (season tickets for a season), SPEC §3. Prices in cents. */
export const ticketCategories = pgTable(
  "ticket_categories",
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    organiserId: uuid()
      .notNull()
      .references(() => organisers.id, { onDelete: "cascade" }),
    sortOrder: integer().notNull().default(0),
    name: text().notNull(),
    kind: ticketKindEnum().notNull().default("chargeable"),
    area: text(),
    /** The seating-plan category (of the event's layout) whose seats and areas this ticket sells. */
    seatingCategoryId: text(),
    priceCents: integer().notNull().default(0),
    currency: text().notNull().default("EUR"),
    dailyQuantity: integer().notNull(),
    seatsPerTicket: integer().notNull().default(1),
    bookingOptions: jsonb().$type<BookingOption[]>().notNull().default([]),
    webDescription: text(),
    pdfDescription: text(),
    saleStartMode: ticketSaleStartEnum().notNull().default("on_release"),
    saleStartAt: timestamp({ withTimezone: true }),
    saleEndMode: ticketSaleEndEnum().notNull().default("event_end"),
    saleEndAt: timestamp({ withTimezone: true }),
    validityStartTime: text(),
    validityEndTime: text(),
    visibility: ticketVisibilityEnum().notNull().default("always"),
    selectability: ticketSelectabilityEnum().notNull().default("always"),
    /** The other category a visibility/selectability condition refers to. */
    conditionCategoryId: uuid().references((): AnyPgColumn => ticketCategories.id, { onDelete: "set null" }),
    minPerOrder: integer().notNull().default(1),
    maxPerOrder: integer().notNull().default(20),
    showRemaining: boolean().notNull().default(false),
    appliesTo: ticketAppliesToEnum().notNull().default("boxoffice_online"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("ticket_categories_event_idx").on(t.eventId, t.sortOrder)],
);
