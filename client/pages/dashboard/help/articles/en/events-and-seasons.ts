import type { HelpArticle } from "../types";

const article: HelpArticle = {
  slug: "events-and-seasons",
  title: "Events and seasons",
  summary: "Create an event in six steps, publish it, and bundle events into a season with season tickets.",
  keywords: ["event", "season ticket", "season tickets", "wizard", "publish", "draft", "cancel", "dates", "recurring", "concert", "tickets"],
  screen: { href: "/events", label: "My Events" },
  body: [
    {
      kind: "p",
      text: "Under “My Events” you find all your events with their status: Draft, Publish Later, Published, Canceled or Expired. “Create event” opens the event form with six steps. Each step is saved with “Save and continue”; closing the form warns you that unsaved entries will be lost.",
    },
    {
      kind: "ol",
      items: [
        "Event Data: name, category and subcategory, address and the dates. An event lasts one day or several days, can repeat weekly, monthly or yearly, and can get additional dates.",
        "Details: main image (JPEG or PNG up to 10 MB, ideally 2160 × 1080 pixels), up to 10 media images, a YouTube video, description and frequently asked questions.",
        "Stadium Template: choose a seating plan from “Stadiums” so buyers pick seats, or “No seating plan (free admission)”.",
        "Tickets: ticket categories with price, daily quantity, sale period, validity, tickets per order (1 to 20 by default), booking options such as parking, and where the ticket is sold (online and box office, or box office only).",
        "More Options: daily attendee limit, VAT rate, participant information buyers fill in at checkout, and visibility: public, hidden, or visible through an access code.",
        "Publish: publish now, publish later on a publication date, or keep as draft.",
      ],
    },
    {
      kind: "p",
      text: "Publishing needs a verified profile and a plan whose ticket contingent covers the tickets the event can sell. Once an event is on sale its dates can no longer be moved, but you can add dates. The event dashboard (action “Event dashboard” in the list) shows the preview, the dates and ticket categories, and has buttons for the box office, the online shop, blocking seats and “Cancel event”. Cancelling stops sales, cancels all purchased tickets and emails the buyers; it cannot be undone.",
    },
    { kind: "h", text: "Seasons and season tickets" },
    {
      kind: "p",
      text: "Under “Seasons” you bundle several of your events into a season. The season form has the same six steps; in the first step you choose the events in the season. Instead of single tickets you define season tickets, which are valid for every date of the season’s events and are sold until the end of season ticket sales. A season is shown as Later before its first event and as Current while it runs.",
    },
  ],
};

export default article;
