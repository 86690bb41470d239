/**
 * The plan's spoken and hovered descriptions (./describe.ts supplies the translated phrases),
 * composed so that each thing is said once: organisers name categories "Kategorie 1" and blocks
 * "Block A", in either of the product's languages, whatever language the buyer reads; and a
 * page's own addition to a seat's text may repeat the status the plan already said.
 */

/** The word that introduces a category, in the product's languages (lower case). */
export const CATEGORY_WORDS = ["category", "kategorie"] as const;
/** The word that introduces a block, in the product's languages (lower case). */
export const BLOCK_WORDS = ["block"] as const;

/** Whether `name` begins with one of `words` as a whole word, in any case ("Kategorie 1", not "Blockhaus"). */
export function namesItself(name: string, words: readonly string[]): boolean {
  const first = name.trim().split(/[\s\-–,.:;()]+/u, 1)[0]?.toLocaleLowerCase() ?? "";
  return words.includes(first);
}

/**
 * Drops comma-separated parts said before in the same text (same words, any case):
 * "…, reserved, reserved" → "…, reserved".
 */
export function sayOnce(text: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const part of text.split(", ")) {
    const key = part.trim().toLocaleLowerCase();
    if (key !== "" && seen.has(key)) continue;
    seen.add(key);
    parts.push(part);
  }
  return parts.join(", ");
}

/** The translated phrases a description is made of (English: "Block {name}, row {row}, seat {seat}"). */
export type DescribePhrases = {
  /** "Block {name}, row {row}, seat {seat}" and, for a block named "Block …", "{name}, row {row}, seat {seat}". */
  seat: (name: string, row: string | number, seat: string | number, namesItself: boolean) => string;
  /** "Block {name}, {count} seats" and, for a block named "Block …", "{name}, {count} seats". */
  seatedBlock: (name: string, count: number, namesItself: boolean) => string;
  /** "Standing area {name}, {count} places". */
  standingArea: (name: string, count: number) => string;
  /** "{text}, category {category}". */
  category: (text: string, category: string) => string;
  /** "{text}, deactivated". */
  deactivated: (text: string) => string;
  /** "{text}, selected". */
  selected: (text: string) => string;
};

/** A category said once: "Parkett" with its word, "Kategorie 1" as it is. */
function withCategory(phrases: DescribePhrases, text: string, category: string | null): string {
  if (!category) return text;
  return namesItself(category, CATEGORY_WORDS) ? `${text}, ${category}` : phrases.category(text, category);
}

/** "Block Nord 1, 600 seats, category Gegengerade" or "Standing area Fanblock West, 1000 places, …". */
export function blockText(
  phrases: DescribePhrases,
  block: { kind: "seated" | "standing"; name: string; count: number; category: string | null },
): string {
  const base =
    block.kind === "standing" ? phrases.standingArea(block.name, block.count) : phrases.seatedBlock(block.name, block.count, namesItself(block.name, BLOCK_WORDS));
  return withCategory(phrases, base, block.category);
}

/** "Block Nord 1, row 3, seat 12, category Gegengerade, reserved, selected". */
export function seatText(
  phrases: DescribePhrases,
  seat: { blockName: string; row: string | number; seat: string | number; category: string | null; inactive: boolean; status: string | null; selected: boolean },
): string {
  let text = phrases.seat(seat.blockName, seat.row, seat.seat, namesItself(seat.blockName, BLOCK_WORDS));
  text = withCategory(phrases, text, seat.category);
  if (seat.inactive) text = phrases.deactivated(text);
  else if (seat.status) text = `${text}, ${seat.status}`;
  if (seat.selected) text = phrases.selected(text);
  return sayOnce(text);
}
