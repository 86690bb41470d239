import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messages as de } from "../../shared/i18n/locales/de/messages";
import { messages as en } from "../../shared/i18n/locales/en/messages";

function emptyTranslations(poPath: string): string[] {
  const po = readFileSync(poPath, "utf8");
  const entries = po.split(/\n\n+/).filter((e) => /^msgid "(.+)"$/m.test(e));
  return entries.filter((e) => /^msgstr ""$/m.test(e) && !/^"/m.test(e.split(/^msgstr/m)[1] ?? "")).map((e) => e.match(/^msgid "(.+)"$/m)![1]!);
}

describe("translation catalogs", () => {
  it("German and English compiled catalogs carry the same messages", () => {
    expect(Object.keys(de).length).toBeGreaterThan(100);
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it("every German message is translated", () => {
    expect(emptyTranslations("shared/i18n/locales/de/messages.po")).toEqual([]);
  });

  it("the German catalog has SPEC §8's session-expired sentence", () => {
    expect(readFileSync("shared/i18n/locales/de/messages.po", "utf8")).toContain(
      'msgstr "Die Sitzung ist abgelaufen. Bitte melden Sie sich erneut an."',
    );
  });
});
