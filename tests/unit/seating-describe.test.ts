import { describe, expect, it } from "vitest";
import { blockText, type DescribePhrases, namesItself, sayOnce, seatText } from "../../client/components/SeatingPlan/describe-text";

/** The German phrases of the catalogue (shared/i18n/locales/de), as the hook would give them. */
const de: DescribePhrases = {
  seat: (name, row, seat, named) => (named ? `${name}, Reihe ${row}, Platz ${seat}` : `Block ${name}, Reihe ${row}, Platz ${seat}`),
  seatedBlock: (name, count, named) => `${named ? name : `Block ${name}`}, ${count} ${count === 1 ? "Sitzplatz" : "Sitzplätze"}`,
  standingArea: (name, count) => `Stehplatzbereich ${name}, ${count} Plätze`,
  category: (text, category) => `${text}, Kategorie ${category}`,
  deactivated: (text) => `${text}, deaktiviert`,
  selected: (text) => `${text}, ausgewählt`,
};
const seat = (over: Partial<Parameters<typeof seatText>[1]> = {}) =>
  seatText(de, { blockName: "Parkett", row: 3, seat: 12, category: "Parkett vorne", inactive: false, status: null, selected: false, ...over });

/** Every comma-separated part and every word pair appears once. */
function saysEachThingOnce(text: string) {
  const parts = text.split(", ").map((p) => p.toLowerCase());
  expect(new Set(parts).size).toBe(parts.length);
  const words = text.toLowerCase().split(/[\s,]+/);
  for (let i = 1; i < words.length; i++) expect(words[i], text).not.toBe(words[i - 1]);
}

describe("the plan's descriptions say each thing once", () => {
  it("a category named with its word is not introduced again", () => {
    expect(seat({ category: "Kategorie 1" })).toBe("Block Parkett, Reihe 3, Platz 12, Kategorie 1");
    expect(seat({ category: "Kategorie 1 (Parkett vorne)" })).toBe("Block Parkett, Reihe 3, Platz 12, Kategorie 1 (Parkett vorne)");
    expect(seat({ category: "Category A" })).toBe("Block Parkett, Reihe 3, Platz 12, Category A");
    expect(seat()).toBe("Block Parkett, Reihe 3, Platz 12, Kategorie Parkett vorne");
    saysEachThingOnce(seat({ category: "Kategorie 1" }));
  });

  it("a block named with its word is not introduced again", () => {
    expect(seat({ blockName: "Block A", category: null })).toBe("Block A, Reihe 3, Platz 12");
    expect(seat({ blockName: "Blockhaus", category: null })).toBe("Block Blockhaus, Reihe 3, Platz 12");
    expect(blockText(de, { kind: "seated", name: "Block B", count: 600, category: "Kategorie 2" })).toBe("Block B, 600 Sitzplätze, Kategorie 2");
    expect(blockText(de, { kind: "seated", name: "Nord 1", count: 1, category: "Gegengerade" })).toBe("Block Nord 1, 1 Sitzplatz, Kategorie Gegengerade");
    expect(blockText(de, { kind: "standing", name: "Fanblock West", count: 1000, category: "Kategorie 3" })).toBe("Stehplatzbereich Fanblock West, 1000 Plätze, Kategorie 3");
  });

  it("the status and the selection are said once each", () => {
    expect(seat({ category: "Kategorie 1", status: "reserviert" })).toBe("Block Parkett, Reihe 3, Platz 12, Kategorie 1, reserviert");
    expect(seat({ category: null, status: "verkauft", selected: true })).toBe("Block Parkett, Reihe 3, Platz 12, verkauft, ausgewählt");
    expect(seat({ category: null, inactive: true, status: "verkauft" })).toBe("Block Parkett, Reihe 3, Platz 12, deaktiviert");
    // A page that adds the status again (the box office, print runs) is said once by the plan.
    expect(sayOnce(`${seat({ category: "Kategorie 1", status: "reserviert" })}, reserviert`)).toBe("Block Parkett, Reihe 3, Platz 12, Kategorie 1, reserviert");
    expect(sayOnce("Block A, Reihe 1, Platz 1, Sold, sold")).toBe("Block A, Reihe 1, Platz 1, Sold");
    saysEachThingOnce(sayOnce(`${seat({ status: "reserviert" })}, reserviert`));
  });

  it("names itself: the whole first word, any case", () => {
    expect(namesItself("KATEGORIE 2", ["kategorie"])).toBe(true);
    expect(namesItself("Kategorie-1", ["kategorie"])).toBe(true);
    expect(namesItself("Kategorien", ["kategorie"])).toBe(false);
    expect(namesItself("Parkett Kategorie", ["kategorie"])).toBe(false);
  });
});
