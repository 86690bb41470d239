import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "reports",
  title: "Berichte",
  summary: "Verkäufe, Tickets, Check-ins, Gutscheine, Wiederverkäufer, Mehrwertsteuer und Boxoffice-Schichten als Tabelle, Diagramm, PDF und CSV.",
  keywords: ["Bericht", "Berichte", "Statistik", "Auswertung", "Export", "CSV", "PDF", "Umsatz", "Verkaufszahlen", "Buchhaltung", "Steuer", "Mehrwertsteuer"],
  screen: { href: "/reports/sales", label: "Bericht" },
  body: [
    {
      kind: "p",
      text: "„Bericht“ in der Seitenleiste öffnet Ihre Berichte. Jeder Reiter beantwortet eine Frage und zeigt eine Tabelle mit Summen und ein Diagramm; jede Zahl des Diagramms steht auch in der Tabelle.",
    },
    {
      kind: "ul",
      items: [
        "Verkäufe: Bestellungen, Tickets, bezahlte Beträge, Erstattungen, Bruttoumsatz, Service- und Boxoffice-Gebühren und Umsatz, pro Tag, pro Kanal oder pro Zahlungsart.",
        "Tickets: verkaufte und stornierte Tickets, Listenpreis, Rabatte und Umsatz je Veranstaltung und Ticketkategorie.",
        "Check-ins: die Einlässe einer Veranstaltung pro Stunde oder pro Gerät.",
        "Gutscheine: Einlösungen, Rabatte und Umsatz je Gutscheincode.",
        "Wiederverkäufer: was jeder Wiederverkäufer verkauft hat und Ihnen schuldet.",
        "MwSt.: die Beträge je Steuersatz, für Ihre Buchhaltung.",
        "Boxoffice-Schichten: die Schichten mit ihren Summen je Zahlungsart.",
      ],
    },
    { kind: "h", text: "Auswahl" },
    {
      kind: "p",
      text: "Über der Tabelle wählen Sie die Veranstaltung (oder alle; eine Saison umfasst ihre Dauerkarten und ihre Veranstaltungen), den Zeitraum (dieser Monat, letzter Monat, dieses Jahr, letzte 12 Monate oder ein eigener Zeitraum bis 366 Tage) und die Aufschlüsselung. Die Auswahl steht in der Adresse der Seite: Sie können sie als Lesezeichen speichern oder den Link weitergeben. Auf dem Smartphone werden die Reiter zu einer Auswahlliste.",
    },
    { kind: "h", text: "Herunterladen" },
    {
      kind: "p",
      text: "„PDF herunterladen“ und „CSV herunterladen“ speichern den Bericht so, wie Sie ihn sehen. Unter „Exporte“ erzeugt „Alle Ticketzeilen (CSV)“ eine Zeile je Ticket des gewählten Zeitraums und der Veranstaltung, mit Preis, Rabatt, Mehrwertsteuer sowie Name und E-Mail des Käufers. Große Exporte entstehen im Hintergrund; die Datei steht 24 Stunden zum Herunterladen bereit.",
    },
    {
      kind: "p",
      text: "Alle Geldbeträge zählen Bestellungen am Tag der Zahlung und Erstattungen am Tag der Erstattung, nach deutscher Zeit. So stimmen die Berichte mit der Startseite des Dashboards und der Wallet überein. Teammitglieder brauchen das Recht „Zugriff auf Berichte“; der Export aller Ticketzeilen nennt Käufer und braucht zusätzlich „Bestellungen ansehen“.",
    },
  ],
};

export default article;
