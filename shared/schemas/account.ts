import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { PERMISSIONS, type PermissionSet } from "../permissions";
import { PLANS } from "../plans";
import { isBic, isIban, isVatId, normaliseBic, normaliseIban, normaliseVatId } from "../rules/bank";
import { NAME_MAX, NAME_MIN, PASSWORD_MAX, USERNAME_MAX, USERNAME_PATTERN, ZEmail, ZNewPassword } from "./auth";
import { V } from "./messages";
import { text } from "./text";

/**
 * The organiser's account area (SPEC §2 profile tabs, §3 Organiser account, Team member): one
 * schema per form, the same on the client (its form) and the server (the procedure's input).
 * Optional text fields take "" for "not given"; the server stores that as null.
 */

const optional = (max: number, options: { multiline?: boolean } = {}) => text(options).trim().max(max, V.maxLength);

/** A person's first or last name, or an organiser name (SPEC §5: at least 3 characters). */
export const ZName = text().trim().min(1, V.required).min(NAME_MIN, V.minLength3).max(NAME_MAX, V.maxLength);

/**
 * An http(s) address, or "" for none; `network` limits it to that network's own domains (a
 * valid address elsewhere gets the network's own message).
 */
function webAddress(network?: { hosts: readonly string[]; message: string }) {
  return optional(300).superRefine((v, ctx) => {
    if (v === "") return;
    const url = URL.canParse(v) ? new URL(v) : null;
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname.includes(".")) {
      ctx.addIssue({ code: "custom", message: V.url });
      return;
    }
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (network && !network.hosts.some((h) => host === h || host.endsWith(`.${h}`))) ctx.addIssue({ code: "custom", message: network.message });
  });
}

/** Profile tab: every organiser field of SPEC §3 that is not about money, and the logo. */
export const ZOrganiserProfile = z.object({
  firstName: ZName,
  lastName: ZName,
  organizerName: ZName,
  phone: optional(40).refine((v) => v === "" || /^\+?[0-9 ()/.-]{5,40}$/.test(v), V.phone),
  vatId: optional(20)
    .refine((v) => v === "" || isVatId(v), V.vatId)
    .transform((v) => (v === "" ? "" : normaliseVatId(v))),
  taxNumber: optional(40),
  country: z.enum(COUNTRY_CODES).nullable(),
  address: optional(200),
  city: optional(100),
  zipCode: optional(20),
  description: optional(5000, { multiline: true }),
  website: webAddress(),
  facebookUrl: webAddress({ hosts: ["facebook.com", "fb.com"], message: V.facebookUrl }),
  instagramUrl: webAddress({ hosts: ["instagram.com"], message: V.instagramUrl }),
  youtubeUrl: webAddress({ hosts: ["youtube.com", "youtu.be"], message: V.youtubeUrl }),
  /** An uploaded image (uploads kind "organiser_logo") or null for none. */
  logoUploadId: z.uuid().nullable(),
});
export type TOrganiserProfile = z.input<typeof ZOrganiserProfile>;

/** Mails the organiser may choose (email notifications tab); each is sent through the outbox. */
export const NOTIFICATION_KINDS = ["newOrder", "dailySummary", "soldOut", "payoutState"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationSettings = Record<NotificationKind, boolean>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  newOrder: true,
  dailySummary: false,
  soldOut: true,
  payoutState: true,
};
export const ZNotificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
);

/** Payment details tab: where payouts go. All empty clears them; an IBAN needs its bank name. */
export const ZPaymentDetails = z
  .object({
    bankName: optional(100),
    accountNumber: optional(42)
      .refine((v) => v === "" || isIban(v), V.iban)
      .transform((v) => (v === "" ? "" : normaliseIban(v))),
    bic: optional(15)
      .refine((v) => v === "" || isBic(v), V.bic)
      .transform((v) => (v === "" ? "" : normaliseBic(v))),
  })
  .refine((v) => v.accountNumber === "" || v.bankName !== "", { message: V.required, path: ["bankName"] })
  .refine((v) => v.accountNumber !== "" || (v.bankName === "" && v.bic === ""), { message: V.required, path: ["accountNumber"] });
export type TPaymentDetails = z.input<typeof ZPaymentDetails>;

const ZCurrentPassword = text().min(1, V.required).max(PASSWORD_MAX, V.maxLength);

/** Login details tab: a new address, confirmed by a link sent to it. */
export const ZChangeEmail = z.object({ newEmail: ZEmail, currentPassword: ZCurrentPassword });
export type TChangeEmail = z.input<typeof ZChangeEmail>;

/** Login details tab: the current password is asked; every other session ends. */
export const ZChangePassword = z
  .object({
    currentPassword: ZCurrentPassword,
    newPassword: ZNewPassword,
    confirmPassword: text().min(1, V.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: V.passwordsMismatch, path: ["confirmPassword"] });
export type TChangePassword = z.input<typeof ZChangePassword>;

/** Disable account tab: confirmed with the password. */
export const ZDisableAccount = z.object({ currentPassword: ZCurrentPassword });
export type TDisableAccount = z.input<typeof ZDisableAccount>;

export const ZPermissionSet = z.object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, z.boolean()])) as Record<keyof PermissionSet, z.ZodBoolean>,
);

/** A team member signs in with an email address or a user name (letters, digits, . _ -). */
export const ZUsername = text()
  .trim()
  .min(NAME_MIN, V.minLength3)
  .max(USERNAME_MAX, V.maxLength)
  .regex(USERNAME_PATTERN, V.username)
  .transform((v) => v.toLowerCase());

/** Team management tab: a new team member with its rights. */
export const ZTeamMemberCreate = z.object({
  firstName: ZName,
  lastName: ZName,
  login: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("email"), email: ZEmail }),
    z.object({ kind: z.literal("username"), username: ZUsername }),
  ]),
  password: ZNewPassword,
  permissions: ZPermissionSet,
});
export type TTeamMemberCreate = z.input<typeof ZTeamMemberCreate>;

export const ZTeamMemberUpdate = z.object({
  id: z.uuid(),
  firstName: ZName,
  lastName: ZName,
  permissions: ZPermissionSet,
});
export type TTeamMemberUpdate = z.input<typeof ZTeamMemberUpdate>;

export const ZTeamMemberStatus = z.object({ id: z.uuid(), active: z.boolean() });

/** Plan management tab: buying a ticket contingent for one period. */
export const PLAN_KEYS = PLANS.map((p) => p.key) as [(typeof PLANS)[number]["key"], ...(typeof PLANS)[number]["key"][]];
export const ZPlanPurchase = z.object({
  planKey: z.enum(PLAN_KEYS),
  period: z.enum(["monthly", "yearly"]),
  /** Made once per click by the client: a retried request returns the same purchase. */
  idempotencyKey: z.uuid(),
});
export type TPlanPurchase = z.input<typeof ZPlanPurchase>;

/** Documents tab (SPEC §9): PDF, Doc/Docx, JPEG/JPG under 5 MB, recognised by their content. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_COUNT = 10;
export const DOCUMENT_MIME_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "image/jpeg",
] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];
/** What the file picker offers; the server decides by the content, never by this. */
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx,.jpg,.jpeg";

/** Admin: verify an organiser in review, or reject it with the reason the organiser reads. */
export const ZVerificationDecision = z.discriminatedUnion("decision", [
  z.object({ organiserId: z.uuid(), decision: z.literal("verify") }),
  z.object({
    organiserId: z.uuid(),
    decision: z.literal("reject"),
    reason: text({ multiline: true }).trim().min(1, V.required).max(1000, V.maxLength),
  }),
]);
export type TVerificationDecision = z.input<typeof ZVerificationDecision>;
