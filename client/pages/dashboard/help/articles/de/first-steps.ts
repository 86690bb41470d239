import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "first-steps",
  title: "Erste Schritte",
  summary: "Vom neuen Konto zur ersten veröffentlichten Veranstaltung: Profil, Dokumente, Tarif, Veranstaltung.",
  keywords: ["Einstieg", "Start", "Anfang", "Verifizierung", "verifizieren", "Tarif", "Kontingent", "Profil", "Rundgang", "Tour"],
  screen: { href: "/profile", label: "Mein Konto" },
  body: [
    {
      kind: "p",
      text: "Willkommen! Nachdem Sie sich registriert und den Aktivierungslink aus der E-Mail geöffnet haben, landen Sie im Dashboard. Veranstaltungen können Sie sofort vorbereiten, speichern aber nur als Entwurf, bis zwei Dinge erledigt sind: Ihr Profil ist verifiziert und Sie haben einen Tarif mit Ticketkontingent. Solange das nicht der Fall ist, zeigt die Startseite des Dashboards den gelben Hinweis „Veranstaltungen können vorerst nur als Entwurf gespeichert werden“.",
    },
    { kind: "h", text: "In vier Schritten zum ersten Verkauf" },
    {
      kind: "ol",
      items: [
        "Vervollständigen Sie Ihr Profil unter „Mein Konto“ → „Profil“: Name des Veranstalters, Anschrift, Kontakt- und Steuerdaten, Beschreibung, Website, soziale Netzwerke und ein Logo. Ihr öffentliches Profil zeigt Namen, Beschreibung, Ort, Land, Links und Logo; Telefon, Anschrift, USt-IdNr. und Steuernummer bleiben privat.",
        "Laden Sie unter „Mein Konto“ → „Dokumente“ Nachweise hoch, etwa eine Gewerbeanmeldung, einen Handelsregisterauszug oder einen Ausweis (PDF, Word oder JPEG, je unter 5 MB). Mit dem Hochladen geht Ihr Profil in die Prüfung. Sobald es verifiziert ist, erhalten Sie eine E-Mail; auch das Dashboard zeigt den Stand.",
        "Kaufen Sie unter „Mein Konto“ → „Tarifverwaltung“ einen Tarif mit „Monatlich kaufen“ oder „Jährlich kaufen“. Der Tarif gibt Ihnen ein Ticketkontingent: Jedes verkaufte Ticket verbraucht eines davon, Tickets stornierter Bestellungen kommen zurück. Die Rechnung finden Sie unter „Rechnungen“.",
        "Legen Sie unter „Meine Veranstaltungen“ mit „Veranstaltung erstellen“ Ihre erste Veranstaltung an und veröffentlichen Sie sie im letzten Schritt.",
      ],
    },
    { kind: "h", text: "Gut zu wissen" },
    {
      kind: "ul",
      items: [
        "Hinterlegen Sie Ihre Bankverbindung früh unter „Mein Konto“ → „Zahlungsdaten“: Auszahlungen aus der Wallet gehen auf dieses Konto.",
        "„Profil-URL kopieren“ und „Profil ansehen“ auf der Startseite des Dashboards führen zu Ihrem öffentlichen Profil, das Ihre veröffentlichten Veranstaltungen zeigt.",
        "Unter „E-Mail-Benachrichtigungen“ wählen Sie, welche E-Mails Sie erhalten, zum Beispiel eine E-Mail zu jeder neuen Bestellung oder eine tägliche Verkaufsübersicht.",
        "Laden Sie Kolleginnen und Kollegen als Teammitglieder mit eigenen Zugangsdaten und Rechten ein (siehe Artikel „Teammitglieder und Rechte“).",
        "Der Rundgang zeigt alle Bereiche der Seitenleiste. Sie können ihn in dieser Hilfe jederzeit erneut starten.",
      ],
    },
  ],
};

export default article;
