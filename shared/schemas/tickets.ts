import { z } from "zod";
import { MAX_PRICE_CENTS } from "../rules/money";
import { VE } from "./event-messages";
import { V } from "./messages";
import { text } from "./text";

export const TICKET_KINDS = ["chargeable", "free"] as const;
export const TICKET_SALE_START_MODES = ["on_release", "at"] as const;
export const TICKET_SALE_END_MODES = ["event_end", "at"] as const;
export const TICKET_VISIBILITY = ["always", "with_other_selected"] as const;
export const TICKET_SELECTABILITY = ["always", "with_other_selected", "other_sold_out"] as const;
export const TICKET_APPLIES_TO = ["boxoffice", "boxoffice_online"] as const;

/** SPEC §5 / §9: tickets per order default to 1..20. */
export const DEFAULT_MIN_PER_ORDER = 1;
export const DEFAULT_MAX_PER_ORDER = 20;
export const MAX_TICKET_CATEGORIES = 50;
export const MAX_BOOKING_OPTIONS = 10;

export type BookingOption = { name: string; priceCents: number; description: string | null };

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const cents = z.number(VE.price).int(VE.price).min(0, VE.price).max(MAX_PRICE_CENTS, VE.price);
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  text(options)
    .trim()
    .max(max, V.maxLength)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

export const ZTicketCategory = z
  .object({
    /** A stable key within the form, so conditions can point at categories not saved yet. */
    key: text().min(1).max(40),
    id: z.uuid().optional(),
    name: text().trim().min(1, V.required).max(100, V.maxLength),
    kind: z.enum(TICKET_KINDS),
    area: optionalText(100),
    /** The seating-plan category whose seats (and standing areas) this ticket sells; null: any. */
    seatingCategoryId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).nullable().optional(),
    priceCents: cents,
    dailyQuantity: z.number(VE.positiveInt).int(VE.positiveInt).min(1, VE.positiveInt).max(1_000_000, VE.positiveInt),
    seatsPerTicket: z.number(VE.positiveInt).int(VE.positiveInt).min(1, VE.positiveInt).max(100, VE.positiveInt),
    bookingOptions: z
      .array(
        z.object({
          name: text().trim().min(1, V.required).max(100, V.maxLength),
          priceCents: cents,
          description: optionalText(500, { multiline: true }),
        }),
      )
      .max(MAX_BOOKING_OPTIONS, VE.tooMany)
      .default([]),
    webDescription: optionalText(2000, { multiline: true }),
    pdfDescription: optionalText(500, { multiline: true }),
    saleStartMode: z.enum(TICKET_SALE_START_MODES),
    saleStartAt: z.coerce.date(VE.dateTime).nullable().optional(),
    saleEndMode: z.enum(TICKET_SALE_END_MODES),
    saleEndAt: z.coerce.date(VE.dateTime).nullable().optional(),
    validityStartTime: z.string().regex(HHMM, VE.time).nullable().optional(),
    validityEndTime: z.string().regex(HHMM, VE.time).nullable().optional(),
    visibility: z.enum(TICKET_VISIBILITY),
    selectability: z.enum(TICKET_SELECTABILITY),
    conditionKey: text().max(40).nullable().optional(),
    minPerOrder: z.number(VE.positiveInt).int(VE.positiveInt).min(1, VE.positiveInt).max(1000, VE.positiveInt),
    maxPerOrder: z.number(VE.positiveInt).int(VE.positiveInt).min(1, VE.positiveInt).max(1000, VE.positiveInt),
    showRemaining: z.boolean(),
    appliesTo: z.enum(TICKET_APPLIES_TO),
  })
  .superRefine((t, ctx) => {
    if (t.kind === "free" && t.priceCents !== 0)
      ctx.addIssue({ code: "custom", message: VE.freeHasPrice, path: ["priceCents"] });
    if (t.kind === "chargeable" && t.priceCents === 0)
      ctx.addIssue({ code: "custom", message: VE.chargeableNoPrice, path: ["priceCents"] });
    if (t.minPerOrder > t.maxPerOrder) ctx.addIssue({ code: "custom", message: VE.minMax, path: ["maxPerOrder"] });
    if (t.saleStartMode === "at" && !t.saleStartAt)
      ctx.addIssue({ code: "custom", message: VE.saleStartRequired, path: ["saleStartAt"] });
    if (t.saleEndMode === "at" && !t.saleEndAt)
      ctx.addIssue({ code: "custom", message: VE.saleEndRequired, path: ["saleEndAt"] });
    if (t.saleStartMode === "at" && t.saleEndMode === "at" && t.saleStartAt && t.saleEndAt && t.saleEndAt <= t.saleStartAt)
      ctx.addIssue({ code: "custom", message: VE.saleEndBeforeStart, path: ["saleEndAt"] });
    if (t.validityStartTime && t.validityEndTime && t.validityEndTime <= t.validityStartTime)
      ctx.addIssue({ code: "custom", message: VE.validityOrder, path: ["validityEndTime"] });
    const needsCondition = t.visibility !== "always" || t.selectability !== "always";
    if (needsCondition && !t.conditionKey)
      ctx.addIssue({ code: "custom", message: VE.conditionCategory, path: ["conditionKey"] });
    if (t.conditionKey && t.conditionKey === t.key)
      ctx.addIssue({ code: "custom", message: VE.conditionCategory, path: ["conditionKey"] });
  });
export type TTicketCategory = z.input<typeof ZTicketCategory>;

export const ZTicketCategories = z
  .array(ZTicketCategory)
  .max(MAX_TICKET_CATEGORIES, VE.tooMany)
  .superRefine((list, ctx) => {
    const keys = new Set(list.map((t) => t.key));
    if (keys.size !== list.length) ctx.addIssue({ code: "custom", message: VE.duplicateKey, path: [] });
    const ids = list.flatMap((t) => (t.id ? [t.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: VE.duplicateKey, path: [] });
    list.forEach((t, i) => {
      if (t.conditionKey && !keys.has(t.conditionKey))
        ctx.addIssue({ code: "custom", message: VE.conditionCategory, path: [i, "conditionKey"] });
    });
  });

/** A new category as the form starts it: the SPEC defaults (1..20 per order, Boxoffice & Online). */
export function newTicketCategory(key: string): TTicketCategory {
  return {
    key,
    name: "",
    kind: "chargeable",
    area: null,
    seatingCategoryId: null,
    priceCents: 0,
    dailyQuantity: 100,
    seatsPerTicket: 1,
    bookingOptions: [],
    webDescription: null,
    pdfDescription: null,
    saleStartMode: "on_release",
    saleStartAt: null,
    saleEndMode: "event_end",
    saleEndAt: null,
    validityStartTime: null,
    validityEndTime: null,
    visibility: "always",
    selectability: "always",
    conditionKey: null,
    minPerOrder: DEFAULT_MIN_PER_ORDER,
    maxPerOrder: DEFAULT_MAX_PER_ORDER,
    showRemaining: false,
    appliesTo: "boxoffice_online",
  };
}
