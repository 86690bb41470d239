import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "check-in",
  title: "Einlass und Check-in",
  summary: "Einlasspersonal anlegen, Tickets mit dem Smartphone scannen lassen und die Einlässe verfolgen.",
  keywords: ["Einlass", "Check-in", "Einchecken", "Eingang", "Tür", "scannen", "Scanner", "QR-Code", "Einlasskontrolle", "Einlasspersonal", "Ordner", "offline"],
  screen: { href: "/event-staff", label: "Einlasspersonal" },
  body: [
    {
      kind: "p",
      text: "Am Eingang prüft das Einlasspersonal die Tickets: Helferinnen und Helfer mit eigenen Zugangsdaten, die nur die Käufer einer Veranstaltung sehen. Jedes Ticket trägt einen signierten QR-Code und darunter eine Ticketnummer wie K7M2-X9QD-1, die man auch eintippen kann.",
    },
    { kind: "h", text: "Einlasspersonal anlegen" },
    {
      kind: "ol",
      items: [
        "Öffnen Sie „Einlasspersonal“ in der Seitenleiste (nur für den Kontoinhaber) und klicken Sie auf „Neues Einlasspersonal“.",
        "Geben Sie einen Namen, einen Benutzernamen für die Anmeldung und ein Passwort ein und wählen Sie die Veranstaltung, für die die Person den Einlass macht. Benutzername und Passwort geben Sie der Person selbst.",
        "Die Person öffnet die Anmeldung für Einlasspersonal (Link oben auf der Seite „Einlasspersonal“, auch im normalen Anmeldedialog) und meldet sich mit dem Benutzernamen an.",
      ],
    },
    { kind: "h", text: "Am Eingang" },
    {
      kind: "p",
      text: "Der Einlassbildschirm zeigt die Termine der Veranstaltung und wie viele der erwarteten Gäste eingelassen sind. Das Personal tippt auf „Mit Kamera scannen“ und hält den QR-Code des Tickets vor das Smartphone, oder es gibt einen Code, eine Ticketnummer oder den Namen eines Käufers ein und drückt „Prüfen“. Das Ergebnis erscheint in großer Schrift: GÜLTIG, BEREITS EINGELASSEN, ANDERER TERMIN, ANDERE VERANSTALTUNG, NICHT BEZAHLT, NICHT AKTIVIERT, STORNIERT oder GEFÄLSCHT. Ein versehentlicher Einlass lässt sich rückgängig machen.",
    },
    {
      kind: "p",
      text: "Bei schlechtem Netz prüft das Gerät offline mit der heruntergeladenen Ticketliste weiter und sendet seine Einlässe, sobald es wieder online ist. Jedes Ticket wird pro Termin nur einmal eingelassen, auch bei vielen Eingängen; haben zwei Geräte offline dasselbe Ticket eingelassen, steht es unter „Offline doppelt eingelassene Tickets“.",
    },
    { kind: "h", text: "Einlässe verfolgen" },
    {
      kind: "p",
      text: "Die Bestelldetails zeigen für jedes Ticket den letzten Einlass, und „Bericht“ → „Check-ins“ zeigt die Einlässe einer Veranstaltung pro Stunde und pro Gerät. Gedruckte Hardtickets aus dem Druckbereich gelten am Eingang erst, nachdem sie auf der Seite „Aktivierung“ aktiviert wurden. Auf der Seite „Einlasspersonal“ können Sie ein Konto jederzeit deaktivieren oder sein Passwort zurücksetzen.",
    },
  ],
};

export default article;
