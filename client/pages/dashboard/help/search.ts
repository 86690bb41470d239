import { HELP_ARTICLES } from "./articles";
import type { HelpArticle, HelpLanguage, HelpSlug } from "./articles/types";

/**
 * Folds text for matching: case, accents and umlauts do not matter ("Gebühr", "gebuhr" and
 * "GEBUEHR" are one word), nor does ß against ss.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ae/g, "a")
    .replace(/oe/g, "o")
    .replace(/ue/g, "u");
}

/** The query's words, folded; one-letter words say nothing and are dropped. */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
}

type Indexed = { article: HelpArticle; title: string; keywords: string; summary: string; body: string };

const indexCache = new Map<HelpLanguage, Indexed[]>();

function indexOf(language: HelpLanguage): Indexed[] {
  let index = indexCache.get(language);
  if (!index) {
    index = HELP_ARTICLES[language].map((article) => ({
      article,
      title: foldText(article.title),
      keywords: foldText(article.keywords.join(" ")),
      summary: foldText(article.summary),
      body: foldText(
        article.body.map((b) => (b.kind === "h" || b.kind === "p" ? b.text : b.items.join(" "))).join(" "),
      ),
    }));
    indexCache.set(language, index);
  }
  return index;
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < 5; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Every word must occur (anywhere in a word: "gutschein" finds "Gutscheincode"); the title counts most. */
function scoreOf(entry: Indexed, words: string[], phrase: string): number {
  let score = 0;
  for (const word of words) {
    const inTitle = entry.title.includes(word);
    const inKeywords = entry.keywords.includes(word);
    const inBody = occurrences(entry.summary, word) + occurrences(entry.body, word);
    if (!inTitle && !inKeywords && inBody === 0) return 0;
    score += (inTitle ? 10 : 0) + (inKeywords ? 6 : 0) + Math.min(inBody, 5);
  }
  if (words.length > 1 && (entry.title.includes(phrase) || entry.keywords.includes(phrase))) score += 10;
  return score;
}

export type HelpHit = { slug: HelpSlug; score: number; article: HelpArticle };

/**
 * The articles of `language` matching every word of `query`, best first. Articles found only in
 * the other language come after them (an English word in the German UI still finds its
 * article), shown in `language`. An empty query lists nothing.
 */
export function searchHelp(query: string, language: HelpLanguage): HelpHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const phrase = words.join(" ");
  const other: HelpLanguage = language === "de" ? "en" : "de";
  const scores = new Map<HelpSlug, number>();
  for (const entry of indexOf(language)) {
    const score = scoreOf(entry, words, phrase);
    if (score > 0) scores.set(entry.article.slug, score * 2);
  }
  for (const entry of indexOf(other)) {
    const score = scoreOf(entry, words, phrase);
    if (score > 0 && !scores.has(entry.article.slug)) scores.set(entry.article.slug, score);
  }
  const bySlug = new Map(HELP_ARTICLES[language].map((a) => [a.slug, a]));
  return [...scores]
    .map(([slug, score]) => ({ slug, score, article: bySlug.get(slug)! }))
    .filter((hit) => hit.article !== undefined)
    .sort((a, b) => b.score - a.score || HELP_ORDER.indexOf(a.slug) - HELP_ORDER.indexOf(b.slug));
}

const HELP_ORDER: HelpSlug[] = HELP_ARTICLES.en.map((a) => a.slug);

/** One article in `language`, or undefined for an unknown slug. */
export function findHelpArticle(slug: string, language: HelpLanguage): HelpArticle | undefined {
  return HELP_ARTICLES[language].find((a) => a.slug === slug);
}
