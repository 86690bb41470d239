import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "box-office",
  title: "Boxoffice (Abendkasse)",
  summary: "Tickets an der Kasse verkaufen: Schicht öffnen, Plätze wählen, kassieren, drucken und mit dem Z-Bericht abschließen.",
  keywords: ["Boxoffice", "Box office", "Kasse", "Abendkasse", "Tageskasse", "Vorverkaufskasse", "Kassierer", "Schicht", "Z-Bericht", "Verkauf vor Ort"],
  screen: { href: "/boxoffice", label: "Boxoffice" },
  body: [
    {
      kind: "p",
      text: "Im Boxoffice verkaufen Sie Tickets vor Ort an der Kasse. Es nutzt denselben Live-Sitzplan wie der Onlineshop: Ein an der Kasse verkaufter Platz ist online nicht mehr zu haben und umgekehrt. Sie öffnen es über die Seitenleiste („Boxoffice“), über die Startseite des Dashboards oder über das Veranstaltungs-Dashboard.",
    },
    { kind: "h", text: "Verkaufen" },
    {
      kind: "ol",
      items: [
        "Wählen Sie den Termin und klicken Sie auf „Kasse öffnen“.",
        "Öffnen Sie eine Schicht: Zählen Sie das Bargeld in der Kasse und tragen Sie es als Anfangsbestand ein. Jeder Verkauf und jede Erstattung an dieser Kasse wird in Ihrer Schicht erfasst.",
        "Klicken Sie Plätze im Plan an oder wählen Sie eine Kategorie und drücken Sie B, um die Anzahl hinzuzufügen; „Beste verfügbare Plätze“ wählt die besten freien Plätze. Auch ein Gutscheincode kann eingegeben werden.",
        "Wählen Sie die Zahlungsart (Bar, Karte, PayPal, Kostenlos oder Sonstiges). Bei Barzahlung tragen Sie den gegebenen Betrag ein, die Kasse zeigt das Rückgeld.",
        "Fügen Sie bei Bedarf Käuferdaten hinzu: Mit einer E-Mail-Adresse gehen die Tickets auch per E-Mail hinaus. Klicken Sie auf „Verkauf abschließen“ und drucken Sie die Tickets.",
      ],
    },
    {
      kind: "p",
      text: "Unter „Tastenkürzel“ finden Sie die Tasten für schnelles Verkaufen. Bricht beim Senden eines Verkaufs die Verbindung ab, ist „Verkauf erneut senden“ sicher: Derselbe Verkauf wird nie doppelt gebucht. „Verkauf stornieren“ zahlt das Geld in der verwendeten Zahlungsart zurück und gibt die Plätze wieder frei.",
    },
    { kind: "h", text: "Schicht abschließen" },
    {
      kind: "p",
      text: "„Meine Schicht“ zeigt Verkäufe und Erstattungen Ihrer Schicht mit einem Zwischenbericht (PDF). Zählen Sie am Ende das Bargeld, tragen Sie es ein und klicken Sie auf „Schicht schließen und Z-Bericht erstellen“: Der Bericht zeigt die Summen je Zahlungsart und die Differenz zwischen erwartetem und gezähltem Bargeld. Frühere Schichten und ihre Berichte bleiben auf der Boxoffice-Seite und in den Berichten unter „Boxoffice-Schichten“ abrufbar.",
    },
    { kind: "h", text: "Einstellungen und Rechte" },
    {
      kind: "p",
      text: "In den Boxoffice-Einstellungen legen Sie eine Boxoffice-Gebühr pro Ticket fest, die jedem kostenpflichtigen Ticket an der Kasse aufgeschlagen wird und Ihnen gehört, sowie das Druckformat der Tickets: A4, DIN lang oder Kassenbon 80 mm. Kassenverkäufe tragen keine Online-Servicegebühr und laufen nicht über die Wallet. Ticketkategorien und Blöcke lassen sich auf das Boxoffice beschränken. Teammitglieder brauchen das Recht „Abendkasse anzeigen“ zum Verkaufen und „Abendkasse bearbeiten“ für die Einstellungen.",
    },
  ],
};

export default article;
