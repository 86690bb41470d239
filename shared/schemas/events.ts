import { z } from "zod";
import { BRANCH_KEYS, isSubcategoryOf } from "../branches";
import { COUNTRY_CODES } from "../countries";
import { youtubeVideoId } from "../rules/youtube";
import { VE } from "./event-messages";
import { V } from "./messages";
import { text } from "./text";

export const EVENT_STATUSES = ["draft", "scheduled", "published", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** The labels of the dashboard's status filter (SPEC §4), derived from status and dates. */
export const EVENT_LIST_STATUSES = ["draft", "publish_later", "published", "later", "current", "expired", "canceled"] as const;
export type EventListStatus = (typeof EVENT_LIST_STATUSES)[number];
export const PUBLISH_OPTIONS = ["draft", "later", "now"] as const;
export const EVENT_VISIBILITIES = ["public", "hidden", "code"] as const;
export const WIZARD_STEPS = [1, 2, 3, 4, 5, 6] as const;

export const MAX_MEDIA_IMAGES = 10;
export const MAX_FAQ = 30;
export const MAX_PARTICIPANT_FIELDS = 20;
export const DESCRIPTION_MAX = 20_000;

export type FaqEntry = { question: string; answer: string };
export type ParticipantField = { key: string; label: string; required: boolean };

const trimmed = (max: number, options: { multiline?: boolean } = {}) => text(options).trim().max(max, V.maxLength);
const optionalText = (max: number) =>
  trimmed(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();
const optionalPositiveInt = z
  .number(VE.positiveInt)
  .int(VE.positiveInt)
  .min(1, VE.positiveInt)
  .max(10_000_000, VE.positiveInt)
  .nullable()
  .optional();

/** Step 1 of an event: Event Data (the schedule is validated by ZSchedule separately). */
export const ZEventData = z
  .object({
    name: trimmed(200).min(1, V.required).min(3, V.minLength3),
    category: z.enum(BRANCH_KEYS, VE.category),
    subcategory: text().min(1, VE.subcategory),
    address: trimmed(200).min(1, V.required),
    addressAddition: optionalText(200),
    city: trimmed(100).min(1, V.required),
    zip: trimmed(20).min(1, V.required),
    country: z.enum(COUNTRY_CODES, VE.country),
  })
  .refine((v) => isSubcategoryOf(v.category, v.subcategory), { message: VE.subcategory, path: ["subcategory"] });

/** Step 2: Details. Images are ids of uploads the organiser made. */
export const ZEventDetails = z.object({
  imageId: z.uuid().nullable().optional(),
  mediaImageIds: z.array(z.uuid()).max(MAX_MEDIA_IMAGES, VE.tooMany).default([]),
  youtubeUrl: text()
    .trim()
    .max(300, V.maxLength)
    .refine((v) => v === "" || youtubeVideoId(v) !== null, VE.youtube)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  descriptionHtml: text({ multiline: true }).max(DESCRIPTION_MAX, V.maxLength).nullable().optional(),
  faq: z
    .array(z.object({ question: trimmed(300).min(1, V.required), answer: trimmed(3000, { multiline: true }).min(1, V.required) }))
    .max(MAX_FAQ, VE.tooMany)
    .default([]),
});

/** Step 5: More Options. */
export const ZEventOptionsBase = z.object({
    dailyAttendeeLimit: optionalPositiveInt,
    /** VAT in percent with up to two decimals (e.g. 7, 19, 7.7). */
    vatPercent: z
      .number(VE.vat)
      .min(0, VE.vat)
      .max(100, VE.vat)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, VE.vat),
    participantFields: z
      .array(
        z.object({
          key: z.string().regex(/^[a-z0-9_]{1,40}$/),
          label: trimmed(100).min(1, V.required),
          required: z.boolean(),
        }),
      )
      .max(MAX_PARTICIPANT_FIELDS, VE.tooMany)
      .default([])
      .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, VE.duplicateKey),
    visibility: z.enum(EVENT_VISIBILITIES),
    accessCode: text().trim().max(50, V.maxLength).nullable().optional(),
    /** Seasons only. */
    dailySeasonTicketLimit: optionalPositiveInt,
});

/** A code-protected event needs an access code buyers can type. */
export function refineAccessCode(v: { visibility: string; accessCode?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (v.visibility !== "code") return;
  if (!v.accessCode) ctx.addIssue({ code: "custom", message: VE.accessCodeRequired, path: ["accessCode"] });
  else if (!/^[A-Za-z0-9-]{4,50}$/.test(v.accessCode))
    ctx.addIssue({ code: "custom", message: VE.accessCode, path: ["accessCode"] });
}

export const ZEventOptions = ZEventOptionsBase.superRefine(refineAccessCode);

/** Step 6: Publish. */
export const ZPublishChoiceBase = z.object({
  publishOption: z.enum(PUBLISH_OPTIONS),
  publicationDate: z.coerce.date(VE.dateTime).nullable().optional(),
});

/** "Later" needs a publication date in the future. */
export function refinePublicationDate(
  v: { publishOption: string; publicationDate?: Date | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.publishOption !== "later") return;
  if (!v.publicationDate) ctx.addIssue({ code: "custom", message: VE.publicationDateRequired, path: ["publicationDate"] });
  else if (v.publicationDate.getTime() <= Date.now())
    ctx.addIssue({ code: "custom", message: VE.publicationDateFuture, path: ["publicationDate"] });
}

export const ZPublishChoice = ZPublishChoiceBase.superRefine(refinePublicationDate);

/** A local day as pickers write it (`YYYY-MM-DD`). */
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Season specifics of step 1. */
export const ZSeasonData = z.object({
  seasonStart: z.string().regex(LOCAL_DATE, V.required),
  seasonSaleEnd: z.coerce.date(VE.dateTime),
  childEventIds: z.array(z.uuid()).max(500, VE.tooMany).default([]),
});

export const ZEventListInput = z.object({
  type: z.enum(["events", "seasons"]).default("events"),
  status: z.enum(EVENT_LIST_STATUSES).optional(),
  search: text().trim().max(100).optional(),
});
