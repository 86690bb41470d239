import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "wallet",
  title: "Wallet und Auszahlungen",
  summary: "Was Käufer online bezahlt haben, die Gebühren, Ihr Guthaben und Auszahlungen auf Ihr Bankkonto.",
  keywords: ["Wallet", "Guthaben", "Auszahlung", "auszahlen", "Geld", "Gebühren", "Servicegebühr", "Bankkonto", "Bankverbindung", "IBAN", "Überweisung", "Kontostand"],
  screen: { href: "/wallet", label: "Wallet" },
  body: [
    {
      kind: "p",
      text: "Online-Zahlungen gehen auf das Zahlungskonto der Plattform. Die Wallet zeigt Ihren Anteil an den online verkauften Tickets und lässt Sie ihn auf Ihr Bankkonto auszahlen.",
    },
    { kind: "h", text: "Die Zahlen" },
    {
      kind: "ul",
      items: [
        "Guthaben: bezahlte Online-Bestellungen abzüglich Gebühren, Erstattungen, Rückbuchungen und Auszahlungen. „Zur Auszahlung verfügbar“ zieht offene Auszahlungen bereits ab.",
        "Umsatz gesamt: was Käufer online bezahlt haben, abzüglich Erstattungen und Rückbuchungen.",
        "Gebühren gesamt: die darin enthaltenen Service- und Bearbeitungsgebühren.",
        "Insgesamt ausgezahlt und letzte Auszahlung: Ihre angenommenen Auszahlungen.",
      ],
    },
    {
      kind: "p",
      text: "Online-Käufer zahlen pro kostenpflichtigem Ticket eine Service- und Bearbeitungsgebühr zusätzlich zum Ticketpreis. Sie gehört der Plattform und ist nicht Teil Ihres Umsatzes; „So werden Ihre Auszahlungen berechnet“ auf der Wallet-Seite nennt den aktuellen Betrag. Sie erhalten den vollen Preis Ihrer Tickets und Zusatzoptionen, nach Gutscheinen. Kostenlose Tickets tragen keine Gebühr.",
    },
    {
      kind: "p",
      text: "Boxoffice-Verkäufe gehen in Ihre eigene Kasse (bar oder mit Karte vor Ort), und die Boxoffice-Gebühr gehört Ihnen; Verkäufe von Wiederverkäufern kassiert der Wiederverkäufer. Beides läuft nicht über die Wallet.",
    },
    { kind: "h", text: "Eine Auszahlung anfordern" },
    {
      kind: "ol",
      items: [
        "Prüfen Sie, dass Ihre Bankverbindung unter „Mein Konto“ → „Zahlungsdaten“ gespeichert ist (Bank, IBAN, BIC). Nur der Kontoinhaber kann sie ändern.",
        "Klicken Sie auf „Auszahlung anfordern“ und geben Sie den Betrag ein, höchstens Ihr verfügbares Guthaben.",
        "Der Betrag wird sofort vom Guthaben abgezogen und als „Wartet auf Prüfung“ geführt. Hat ein Administrator die Auszahlung angenommen, wird sie per Banküberweisung ausgezahlt; eine abgelehnte Auszahlung geht auf Ihr Guthaben zurück.",
      ],
    },
    {
      kind: "p",
      text: "Die Buchungen listen jeden Eintrag hinter dem Guthaben: bezahlte Bestellungen, Erstattungen, Rückbuchungen und Auszahlungen, jeweils mit ihrer Wirkung auf das Guthaben, filterbar nach Art. Unter „E-Mail-Benachrichtigungen“ können Sie eine E-Mail erhalten, sobald sich der Stand einer Auszahlung ändert. Teammitglieder brauchen das Recht „Zugriff auf die Wallet“.",
    },
  ],
};

export default article;
