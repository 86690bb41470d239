import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "team-rights",
  title: "Teammitglieder und Rechte",
  summary: "Kolleginnen und Kollegen eigene Zugangsdaten geben und Recht für Recht festlegen, welche Bereiche sie nutzen dürfen.",
  keywords: ["Team", "Teammitglied", "Mitarbeiter", "Kollege", "Benutzer", "Rechte", "Berechtigungen", "Rollen", "Zugriff", "Zugang"],
  screen: { href: "/profile/team", label: "Teamverwaltung" },
  body: [
    {
      kind: "p",
      text: "Teammitglieder arbeiten mit eigenen Zugangsdaten in Ihrem Veranstalterkonto. Sie sehen nur die Bereiche, die ihre Rechte erlauben: Die Seitenleiste eines Teammitglieds zeigt nur, was es öffnen darf. Teammitglieder verwaltet der Kontoinhaber unter „Mein Konto“ → „Teamverwaltung“.",
    },
    { kind: "h", text: "Ein Teammitglied anlegen" },
    {
      kind: "ol",
      items: [
        "Klicken Sie auf „Neues Teammitglied“ und geben Sie Vor- und Nachnamen ein.",
        "Wählen Sie, ob sich die Person mit E-Mail-Adresse oder Benutzernamen anmeldet, und vergeben Sie ein Passwort (mindestens 8 Zeichen mit Groß- und Kleinbuchstaben, einer Ziffer und einem Sonderzeichen). Geben Sie es dem Teammitglied selbst.",
        "Haken Sie die Rechte an, oder „Alle Rechte“, und klicken Sie auf „Teammitglied anlegen“.",
      ],
    },
    { kind: "h", text: "Die Rechte" },
    {
      kind: "ul",
      items: [
        "Veranstaltung erstellen, Veranstaltung bearbeiten: die Formulare für Veranstaltungen und Saisons.",
        "Tickets erstellen, Tickets bearbeiten: Ticketkategorien und „Meine Tickets“.",
        "Bestellungen ansehen, Bestellungen bearbeiten: die Bestellliste, Stornierungen und Terminänderungen.",
        "Haupt-Dashboard ansehen: die Zahlen auf der Startseite des Dashboards.",
        "Gutschein erstellen, Gutschein bearbeiten: der Bereich „Rabatt“.",
        "Zugriff auf Berichte, auf den Druckbereich und auf die Wallet: diese Bereiche.",
        "Zugriff auf das Veranstalterprofil: Profil, Benachrichtigungen, Rechnungen, Tarif und Dokumente.",
        "Saalplan-Vorlage ansehen, Saalplan-Vorlage bearbeiten: die Sitzpläne.",
        "Abendkasse anzeigen, Abendkasse bearbeiten: Verkauf an der Kasse und ihre Einstellungen.",
      ],
    },
    {
      kind: "p",
      text: "Geänderte Rechte gelten ab der nächsten Aktion des Teammitglieds. Einiges bleibt unabhängig von den Rechten beim Kontoinhaber: Zahlungsdaten, Teamverwaltung, Wiederverkäufer, Einlasspersonal und das Deaktivieren des Kontos. Das eigene Passwort und die eigene E-Mail-Adresse kann jedes Teammitglied unter „Anmeldedaten“ ändern.",
    },
    {
      kind: "p",
      text: "Der Schalter in der Liste aktiviert oder deaktiviert ein Teammitglied: Ein deaktiviertes Mitglied wird abgemeldet und kann sich erst wieder anmelden, wenn Sie es aktivieren. Einlasspersonal und Wiederverkäufer sind eigene Konten mit eigenen Bereichen; siehe die Artikel „Einlass und Check-in“ und „Wiederverkäufer“.",
    },
  ],
};

export default article;
