import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "check-in",
  title: "Check-in at the door",
  summary: "Give event staff a login, let them scan tickets with a phone, and follow the admissions.",
  keywords: ["check-in", "checkin", "entrance", "door", "scan", "scanner", "qr code", "admission", "event staff", "agent", "offline"],
  screen: { href: "/event-staff", label: "Event Staff" },
  body: [
    {
      kind: "p",
      text: "Tickets are checked at the door by event staff: helpers with their own login who see only the buyers of one event. Every ticket carries a signed QR code and, printed under it, a reference such as K7M2-X9QD-1 that can be typed in.",
    },
    { kind: "h", text: "Setting up event staff" },
    {
      kind: "ol",
      items: [
        "Open “Event Staff” in the sidebar (account owner only) and click “New staff member”.",
        "Enter a name, a user name for the staff login and a password, and choose the event the person checks in for. Give the user name and password to the person yourself.",
        "The staff member opens the event staff login (link at the top of the Event Staff page; also reachable from the normal login dialog) and signs in with the user name.",
      ],
    },
    { kind: "h", text: "At the door" },
    {
      kind: "p",
      text: "The check-in screen shows the event’s dates and how many people are checked in of those expected. Staff tap “Scan with camera” and hold the ticket’s QR code in front of the phone, or type a code, a ticket reference or a buyer’s name and press “Check”. The screen answers in large letters: VALID, ALREADY CHECKED IN, OTHER DATE, OTHER EVENT, NOT PAID, NOT ACTIVATED, CANCELLED or FORGED. A check-in made by mistake can be undone.",
    },
    {
      kind: "p",
      text: "Where the network is poor the device keeps checking offline with the ticket list it downloaded and sends its check-ins as soon as it is online again. Each ticket is admitted only once per date, even with many entrances; if two offline devices let in the same ticket, the screen lists it under “Tickets let in twice while offline”.",
    },
    { kind: "h", text: "Following the admissions" },
    {
      kind: "p",
      text: "The order detail shows every ticket’s last check-in, and “Report” → “Check-ins” shows the admissions of an event per hour and per device. Printed hard tickets from the print area are only valid at the door after they have been activated on the “Activation” page. You can deactivate a staff account or reset its password at any time on the Event Staff page.",
    },
  ],
};

export default article;
