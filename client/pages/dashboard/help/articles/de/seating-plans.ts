import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "seating-plans",
  title: "Sitzpläne (Stadien)",
  summary: "Den Veranstaltungsort einmal als Stadion-Vorlage mit Blöcken, Reihen, Plätzen und Kategorien zeichnen; Veranstaltungen verkaufen daraus.",
  keywords: ["Stadion", "Sitzplan", "Saalplan", "Spielstätte", "Halle", "Block", "Reihe", "Sitzplatz", "Stehplatz", "Kategorie", "Vorlage"],
  screen: { href: "/stadiums", label: "Stadien" },
  body: [
    {
      kind: "p",
      text: "Ein Stadion ist eine Vorlage Ihres Veranstaltungsorts. Sie zeichnen es einmal unter „Stadien“ und verwenden es im dritten Schritt jeder Veranstaltung. Jeder Termin erhält eine eigene Kopie des Plans: Spätere Änderungen an der Vorlage verschieben also nie einen Platz, den schon jemand gekauft hat.",
    },
    { kind: "h", text: "Ein Stadion anlegen" },
    {
      kind: "ol",
      items: [
        "Klicken Sie auf „Stadion erstellen“ und geben Sie Namen, Typ (täglich, saisonal oder täglich auf Basis einer Saisonvorlage) und bei Bedarf einen Kommentar ein.",
        "Fügen Sie im Reiter „Layout“ Blöcke hinzu: mit „Sitzplatzblock hinzufügen“ (Reihen, Plätze pro Reihe, erste Reihen- und Platznummer, Zählrichtung, Ausrichtung kürzerer Reihen) oder mit „Stehplatzbereich hinzufügen“ (eine Anzahl von Plätzen).",
        "Ordnen Sie die Blöcke mit dem Werkzeug „Blöcke verschieben“ an. Mit „Plätze auswählen“ ziehen Sie ein Rechteck über Plätze oder wählen mit Umschalt+Klick eine ganze Reihe, etwa um Plätze zu deaktivieren, die es nicht gibt.",
        "Legen Sie im Reiter „Kategorien“ Kategorien wie „Parkett“ oder „Rang“ an und weisen Sie sie ganzen Blöcken, Reihen oder einzelnen Plätzen zu. Tickets werden je Kategorie verkauft, daher braucht jeder Platz eine.",
        "Klicken Sie auf „Stadion erstellen“ (später „Speichern“). Rückgängig und Wiederholen (Strg+Z, Strg+Umschalt+Z) sowie Zoom helfen beim Zeichnen.",
      ],
    },
    {
      kind: "p",
      text: "Ein Block lässt sich als „Nur im Boxoffice verkauft, nicht im Onlineshop“ markieren. Außerdem können Sie ein Bild des Veranstaltungsorts hochladen (JPG, PNG oder SVG, mindestens 2000 × 2000 Pixel, bis 5 MB), das unter dem Plan erscheint.",
    },
    { kind: "h", text: "Nach dem ersten Verkauf" },
    {
      kind: "p",
      text: "Sobald eine Veranstaltung mit diesem Stadion Plätze verkauft oder reserviert hat, wechselt der Editor in die eingeschränkte Bearbeitung: Sie können weiterhin Blöcke hinzufügen und Namen, Farben und die Kategorien unverkaufter Plätze ändern, bestehende Blöcke behalten aber Lage, Größe und Plätze und lassen sich nicht löschen. In der Liste können Sie ein Stadion duplizieren, aktiv oder inaktiv schalten oder löschen, solange keine Veranstaltung es nutzt. Teammitglieder brauchen das Recht „Saalplan-Vorlage ansehen“ zum Ansehen und „Saalplan-Vorlage bearbeiten“ zum Ändern.",
    },
  ],
};

export default article;
