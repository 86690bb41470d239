import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "events-and-seasons",
  title: "Veranstaltungen und Saisons",
  summary: "Eine Veranstaltung in sechs Schritten anlegen, veröffentlichen und Veranstaltungen zu einer Saison mit Dauerkarten bündeln.",
  keywords: ["Veranstaltung", "Event", "Saison", "Saisonkarten", "Dauerkarte", "Abo", "Abonnement", "veröffentlichen", "Entwurf", "absagen", "Termine", "Serie"],
  screen: { href: "/events", label: "Meine Veranstaltungen" },
  body: [
    {
      kind: "p",
      text: "Unter „Meine Veranstaltungen“ finden Sie alle Veranstaltungen mit ihrem Status: Entwurf, Später veröffentlichen, Veröffentlicht, Abgesagt oder Abgelaufen. „Veranstaltung erstellen“ öffnet das Formular mit sechs Schritten. Jeder Schritt wird mit „Speichern und weiter“ gesichert; wenn Sie das Formular schließen, werden Sie gewarnt, dass ungespeicherte Eingaben verloren gehen.",
    },
    {
      kind: "ol",
      items: [
        "Veranstaltungsdaten: Name, Kategorie und Unterkategorie, Adresse und Termine. Eine Veranstaltung dauert einen oder mehrere Tage, kann sich wöchentlich, monatlich oder jährlich wiederholen und zusätzliche Termine erhalten.",
        "Details: Hauptbild (JPEG oder PNG bis 10 MB, ideal 2160 × 1080 Pixel), bis zu 10 weitere Bilder, ein YouTube-Video, Beschreibung und häufige Fragen.",
        "Stadion-Vorlage: Wählen Sie einen Sitzplan aus „Stadien“, damit Käufer Plätze wählen, oder „Kein Sitzplan (freie Platzwahl)“.",
        "Tickets: Ticketkategorien mit Preis, Anzahl pro Tag, Verkaufszeitraum, Gültigkeit, Tickets pro Bestellung (standardmäßig 1 bis 20), Zusatzoptionen wie Parken und Verkaufsweg (online und Boxoffice oder nur Boxoffice).",
        "Weitere Optionen: Besucherlimit pro Tag, Mehrwertsteuersatz, Teilnehmerangaben beim Kauf und Sichtbarkeit: öffentlich, versteckt oder sichtbar mit Zugangscode.",
        "Veröffentlichen: jetzt veröffentlichen, später zu einem Veröffentlichungsdatum veröffentlichen oder als Entwurf behalten.",
      ],
    },
    {
      kind: "p",
      text: "Zum Veröffentlichen braucht es ein verifiziertes Profil und einen Tarif, dessen Ticketkontingent die verkaufbaren Tickets abdeckt. Sobald eine Veranstaltung im Verkauf ist, lassen sich ihre Termine nicht mehr verschieben, aber Sie können Termine hinzufügen. Das Veranstaltungs-Dashboard (Aktion in der Liste) zeigt Vorschau, Termine und Ticketkategorien und führt zum Boxoffice, zum Onlineshop, zum Sperren von Plätzen und zu „Veranstaltung absagen“. Eine Absage stoppt den Verkauf, storniert alle gekauften Tickets und benachrichtigt die Käufer per E-Mail; sie lässt sich nicht rückgängig machen.",
    },
    { kind: "h", text: "Saisons und Dauerkarten" },
    {
      kind: "p",
      text: "Unter „Saisons“ bündeln Sie mehrere Ihrer Veranstaltungen zu einer Saison. Das Saisonformular hat dieselben sechs Schritte; im ersten wählen Sie die Veranstaltungen der Saison. Statt Einzeltickets legen Sie Dauerkarten (Saisonkarten) an, die für jeden Termin der Veranstaltungen gelten und bis zum Ende des Dauerkartenverkaufs angeboten werden. Vor der ersten Veranstaltung heißt eine Saison „Demnächst“, während sie läuft „Laufend“.",
    },
  ],
};

export default article;
