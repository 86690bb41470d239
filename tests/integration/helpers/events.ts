import { deflateSync } from "node:zlib";
import { asc, eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { Db } from "../../../server/db/client";
import { eventDates, events, organisers, ticketCategories } from "../../../server/db/schema";
import { createSession, SESSION_COOKIE } from "../../../server/modules/auth/session";
import type { TSchedule } from "../../../shared/schemas/schedule";
import { newTicketCategory, type TTicketCategory } from "../../../shared/schemas/tickets";
import type { TestApp, TestClient } from "./app";
import { createOrganiserWithOwner, createUser, type CreateUserOptions, setContingent } from "./factories";
import type { Attempt, RouterInput } from "./trpc";

export type EventRow = typeof events.$inferSelect;
export type EventDateRow = typeof eventDates.$inferSelect;
export type TicketCategoryRow = typeof ticketCategories.$inferSelect;
export type OrganiserUpdate = Partial<typeof organisers.$inferInsert>;

const DAY_MS = 24 * 3600_000;

/** The local calendar day `days` from today in `timeZone` ("YYYY-MM-DD"). */
export function localDateInDays(days: number, timeZone = "Europe/Berlin"): string {
  return Temporal.Now.plainDateISO(timeZone).add({ days }).toString();
}

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

// ---------------------------------------------------------------- inputs of the form steps

type Step1 = RouterInput["events"]["create"];
type EventData = Step1["data"];

/** Overrides may be invalid on purpose (validation tests), hence the cast to the input type. */
export function validEventData(overrides: Record<string, unknown> = {}): EventData {
  return {
    name: "Summer Concert",
    category: "events_concerts",
    subcategory: "concert",
    address: "Hauptstraße 1",
    addressAddition: null,
    city: "Berlin",
    zip: "10115",
    country: "DE",
    ...overrides,
  } as EventData;
}

/** A one-day, one-time schedule (19:00–22:00 Berlin by default). */
export function oneDaySchedule(date: string = localDateInDays(30), overrides: Partial<TSchedule> = {}): TSchedule {
  return {
    timeZone: "Europe/Berlin",
    kind: "one_day",
    startDate: date,
    repeat: "once",
    times: { mode: "all_days", start: "19:00", end: "22:00" },
    additionalDates: [],
    ...overrides,
  };
}

/** Step 1 of a regular event, valid as it stands. */
export function validEventStep1(
  options: { name?: string; date?: string; schedule?: TSchedule; data?: Record<string, unknown> } = {},
): Extract<Step1, { type: "REGULAR" }> {
  return {
    type: "REGULAR" as const,
    data: validEventData({ ...(options.name ? { name: options.name } : {}), ...options.data }),
    schedule: options.schedule ?? oneDaySchedule(options.date),
  };
}

/** Step 1 of a season containing `childEventIds`. */
export function validSeasonStep1(
  childEventIds: string[],
  options: { name?: string; data?: Record<string, unknown> } = {},
): Extract<Step1, { type: "SEASONAL" }> {
  return {
    type: "SEASONAL" as const,
    data: validEventData({ name: options.name ?? "Season 2030", ...options.data }),
    season: { seasonStart: localDateInDays(10), seasonSaleEnd: daysFromNow(200), childEventIds },
  };
}

/** A valid chargeable category (15.00 EUR, 100 a day) built on the form's defaults. */
export function ticketCategory(key: string, overrides: Partial<TTicketCategory> = {}): TTicketCategory {
  return { ...newTicketCategory(key), name: `Ticket ${key}`, priceCents: 1500, ...overrides };
}

// ---------------------------------------------------------------- accounts and sessions

/** Marks an organiser as verified with an active yearly plan and a contingent. */
export async function makePublishable(db: Db, organiserId: string, overrides: OrganiserUpdate = {}): Promise<void> {
  const { ticketContingent = 100_000, ...rest } = overrides;
  await db
    .update(organisers)
    .set({ verificationState: "verified", plan: "yearly", planSince: daysFromNow(-1), planUntil: daysFromNow(365), ...rest })
    .where(eq(organisers.id, organiserId));
  // Through the ledger, as the product gives contingent (inventory:check stays clean).
  await setContingent(db, organiserId, ticketContingent);
}

/** An organiser (with its owning user) that passes the publishing gate. */
export async function createPublishableOrganiser(db: Db, overrides: OrganiserUpdate = {}) {
  const created = await createOrganiserWithOwner(db);
  await makePublishable(db, created.organiser.id, overrides);
  return created;
}

/** A new browser signed in as `userId` (a real session row, the cookie in the jar). */
export async function signIn(t: TestApp, userId: string): Promise<TestClient> {
  const { token } = await createSession(t.database.db, userId, { inactivityDays: t.config.SESSION_INACTIVITY_DAYS });
  const client = t.client();
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

/** A signed-in organiser owner; publishable unless `publishable: false`. */
export async function signedInOrganiser(t: TestApp, options: { publishable?: boolean; organiser?: OrganiserUpdate } = {}) {
  const created =
    options.publishable === false ? await createOrganiserWithOwner(t.database.db) : await createPublishableOrganiser(t.database.db, options.organiser);
  return { ...created, client: await signIn(t, created.user.id) };
}

/** A signed-in team member of `organiserId` with the given rights. */
export async function signedInTeamMember(t: TestApp, organiserId: string, permissions: CreateUserOptions["permissions"]) {
  const user = await createUser(t.database.db, { role: "team_member", organiserId, permissions });
  return { user, client: await signIn(t, user.id) };
}

// ---------------------------------------------------------------- calls

/** The data of a settled call (`attempt`) that succeeded; fails with the error otherwise. */
export function ok<T>(res: Attempt<T>): T {
  if (res.error) throw new Error(`expected success, got ${JSON.stringify(res.error)}`);
  return res.data;
}

export async function createEventVia(client: TestClient, step1: Step1 = validEventStep1()): Promise<string> {
  return (await client.trpc.events.create.mutate(step1)).id;
}

export async function saveTicketsVia(client: TestClient, eventId: string, categories: TTicketCategory[]): Promise<void> {
  await client.trpc.tickets.save.mutate({ eventId, categories });
}

/** A regular event with one category (100 a day), published now. */
export async function createPublishedEvent(
  client: TestClient,
  options: { step1?: Step1; categories?: TTicketCategory[] } = {},
): Promise<string> {
  const id = await createEventVia(client, options.step1 ?? validEventStep1());
  await saveTicketsVia(client, id, options.categories ?? [ticketCategory("a")]);
  await client.trpc.events.publish.mutate({ id, publishOption: "now" });
  return id;
}

// ---------------------------------------------------------------- rows

export async function eventRow(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

export async function datesOf(db: Db, eventId: string): Promise<EventDateRow[]> {
  return db.select().from(eventDates).where(eq(eventDates.eventId, eventId)).orderBy(asc(eventDates.startsAt));
}

export async function categoriesOf(db: Db, eventId: string): Promise<TicketCategoryRow[]> {
  return db.select().from(ticketCategories).where(eq(ticketCategories.eventId, eventId)).orderBy(asc(ticketCategories.sortOrder));
}

/** Everything stored about an event, to assert a refused call changed nothing. */
export async function snapshotEvent(db: Db, id: string) {
  return { event: await eventRow(db, id), dates: await datesOf(db, id), categories: await categoriesOf(db, id) };
}

/** All rows of the events domain of one organiser (events, dates, categories). */
export async function snapshotOrganiser(db: Db, organiserId: string) {
  return {
    events: await db.select().from(events).where(eq(events.organiserId, organiserId)).orderBy(asc(events.id)),
    dates: await db.select().from(eventDates).where(eq(eventDates.organiserId, organiserId)).orderBy(asc(eventDates.id)),
    categories: await db
      .select()
      .from(ticketCategories)
      .where(eq(ticketCategories.organiserId, organiserId))
      .orderBy(asc(ticketCategories.id)),
  };
}

/** Moves every date of an event by `days` (negative: into the past). */
export async function shiftEventDates(db: Db, eventId: string, days: number): Promise<void> {
  for (const d of await datesOf(db, eventId)) {
    await db
      .update(eventDates)
      .set({ startsAt: new Date(d.startsAt.getTime() + days * DAY_MS), endsAt: new Date(d.endsAt.getTime() + days * DAY_MS) })
      .where(eq(eventDates.id, d.id));
  }
}

// ---------------------------------------------------------------- images and multipart bodies

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk (length, type, data, CRC). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid RGB PNG of `width` x `height` pixels (a gradient), built from scratch. */
export function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 25) & 0xff;
      raw[row + 2 + x * 3] = (y * 25) & 0xff;
      raw[row + 3 + x * 3] = 128;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part named "file". */
export function multipartFile(data: Buffer, options: { filename?: string; contentType?: string; field?: string } = {}) {
  const boundary = `----test-boundary-${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${options.field ?? "file"}"; filename="${options.filename ?? "x.png"}"\r\n` +
      `Content-Type: ${options.contentType ?? "image/png"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export type UploadResult = { id: string; width: number; height: number; mimeType: string; bytes: number };

/** POST /api/uploads/event-image with one file. */
export async function uploadImage(client: TestClient, data: Buffer, options: Parameters<typeof multipartFile>[1] = {}) {
  const body = multipartFile(data, options);
  return client.request({ method: "POST", url: "/api/uploads/event-image", headers: body.headers, payload: body.payload });
}
