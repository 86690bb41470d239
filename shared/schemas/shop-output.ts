import { z } from "zod";
import { EVENT_TYPES } from "../enums";
import type { SeatingLayout } from "../seating/layout";
import { EVENT_LIST_STATUSES, EVENT_VISIBILITIES, type FaqEntry, type ParticipantField } from "./events";
import { CART_STATES } from "./shop";
import {
  type BookingOption,
  TICKET_APPLIES_TO,
  TICKET_KINDS,
  TICKET_SALE_END_MODES,
  TICKET_SALE_START_MODES,
  TICKET_SELECTABILITY,
  TICKET_VISIBILITY,
} from "./tickets";

/**
 * What the public shop's reads return, pinned: the client's pages are typed by these, and a
 * field the server adds or drops without changing them fails the call instead of going out
 * unnoticed (strict objects). Stored documents (plans, FAQ, booking options) pass as stored.
 */
const stored = <T>() => z.custom<T>(() => true);
const nullableText = z.string().nullable();

/** A ticket category as buyers see it (never the box-office-only ones online). */
export const ZPublicCategory = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TICKET_KINDS),
  priceCents: z.number().int(),
  currency: z.string(),
  seatingCategoryId: nullableText,
  seatsPerTicket: z.number().int(),
  dailyQuantity: z.number().int(),
  bookingOptions: stored<BookingOption[]>(),
  webDescription: nullableText,
  saleStartMode: z.enum(TICKET_SALE_START_MODES),
  saleStartAt: z.date().nullable(),
  saleEndMode: z.enum(TICKET_SALE_END_MODES),
  saleEndAt: z.date().nullable(),
  validityStartTime: nullableText,
  validityEndTime: nullableText,
  visibility: z.enum(TICKET_VISIBILITY),
  selectability: z.enum(TICKET_SELECTABILITY),
  conditionCategoryId: nullableText,
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int(),
  showRemaining: z.boolean(),
  appliesTo: z.enum(TICKET_APPLIES_TO),
});

/** The public event page (/event/{id}). */
export const ZShopEventOutput = z.strictObject({
  event: z.strictObject({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    name: z.string(),
    category: nullableText,
    subcategory: nullableText,
    address: nullableText,
    addressAddition: nullableText,
    city: nullableText,
    zip: nullableText,
    country: nullableText,
    timeZone: z.string(),
    imageId: nullableText,
    mediaImageIds: z.array(z.string()),
    youtubeUrl: nullableText,
    descriptionHtml: nullableText,
    faq: stored<FaqEntry[]>(),
    visibility: z.enum(EVENT_VISIBILITIES),
    seatingMode: z.enum(["free", "template"]),
    seasonSaleEnd: z.date().nullable(),
  }),
  organiser: z.strictObject({ id: z.string(), name: z.string() }),
  season: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(EVENT_LIST_STATUSES),
  preview: z.boolean(),
  locked: z.boolean(),
  dates: z.array(
    z.strictObject({ id: z.string(), startsAt: z.date(), endsAt: z.date(), eventId: z.string(), eventName: z.string(), past: z.boolean() }),
  ),
  categories: z.array(ZPublicCategory),
});

/** The shop of one date or season (/event-dates/{id}). */
export const ZShopScopeOutput = z.strictObject({
  scopeId: z.string(),
  /** A season: every date its season tickets cover (the checkout lists them); a date: empty. */
  seasonDates: z.array(z.strictObject({ id: z.string(), startsAt: z.date(), eventName: z.string() })),
  kind: z.enum(["date", "season"]),
  eventId: z.string(),
  eventName: z.string(),
  timeZone: z.string(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  releasedAt: z.date().nullable(),
  saleEndsAt: z.date(),
  dateCount: z.number().int(),
  status: z.enum(EVENT_LIST_STATUSES),
  onSale: z.boolean(),
  locked: z.boolean(),
  layout: stored<SeatingLayout>().nullable(),
  dailyAttendeeLimit: z.number().int().nullable(),
  categories: z.array(ZPublicCategory),
  remaining: z.record(z.string(), z.number()),
  holdTtlSeconds: z.number().int(),
  /** The checkout asks these per ticket (SPEC §3 participant information fields). */
  participantFields: stored<ParticipantField[]>(),
  vatRateBp: z.number().int(),
  /** The event's on-sale waiting room is on (decision 033): holds need an admission. */
  waitingRoom: z.boolean(),
});

/** A buyer's cart: what it holds and until when. */
export const ZCartOutput = z.strictObject({
  id: z.string(),
  scopeId: z.string(),
  eventId: z.string(),
  state: z.enum(CART_STATES),
  expiresAt: z.date(),
  extended: z.boolean(),
  seats: z.array(z.strictObject({ key: z.string(), ticketCategoryId: z.string(), blockId: z.string(), rowLabel: z.string(), seatLabel: z.string() })),
  items: z.array(z.strictObject({ ticketCategoryId: z.string(), areaId: nullableText, quantity: z.number().int() })),
});

/** The organiser's events buyers can find on its profile. */
export const ZOrganiserEventsOutput = z.array(
  z.strictObject({ id: z.string(), name: z.string(), type: z.enum(EVENT_TYPES), city: nullableText, imageId: nullableText, timeZone: z.string(), next: z.date() }),
);
