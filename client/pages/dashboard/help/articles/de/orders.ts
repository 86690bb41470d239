import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "orders",
  title: "Bestellungen, Stornierungen und Terminänderungen",
  summary: "Eine Bestellung finden, Tickets, Rechnung und E-Mails ansehen, Tickets stornieren oder auf einen anderen Termin verlegen.",
  keywords: ["Bestellung", "Bestellungen", "Käufer", "Erstattung", "Rückerstattung", "stornieren", "Stornierung", "Storno", "Rechnung", "Gutschrift", "Terminänderung", "umbuchen", "Bestätigung"],
  screen: { href: "/orders", label: "Bestellungen" },
  body: [
    {
      kind: "p",
      text: "„Bestellungen“ listet jede Bestellung Ihrer Veranstaltungen aus allen Kanälen: Onlineshop, Boxoffice und Wiederverkäufer. Suchen Sie nach Bestellnummer, Name oder E-Mail des Käufers oder Ticketcode und grenzen Sie die Liste mit den Filtern ein: Veranstaltung, Veranstaltungstermin, bestellt ab und bis, Status, Zahlungsart und Kanal. „CSV exportieren“ lädt die gefilterte Liste herunter.",
    },
    { kind: "h", text: "Die Bestelldetails" },
    {
      kind: "p",
      text: "Öffnen Sie eine Bestellung, um den Käufer, die Beträge mit Gebühren, Rabatt und Mehrwertsteuer sowie jede Ticketposition mit Platz, Status und letztem Einlass zu sehen. Dort finden Sie auch Rechnung und Gutschriften als PDF, Zahlungen und Erstattungen und die zur Bestellung gesendeten E-Mails. „Bestätigung erneut senden“ schickt dem Käufer die Tickets noch einmal. Eine Bestellung mit „Zahlung in Bearbeitung“ ist noch nicht bezahlt; ihre Tickets erscheinen, sobald die Zahlung eingeht.",
    },
    { kind: "h", text: "Tickets stornieren" },
    {
      kind: "ol",
      items: [
        "Haken Sie die zu stornierenden Tickets an oder wählen Sie „Ganze Bestellung stornieren“.",
        "Klicken Sie auf „Ausgewählte Tickets stornieren“ und lesen Sie, was geschieht: Die Ticketcodes werden ungültig, die Plätze gehen zurück in den Verkauf und der Käufer wird per E-Mail informiert.",
        "Bestätigen Sie. Online-Zahlungen werden dem Käufer automatisch erstattet; bei Boxoffice-Verkäufen nennt der Dialog den Betrag, den Sie an der Kasse zurückzahlen. Für die stornierten Tickets entsteht eine Gutschrift.",
      ],
    },
    { kind: "h", text: "Termin ändern" },
    {
      kind: "p",
      text: "Um Tickets auf einen anderen Termin derselben Veranstaltung zu verlegen, haken Sie sie an und wählen „Termin der ausgewählten Tickets ändern“. Wählen Sie den neuen Termin und bei einem Sitzplan neue Plätze derselben Kategorie. Die Tickets behalten den bezahlten Preis: Es wird nichts berechnet oder erstattet. Der Käufer erhält per E-Mail neue Tickets mit neuen Codes, die alten Codes werden ungültig. Dauerkarten gelten für jeden Termin und lassen sich nicht verlegen.",
    },
    {
      kind: "p",
      text: "Teammitglieder brauchen das Recht „Bestellungen ansehen“ zum Ansehen und „Bestellungen bearbeiten“ zum Stornieren oder Verlegen.",
    },
  ],
};

export default article;
