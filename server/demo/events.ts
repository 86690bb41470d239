import type { Db } from "../db/client";
import { choosePublication } from "../modules/events/lifecycle";
import { ORGANISER_RIGHTS } from "../modules/events/access";
import { createEvent, saveEventDetails, saveEventOptions, saveEventSeating } from "../modules/events/service";
import { createTemplate } from "../modules/stadiums/service";
import { saveTicketCategories } from "../modules/tickets/service";
import { ZSeatingLayout } from "../../shared/seating/layout";
import { stadiumLayout, theatreLayout } from "./stadiums";
import type { Schedule } from "../../shared/rules/schedule-types";
import { zonedWallTimeToDate } from "../../shared/rules/zoned";
import { newTicketCategory, type TTicketCategory, ZTicketCategories } from "../../shared/schemas/tickets";
import type { BranchKey } from "../../shared/branches";

const TZ = "Europe/Berlin";

/** A local date `days` from now (demo events stay in the future whenever the seed runs). */
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function ticket(key: string, name: string, priceEuros: number, dailyQuantity: number, extra: Partial<TTicketCategory> = {}) {
  return {
    ...newTicketCategory(key),
    name,
    kind: priceEuros === 0 ? ("free" as const) : ("chargeable" as const),
    priceCents: Math.round(priceEuros * 100),
    dailyQuantity,
    ...extra,
  };
}

type DemoEvent = {
  name: string;
  category: BranchKey;
  subcategory: string;
  address: string;
  city: string;
  zip: string;
  schedule: Schedule;
  description: string;
  faq?: { question: string; answer: string }[];
  tickets: ReturnType<typeof ticket>[];
  /** The demo stadium template the event uses; free seating without. */
  seating?: keyof DemoStadiums;
  publish: "now" | "draft";
};

function demoEvents(): DemoEvent[] {
  const once = (days: number, start: string, end: string): Schedule => ({
    timeZone: TZ,
    kind: "one_day",
    startDate: inDays(days),
    repeat: "once",
    times: { mode: "all_days", start, end },
    additionalDates: [],
  });
  return [
    {
      name: "Sommernachtskonzert im Stadtpark",
      category: "events_concerts",
      subcategory: "concert",
      address: "Parkallee 1",
      city: "Musterstadt",
      zip: "12345",
      schedule: once(45, "19:30", "23:00"),
      description: "<p>Ein Abend unter freiem Himmel mit dem <strong>Stadtorchester Musterstadt</strong>: Filmmusik, Klassik und ein Feuerwerk zum Finale.</p>",
      faq: [{ question: "Findet das Konzert bei Regen statt?", answer: "Ja, bei leichtem Regen spielen wir unter dem Pavillon." }],
      tickets: [ticket("standing", "Stehplatz", 29, 800), ticket("vip", "VIP-Lounge", 79, 60, { webDescription: "Inklusive Getränk und Sitzplatz in der Lounge" })],
      publish: "now",
    },
    {
      name: "Die Zauberflöte",
      category: "music_theatre",
      subcategory: "opera",
      address: "Theaterplatz 3",
      city: "Musterstadt",
      zip: "12345",
      schedule: { ...once(20, "19:00", "22:00"), repeat: "weekly", repeatEnd: { kind: "count", count: 6 } },
      description: "<p>Mozarts Singspiel in einer farbenfrohen Neuinszenierung der Stadtbühne.</p>",
      // One ticket per category of the theatre's plan (see theatreLayout), as many as it has places.
      tickets: [
        ticket("kat1", "Kategorie 1 (Parkett vorne)", 58, 102, { seatingCategoryId: "cat1" }),
        ticket("kat2", "Kategorie 2 (Parkett Mitte)", 44, 72, { seatingCategoryId: "cat2" }),
        ticket("kat3", "Kategorie 3 (Parkett hinten, Rang, Stehplätze)", 28, 138, { seatingCategoryId: "cat3" }),
      ],
      seating: "theatre",
      publish: "now",
    },
    {
      name: "Jazz-Brunch am Hafen",
      category: "events_concerts",
      subcategory: "concert",
      address: "Hafenstraße 12",
      city: "Musterstadt",
      zip: "12347",
      schedule: { ...once(10, "11:00", "14:00"), repeat: "weekly", repeatEnd: { kind: "count", count: 8 } },
      description: "<p>Live-Jazz und ein ausgiebiges Frühstück am Hafen, jeden Sonntag.</p>",
      tickets: [ticket("adult", "Erwachsene (inkl. Brunch)", 39, 120), ticket("child", "Kinder unter 12", 0, 30)],
      publish: "now",
    },
    {
      name: "Stadtlauf Musterstadt",
      category: "sports_health",
      subcategory: "running_event",
      address: "Marktplatz",
      city: "Musterstadt",
      zip: "12345",
      schedule: once(60, "09:00", "14:00"),
      description: "<p>5 km, 10 km und Halbmarathon durch die Altstadt. Startunterlagen am Vortag im Rathaus.</p>",
      tickets: [ticket("5k", "5 km", 19, 500), ticket("10k", "10 km", 25, 500), ticket("hm", "Halbmarathon", 35, 400)],
      publish: "now",
    },
    {
      name: "Veranstaltungstechnik-Messe",
      category: "fairs_exhibitions",
      subcategory: "trade_fair",
      address: "Messering 5",
      city: "Musterstadt",
      zip: "12349",
      schedule: {
        timeZone: TZ,
        kind: "multiple_days",
        startDate: inDays(90),
        endDate: inDays(92),
        repeat: "once",
        times: {
          mode: "per_day",
          days: [
            { start: "09:00", end: "18:00" },
            { start: "09:00", end: "18:00" },
            { start: "10:00", end: "16:00" },
          ],
        },
        additionalDates: [],
      },
      description: "<p>Die Fachmesse für Bühnen-, Licht- und Tontechnik: 120 Aussteller, Vorträge und Workshops.</p>",
      tickets: [ticket("day", "Tageskarte", 24, 2000), ticket("trade", "Fachbesucher", 0, 500, { appliesTo: "boxoffice" })],
      publish: "now",
    },
    {
      name: "Lesung: Neue Stimmen",
      category: "events_concerts",
      subcategory: "reading",
      address: "Bibliotheksgasse 2",
      city: "Musterstadt",
      zip: "12345",
      schedule: once(30, "19:00", "21:00"),
      description: "<p>Drei junge Autorinnen lesen aus ihren Debüts.</p>",
      tickets: [ticket("entry", "Eintritt", 12, 80)],
      publish: "draft",
    },
  ];
}

/** Seeds the demo events and one season of the verified organiser, through the services. */
export async function seedDemoEvents(db: Db, organiserId: string): Promise<void> {
  // The templates come first: tickets linked to a seating category are saved after the event's
  // seating, which they are checked against.
  const stadiums = await seedDemoStadiums(db, organiserId);
  const ids: string[] = [];
  for (const e of demoEvents()) {
    const { id } = await createEvent(db, organiserId, {
      type: "REGULAR",
      data: { name: e.name, category: e.category, subcategory: e.subcategory, address: e.address, addressAddition: null, city: e.city, zip: e.zip, country: "DE" },
      schedule: e.schedule,
    });
    await saveEventDetails(db, organiserId, id, { imageId: null, mediaImageIds: [], youtubeUrl: null, descriptionHtml: e.description, faq: e.faq ?? [] }, ORGANISER_RIGHTS);
    await saveEventSeating(
      db,
      organiserId,
      id,
      e.seating ? { seatingMode: "template", templateId: stadiums[e.seating] } : { seatingMode: "free" },
      ORGANISER_RIGHTS,
    );
    await saveTicketCategories(db, organiserId, id, ZTicketCategories.parse(e.tickets));
    await saveEventOptions(db, organiserId, id, { vatPercent: 19, participantFields: [], visibility: "public", dailyAttendeeLimit: null, accessCode: null, dailySeasonTicketLimit: null }, ORGANISER_RIGHTS);
    await choosePublication(db, organiserId, id, { publishOption: e.publish });
    ids.push(id);
  }
  // A season grouping the opera performances and the reading.
  const { id: seasonId } = await createEvent(db, organiserId, {
    type: "SEASONAL",
    data: { name: "Theatersaison 2026/27", category: "music_theatre", subcategory: "opera", address: "Theaterplatz 3", addressAddition: null, city: "Musterstadt", zip: "12345", country: "DE" },
    season: { seasonStart: inDays(20), seasonSaleEnd: zonedWallTimeToDate(`${inDays(19)} 18:00`, TZ), childEventIds: [ids[1]!] },
  });
  // Seated like its performances (issue 24 item 6): the theatre's seasonal plan has the same seats,
  // so a season ticket holds its seat on every date of the season.
  await saveEventSeating(db, organiserId, seasonId, { seatingMode: "template", templateId: stadiums.theatreSeason }, ORGANISER_RIGHTS);
  await saveTicketCategories(
    db,
    organiserId,
    seasonId,
    ZTicketCategories.parse([
      ticket("abo", "Saison-Abo Parkett vorne", 240, 40, { seatingCategoryId: "cat1" }),
      ticket("abo-mitte", "Saison-Abo Parkett Mitte", 180, 30, { seatingCategoryId: "cat2" }),
      ticket("abo-rang", "Saison-Abo Rang", 120, 40, { seatingCategoryId: "cat3" }),
    ]),
  );
  await saveEventOptions(db, organiserId, seasonId, { vatPercent: 7, participantFields: [], visibility: "public", dailyAttendeeLimit: null, accessCode: null, dailySeasonTicketLimit: 150 }, ORGANISER_RIGHTS);
  await choosePublication(db, organiserId, seasonId, { publishOption: "now" });
  await seedDemoMatch(db, organiserId, stadiums.stadium);
}

type DemoStadiums = { theatre: string; theatreSeason: string; stadium: string };

/**
 * The demo stadium templates: a small theatre used by the opera performances, the same theatre as
 * a seasonal plan for the theatre season, and a 20,000-place stadium used by a football match.
 * Returns their ids.
 */
export async function seedDemoStadiums(db: Db, organiserId: string): Promise<DemoStadiums> {
  const theatre = await createTemplate(db, organiserId, {
    name: "Stadtbühne – Großer Saal",
    comment: "Parkett, Rang und Stehplätze",
    type: "daily",
    layout: ZSeatingLayout.parse(theatreLayout()),
  });
  // The same hall for season tickets (a seasonal plan: its seats are held on every date of a season).
  const theatreSeason = await createTemplate(db, organiserId, {
    name: "Stadtbühne – Großer Saal (Saison)",
    comment: "Saisonplan: dieselben Plätze wie der Tagesplan",
    type: "seasonal",
    layout: ZSeatingLayout.parse(theatreLayout()),
  });
  const stadium = await createTemplate(db, organiserId, {
    name: "Stadion Musterstadt",
    comment: "20.000 Plätze, zwei Stehblöcke",
    type: "daily",
    layout: ZSeatingLayout.parse(stadiumLayout()),
  });
  return { theatre: theatre.id, theatreSeason: theatreSeason.id, stadium: stadium.id };
}

/** A football match in the demo stadium, its tickets sold per category of the plan (see stadiumLayout). */
export const DEMO_MATCH = "FC Musterstadt – SV Beispielhausen";

async function seedDemoMatch(db: Db, organiserId: string, stadiumId: string): Promise<void> {
  const { id: matchId } = await createEvent(db, organiserId, {
    type: "REGULAR",
    data: {
      name: DEMO_MATCH,
      category: "sports_health",
      subcategory: "football",
      address: "Stadionring 1",
      addressAddition: null,
      city: "Musterstadt",
      zip: "12350",
      country: "DE",
    },
    schedule: {
      timeZone: TZ,
      kind: "one_day",
      startDate: inDays(25),
      repeat: "once",
      times: { mode: "all_days", start: "15:30", end: "17:30" },
      additionalDates: [],
    },
  });
  await saveEventDetails(db, organiserId, matchId, {
    imageId: null,
    mediaImageIds: [],
    youtubeUrl: null,
    descriptionHtml: "<p>Das Derby am 14. Spieltag. Einlass ab 13:30 Uhr.</p>",
    faq: [],
  }, ORGANISER_RIGHTS);
  await saveEventSeating(db, organiserId, matchId, { seatingMode: "template", templateId: stadiumId }, ORGANISER_RIGHTS);
  await saveTicketCategories(
    db,
    organiserId,
    matchId,
    ZTicketCategories.parse([
      ticket("haupt", "Haupttribüne", 45, 6000, { seatingCategoryId: "cat1" }),
      ticket("gegen", "Gegengerade", 30, 12000, { seatingCategoryId: "cat2" }),
      ticket("steh", "Stehplatz", 15, 2000, { seatingCategoryId: "cat3" }),
    ]),
  );
  await saveEventOptions(db, organiserId, matchId, {
    vatPercent: 7,
    participantFields: [],
    visibility: "public",
    dailyAttendeeLimit: null,
    accessCode: null,
    dailySeasonTicketLimit: null,
  }, ORGANISER_RIGHTS);
  await choosePublication(db, organiserId, matchId, { publishOption: "now" });
}
