/** The articles of the help centre (issue 24 item 7): content per language, not UI strings. */

export const HELP_SLUGS = [
  "first-steps",
  "events-and-seasons",
  "seating-plans",
  "box-office",
  "check-in",
  "vouchers",
  "resellers",
  "orders",
  "reports",
  "wallet",
  "team-rights",
] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

export type HelpLanguage = "de" | "en";

/** A piece of an article's body, rendered as plain text (never as HTML). */
export type HelpBlock =
  | { kind: "h"; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "ol"; items: string[] };

export type HelpArticle = {
  slug: HelpSlug;
  title: string;
  /** One sentence for the list and the search results. */
  summary: string;
  /** Words people search for that the text may not use (synonyms, other names). */
  keywords: string[];
  /** The screen the article describes, under /dashboard (e.g. "/boxoffice"), and its name. */
  screen: { href: string; label: string };
  body: HelpBlock[];
};
