import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "vouchers",
  title: "Gutscheine und Rabattcodes",
  summary: "Gutscheincodes über einen festen Betrag oder einen Prozentsatz anlegen, einzeln oder in großer Zahl.",
  keywords: ["Gutschein", "Gutscheine", "Rabatt", "Rabattcode", "Gutscheincode", "Aktionscode", "Ermäßigung", "Preisnachlass", "Code", "Coupon"],
  screen: { href: "/vouchers", label: "Rabatt" },
  body: [
    {
      kind: "p",
      text: "Gutscheine ziehen einen festen Betrag oder einen Prozentsatz von den Tickets einer Veranstaltung oder Saison ab. Käufer geben den Code an der Kasse im Onlineshop ein, das Boxoffice ebenso. Sie verwalten Gutscheine unter „Rabatt“ in der Seitenleiste.",
    },
    { kind: "h", text: "Einen Gutschein anlegen" },
    {
      kind: "ol",
      items: [
        "Klicken Sie auf „Neuer Gutschein“ und wählen Sie die Veranstaltung oder Saison. Der Gutschein einer Saison gilt auch für die Tickets ihrer Veranstaltungen.",
        "Geben Sie einen Code ein (3 bis 64 Buchstaben, Ziffern, Bindestriche oder Unterstriche; Groß- und Kleinschreibung spielt keine Rolle) oder lassen Sie mit „Code vorschlagen“ einen erzeugen.",
        "Wählen Sie die Art des Rabatts, fester Betrag oder Prozentsatz, und den Wert.",
        "Wählen Sie die Ticketkategorien, für die der Rabatt gilt (mindestens eine). Auf Wunsch beschränken Sie ihn auf Blöcke oder einzelne Plätze des Sitzplans.",
        "Legen Sie Mindest- und Höchstbestellwert, die Zahl der Einlösungen (unbegrenzt oder begrenzt) und den Gültigkeitszeitraum fest; vorgeschlagen werden zehn Tage ab Beginn.",
        "Klicken Sie auf „Gutschein erstellen“.",
      ],
    },
    {
      kind: "p",
      text: "Für viele Einmalcodes nutzen Sie „Codes in großer Zahl erstellen“: Jeder Code erhält dieselben Bedingungen und nach Ihrem Präfix einen zufälligen Teil aus acht Zeichen. Alle Codes entstehen gemeinsam, und Sie können sie als CSV-Datei herunterladen.",
    },
    { kind: "h", text: "In der Liste" },
    {
      kind: "p",
      text: "Die Liste zeigt jeden Gutschein mit Wert, Gültigkeit, Zahl der Einlösungen und Zustand: aktiv, inaktiv, noch nicht gültig, abgelaufen, eingelöst oder Limit erreicht. Filtern Sie nach Veranstaltung, Zustand oder Code, öffnen Sie einen Gutschein zum Ändern oder schalten Sie ihn inaktiv, um ihn sofort zu stoppen. Rabatte mindern nie die Servicegebühr, und ein vollständig rabattiertes Ticket trägt keine Gebühr. Der Bericht „Gutscheine“ zeigt Einlösungen, Rabatte und Umsatz je Code. Teammitglieder brauchen die Rechte „Gutschein erstellen“ oder „Gutschein bearbeiten“.",
    },
  ],
};

export default article;
