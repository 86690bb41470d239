import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "resellers",
  title: "Wiederverkäufer",
  summary: "Partner verkaufen Ihre Tickets zu eigenen Preisen aus Plätzen und Kontingenten, die Sie ihnen zuteilen.",
  keywords: ["Wiederverkäufer", "Reseller", "Vorverkaufsstelle", "Vorverkauf", "Partner", "Verkaufsstelle", "Zuteilung", "zuteilen", "Kontingent"],
  screen: { href: "/resellers", label: "Wiederverkäufer" },
  body: [
    {
      kind: "p",
      text: "Wiederverkäufer verkaufen Ihre Tickets zu eigenen Preisen, etwa eine Tourist-Information oder ein Geschäft in der Stadt. Sie melden sich mit ihrer E-Mail-Adresse in einem eigenen Bereich an und sehen nur ihre eigenen Veranstaltungen und Verkäufe. Wiederverkäufer verwaltet nur der Kontoinhaber, unter „Wiederverkäufer“ in der Seitenleiste.",
    },
    { kind: "h", text: "Einen Wiederverkäufer anlegen" },
    {
      kind: "ol",
      items: [
        "Klicken Sie auf „Neuer Wiederverkäufer“ und geben Sie Namen (so sehen ihn Käufer und Ihre Bestellliste), Anschrift, Ort, PLZ, Bundesland oder Region, Land, Mobilnummer und E-Mail-Adresse ein.",
        "Vergeben Sie ein Passwort mit mindestens 8 Zeichen und mindestens einem Sonderzeichen und geben Sie es dem Wiederverkäufer selbst.",
        "Fügen Sie unter „Veranstaltungen und Tickets“ die Veranstaltungen hinzu, die er verkaufen darf, und haken Sie die Ticketkategorien an, jeweils mit dem Wiederverkäuferpreis, den Käufer dort bezahlen.",
        "Speichern Sie: Der Wiederverkäufer kann sich sofort anmelden.",
      ],
    },
    { kind: "h", text: "Plätze und Kontingente zuteilen" },
    {
      kind: "p",
      text: "Ein Wiederverkäufer verkauft nur, was Sie ihm zuteilen. Öffnen Sie „Tickets zuteilen“ und einen Termin einer veröffentlichten Veranstaltung. Wählen Sie den Wiederverkäufer, klicken oder ziehen Sie über freie Plätze im Plan oder geben Sie für Stehplätze und Veranstaltungen ohne Sitzplan eine Anzahl ein, und klicken Sie auf „Zuteilen“. Zugeteilte Plätze verlassen sofort den öffentlichen Verkauf; nur dieser Wiederverkäufer kann sie verkaufen.",
    },
    {
      kind: "p",
      text: "Jede Zuteilung hat einen Rückgabezeitpunkt, standardmäßig das Ende des Termins: Dann geht alles Unverkaufte von selbst in den öffentlichen Verkauf zurück. Sie können den Zeitpunkt ändern, einzelne Plätze zurückgeben oder vorher „Alles Unverkaufte zurückgeben“ wählen. Vom Wiederverkäufer verkaufte Tickets bleiben gültig.",
    },
    { kind: "h", text: "Geld und Überblick" },
    {
      kind: "p",
      text: "Das Geld kassiert der Wiederverkäufer; solche Verkäufe laufen daher nicht über Ihre Wallet und tragen keine Online-Servicegebühr. Die Liste zeigt verkaufte Tickets und Umsatz je Wiederverkäufer, der Bericht „Wiederverkäufer“ zeigt, was jeder verkauft hat und Ihnen schuldet. Seine Bestellungen erscheinen auch unter „Bestellungen“ mit dem Kanal Wiederverkäufer. „Deaktivieren“ meldet einen Wiederverkäufer sofort ab und sperrt weitere Verkäufe, bis Sie das Konto wieder aktivieren; „Passwort zurücksetzen“ vergibt ein neues Passwort.",
    },
  ],
};

export default article;
