import { z } from "zod";
import { EMAIL_MAX, NAME_MAX } from "./auth";
import { V } from "./messages";
import { text } from "./text";

export const INDUSTRIES = ["events", "music_theatre", "sports_health", "leisure_travel", "fairs_exhibitions", "other"] as const;
export const MESSAGE_MAX = 5000;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, V.maxLength)
    .transform((v) => (v === "" ? undefined : v))
    .optional();

export const ZContactInput = z.object({
  firstName: text().trim().min(1, V.required).max(NAME_MAX, V.maxLength),
  lastName: text().trim().min(1, V.required).max(NAME_MAX, V.maxLength),
  phone: optionalText(40),
  email: text().trim().min(1, V.required).max(EMAIL_MAX, V.maxLength).pipe(z.email(V.email)),
  industry: z.enum(INDUSTRIES).optional(),
  websiteUrl: text()
    .trim()
    .max(300, V.maxLength)
    .refine((v) => v === "" || /^https?:\/\/\S+\.\S+/.test(v), V.url)
    .transform((v) => (v === "" ? undefined : v))
    .optional(),
  ticketsPerYear: z.number().int(V.number).min(0, V.number).max(100_000_000, V.number).optional(),
  referralSource: optionalText(200),
  message: text({ multiline: true }).trim().min(1, V.required).max(MESSAGE_MAX, V.maxLength),
});
export type TContactInput = z.input<typeof ZContactInput>;
