import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { INDUSTRIES } from "../../../../shared/schemas/contact";
import type { RouterOutputs } from "../../../lib/trpc";

export type MessageList = RouterOutputs["admin"]["messages"]["list"];
export type MessageSummary = MessageList["entries"][number];
export type ContactMessage = RouterOutputs["admin"]["messages"]["read"];
export type MessageState = "open" | "handled" | "all";

/** The contact form's industries, named as the form names them. */
export const INDUSTRY_LABELS: Record<(typeof INDUSTRIES)[number], MessageDescriptor> = {
  events: msg`Events & Concerts`,
  music_theatre: msg`Music Theatre`,
  sports_health: msg`Sports & Health`,
  leisure_travel: msg`Leisure & Travel`,
  fairs_exhibitions: msg`Trade Fairs & Exhibitions`,
  other: msg`Other`,
};
