import { z } from "zod";
import { VERIFICATION_STATES } from "../enums";

/**
 * The admins' organisers area (issue 23 item 1): the list, and the changes an admin makes by
 * hand (a plan after an offline payment, a contingent correction). Rules that need the database
 * or give a specific error (an empty reason, an end before the start, a contingent below 0) are
 * the server's; these schemas only shape the input.
 */
export const ORGANISER_ACCOUNT_STATES = ["active", "disabled"] as const;
export type OrganiserAccountState = (typeof ORGANISER_ACCOUNT_STATES)[number];

export const ADMIN_PLAN_KINDS = ["monthly", "yearly", "none"] as const;
export type AdminPlanKind = (typeof ADMIN_PLAN_KINDS)[number];

/** Largest single contingent correction (a sanity bound against a typo with extra zeros). */
export const CONTINGENT_ADJUSTMENT_MAX = 1_000_000;

export const ZAdminOrganiserList = z.strictObject({
  search: z.string().trim().max(200).optional(),
  verification: z.enum(VERIFICATION_STATES).nullish(),
  state: z.enum(ORGANISER_ACCOUNT_STATES).nullish(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(10).max(100).default(25),
});
export type TAdminOrganiserList = z.input<typeof ZAdminOrganiserList>;

export const ZAdminOrganiserId = z.strictObject({ organiserId: z.uuid() });

/**
 * A plan set by hand. `since` and `until` are instants (the client sends the first day's start
 * and the last day's end); a plan of "none" ends the subscription and needs neither.
 */
export const ZAdminSetPlan = z.strictObject({
  organiserId: z.uuid(),
  plan: z.enum(ADMIN_PLAN_KINDS),
  since: z.date().nullish(),
  until: z.date().nullish(),
  reason: z.string().max(1000),
});
export type TAdminSetPlan = z.input<typeof ZAdminSetPlan>;

export const ZAdminAdjustContingent = z.strictObject({
  organiserId: z.uuid(),
  delta: z
    .number()
    .int()
    .min(-CONTINGENT_ADJUSTMENT_MAX)
    .max(CONTINGENT_ADJUSTMENT_MAX)
    .refine((n) => n !== 0),
  reason: z.string().max(1000),
  /** One per attempt on the client: a correction sent twice counts once. */
  idempotencyKey: z.string().min(8).max(100),
});
export type TAdminAdjustContingent = z.input<typeof ZAdminAdjustContingent>;
