import { describe, expect, it } from "vitest";
import { HELP_ARTICLES } from "../../client/pages/dashboard/help/articles";
import { HELP_SLUGS } from "../../client/pages/dashboard/help/articles/types";
import { findHelpArticle, foldText, searchHelp } from "../../client/pages/dashboard/help/search";

const first = (query: string, language: "de" | "en") => searchHelp(query, language)[0]?.slug;
const slugs = (query: string, language: "de" | "en") => searchHelp(query, language).map((h) => h.slug);

describe("help search", () => {
  it("finds the vouchers article by a German word in German and an English word in English", () => {
    expect(first("Gutschein", "de")).toBe("vouchers");
    expect(first("voucher", "en")).toBe("vouchers");
    // Shown in the UI's language.
    expect(searchHelp("Gutschein", "de")[0]!.article.title).toBe("Gutscheine und Rabattcodes");
    expect(searchHelp("voucher", "en")[0]!.article.title).toBe("Vouchers and discount codes");
  });

  it("finds the box office by „Kasse“ and by “box office”", () => {
    expect(first("Kasse", "de")).toBe("box-office");
    expect(first("box office", "en")).toBe("box-office");
    expect(first("Box Office", "de")).toBe("box-office");
  });

  it("falls back to the other language, showing the article in the UI's language", () => {
    // The German vouchers article never says "voucher".
    expect(HELP_ARTICLES.de.find((a) => a.slug === "vouchers")!.body.some((b) => JSON.stringify(b).toLowerCase().includes("voucher"))).toBe(false);
    const hit = searchHelp("voucher", "de")[0]!;
    expect(hit.slug).toBe("vouchers");
    expect(hit.article.title).toBe("Gutscheine und Rabattcodes");
    expect(first("Gutschein", "en")).toBe("vouchers");
    expect(searchHelp("Gutschein", "en")[0]!.article.title).toBe("Vouchers and discount codes");
  });

  it("finds nothing for nonsense or an empty query", () => {
    expect(searchHelp("xqzvwplk", "de")).toEqual([]);
    expect(searchHelp("xqzvwplk", "en")).toEqual([]);
    expect(searchHelp("   ", "de")).toEqual([]);
    expect(searchHelp("Gutschein xqzvwplk", "de")).toEqual([]);
  });

  it("ignores case, accents and umlauts", () => {
    expect(first("Saisonkarten", "de")).toBe("events-and-seasons");
    expect(first("saison", "de")).toBe("events-and-seasons");
    expect(first("SAISONKARTEN", "de")).toBe("events-and-seasons");
    expect(slugs("wiederverkaufer", "de")[0]).toBe("resellers");
    expect(slugs("Wiederverkäufer", "de")[0]).toBe("resellers");
    expect(slugs("wiederverkaeufer", "de")[0]).toBe("resellers");
    expect(slugs("rückbuchung", "de")).toEqual(slugs("ruckbuchung", "de"));
    expect(slugs("Rückbuchung", "de")).toContain("wallet");
    expect(slugs("Gebühr", "de")).toEqual(slugs("GEBUHR", "de"));
    expect(foldText("Straße Gebühr Café")).toBe(foldText("STRASSE gebuehr cafe"));
  });

  it("needs every word and ranks title matches first", () => {
    expect(first("Einlass scannen", "de")).toBe("check-in");
    expect(first("scan ticket", "en")).toBe("check-in");
    expect(first("team rights", "en")).toBe("team-rights");
    expect(first("withdrawal", "en")).toBe("wallet");
    expect(first("Auszahlung", "de")).toBe("wallet");
    expect(first("Sitzplan", "de")).toBe("seating-plans");
    expect(first("stornieren", "de")).toBe("orders");
  });

  it("has every article in both languages, each linking to a dashboard screen", () => {
    for (const language of ["de", "en"] as const) {
      expect(HELP_ARTICLES[language].map((a) => a.slug)).toEqual([...HELP_SLUGS]);
      for (const article of HELP_ARTICLES[language]) {
        expect(article.screen.href).toMatch(/^\/[a-z]/);
        const words = [article.summary, ...article.body.map((b) => ("text" in b ? b.text : b.items.join(" ")))].join(" ").split(/\s+/).length;
        expect(words, `${language}/${article.slug}`).toBeGreaterThanOrEqual(150);
        expect(words, `${language}/${article.slug}`).toBeLessThanOrEqual(420);
      }
    }
    expect(HELP_ARTICLES.de.map((a) => a.screen.href)).toEqual(HELP_ARTICLES.en.map((a) => a.screen.href));
    expect(findHelpArticle("box-office", "de")?.title).toBe("Boxoffice (Abendkasse)");
    expect(findHelpArticle("nope", "en")).toBeUndefined();
  });
});
