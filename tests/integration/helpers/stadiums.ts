import { deflateSync } from "node:zlib";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { areaInventory, eventSeating, seatInventory, stadiumTemplates } from "../../../server/db/schema";
import type { SeatStatus } from "../../../shared/enums";
import type { SeatedBlock, SeatingLayout, StadiumType, StandingBlock } from "../../../shared/seating/layout";
import type { TestClient } from "./app";
import { createEventVia, datesOf, localDateInDays, multipartFile, ok, oneDaySchedule, pngChunk, validEventStep1 } from "./events";
import { attempt, type Attempt, type RouterOutput } from "./trpc";

export type TemplateRow = typeof stadiumTemplates.$inferSelect;
export type SeatInventoryRow = typeof seatInventory.$inferSelect;
export type AreaInventoryRow = typeof areaInventory.$inferSelect;

// ---------------------------------------------------------------- layouts

/** A seated block with every field given (3 rows × 4 seats, numbered 1.. down and right). */
export function seatedBlock(id: string, overrides: Partial<SeatedBlock> = {}): SeatedBlock {
  return {
    id,
    kind: "seated",
    name: `Block ${id}`,
    x: 0,
    y: 0,
    rotation: 0,
    color: "#4dabf7",
    categoryId: null,
    boxofficeOnly: false,
    rows: 3,
    seatsPerRow: 4,
    rowSeats: {},
    align: "left",
    firstRow: 1,
    firstSeat: 1,
    rowDirection: "DOWN",
    seatDirection: "RIGHT",
    disabledRows: [],
    disabledSeats: [],
    rowCategories: {},
    seatCategories: {},
    ...overrides,
  };
}

/** A standing area with every field given. */
export function standingBlock(id: string, overrides: Partial<StandingBlock> = {}): StandingBlock {
  return {
    id,
    kind: "standing",
    name: `Area ${id}`,
    x: 500,
    y: 0,
    rotation: 0,
    color: "#ced4da",
    categoryId: null,
    boxofficeOnly: false,
    width: 100,
    height: 100,
    capacity: 50,
    dailyAmount: null,
    ...overrides,
  };
}

export const CATEGORIES: SeatingLayout["categories"] = [
  { id: "a", name: "Category A", color: "#e03131" },
  { id: "b", name: "Category B", color: "#1c7ed6" },
  { id: "c", name: "Category C", color: "#2f9e44" },
];

/**
 * A small plan with everything the inventory has to get right:
 * - A: 3 × 4 seats, category a (12 seats), row 2 in category c;
 * - B: 3 × 5 seats at y 100, numbered UP from row 10 and LEFT from seat 1, category b, row index 2
 *   deactivated and seat 0:0 deactivated (15 − 5 − 1 = 9 seats);
 * - S: a standing area of capacity 50 selling 30 a day, category c.
 * 21 fixed seats + 30 standing places = 51.
 */
export function smallLayout(): SeatingLayout {
  return {
    width: 1000,
    height: 600,
    backgroundUploadId: null,
    categories: CATEGORIES,
    blocks: [
      seatedBlock("A", { categoryId: "a", rowCategories: { "2": "c" } }),
      seatedBlock("B", {
        y: 100,
        rows: 3,
        seatsPerRow: 5,
        categoryId: "b",
        firstRow: 10,
        firstSeat: 1,
        rowDirection: "UP",
        seatDirection: "LEFT",
        disabledRows: [2],
        disabledSeats: ["0:0"],
      }),
      standingBlock("S", { categoryId: "c", capacity: 50, dailyAmount: 30 }),
    ],
  };
}
export const SMALL_SEATS = 21;
export const SMALL_STANDING = 30;

/** `blocks` × `rows` × `seats` seats in one category, laid out in a grid. */
export function gridLayout(blocks: number, rows: number, seats: number): SeatingLayout {
  return {
    width: 200_000,
    height: 200_000,
    backgroundUploadId: null,
    categories: [{ id: "cat1", name: "Standard", color: "#e03131" }],
    blocks: Array.from({ length: blocks }, (_, i) =>
      seatedBlock(`G${i + 1}`, {
        x: (i % 12) * (seats * 10 + 20),
        y: Math.floor(i / 12) * (rows * 10 + 20),
        rows,
        seatsPerRow: seats,
        categoryId: "cat1",
      }),
    ),
  };
}

/** A deep copy to edit. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

// ---------------------------------------------------------------- calls

export function templateInput(layout: SeatingLayout, overrides: { name?: string; comment?: string | null; type?: StadiumType } = {}) {
  return { name: overrides.name ?? "Main Hall", comment: overrides.comment ?? null, type: overrides.type ?? "daily", layout };
}

export async function createTemplateVia(
  client: TestClient,
  layout: SeatingLayout = smallLayout(),
  overrides: { name?: string; comment?: string | null; type?: StadiumType } = {},
): Promise<string> {
  return (await client.trpc.stadiums.create.mutate(templateInput(layout, overrides))).id;
}

export async function getTemplateVia(client: TestClient, id: string) {
  return client.trpc.stadiums.get.query({ id });
}

export async function listTemplatesVia(client: TestClient) {
  return client.trpc.stadiums.list.query();
}

/** stadiums.save of a whole template (name, type and comment default to the stored ones). */
export function saveTemplate(
  client: TestClient,
  template: Pick<TemplateRow, "id" | "name" | "comment" | "type" | "version">,
  layout: SeatingLayout,
  overrides: { name?: string; version?: number; type?: StadiumType } = {},
): Promise<Attempt<RouterOutput["stadiums"]["save"]>> {
  return attempt(client.trpc.stadiums.save.mutate({
    id: template.id,
    version: overrides.version ?? template.version,
    name: overrides.name ?? template.name,
    comment: template.comment,
    type: overrides.type ?? template.type,
    layout,
  }));
}

/** A draft regular event whose schedule has the given local dates (19:00–22:00 Berlin). */
export async function createEventWithDates(client: TestClient, days: number[] = [30], name = "Seated Concert"): Promise<string> {
  const [first, ...rest] = days;
  const schedule = oneDaySchedule(localDateInDays(first!), {
    additionalDates: rest.map((d) => ({ date: localDateInDays(d), start: "19:00", end: "22:00" })),
  });
  return createEventVia(client, validEventStep1({ name, schedule }));
}

export function chooseTemplate(client: TestClient, eventId: string, templateId: string) {
  return attempt(client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "template", templateId }));
}

/** A draft event with `days` dates that uses the template; returns the event and its date ids. */
export async function createSeatedEvent(client: TestClient, db: Db, templateId: string, days: number[] = [30]) {
  const eventId = await createEventWithDates(client, days);
  ok(await chooseTemplate(client, eventId, templateId));
  const dates = await datesOf(db, eventId);
  return { eventId, dateIds: dates.map((d) => d.id) };
}

// ---------------------------------------------------------------- rows

export async function templateRow(db: Db, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(stadiumTemplates).where(eq(stadiumTemplates.id, id));
  return row;
}

export async function seatsOf(db: Db, eventId: string): Promise<SeatInventoryRow[]> {
  return db
    .select()
    .from(seatInventory)
    .where(eq(seatInventory.eventId, eventId))
    .orderBy(asc(seatInventory.eventDateId), asc(seatInventory.seatKey));
}

export async function areasOf(db: Db, eventId: string): Promise<AreaInventoryRow[]> {
  return db
    .select()
    .from(areaInventory)
    .where(eq(areaInventory.eventId, eventId))
    .orderBy(asc(areaInventory.eventDateId), asc(areaInventory.areaId));
}

export async function seatOf(db: Db, eventDateId: string, seatKey: string): Promise<SeatInventoryRow | undefined> {
  const [row] = await db
    .select()
    .from(seatInventory)
    .where(and(eq(seatInventory.eventDateId, eventDateId), eq(seatInventory.seatKey, seatKey)));
  return row;
}

export async function snapshotOf(db: Db, eventId: string) {
  const [row] = await db.select().from(eventSeating).where(eq(eventSeating.eventId, eventId));
  return row;
}

/**
 * Sets a seat's status directly (the checkout does not exist yet): the row must exist.
 * Increments the version like every real change.
 */
export async function setSeatStatus(db: Db, eventDateId: string, seatKey: string, status: SeatStatus): Promise<void> {
  const rows = await db
    .update(seatInventory)
    .set({ status, version: sql`${seatInventory.version} + 1` })
    .where(and(eq(seatInventory.eventDateId, eventDateId), eq(seatInventory.seatKey, seatKey)))
    .returning({ key: seatInventory.seatKey });
  if (rows.length !== 1) throw new Error(`no inventory row ${eventDateId} ${seatKey}`);
}

export async function setAreaCounters(db: Db, eventDateId: string, areaId: string, counters: { held?: number; sold?: number }) {
  const rows = await db
    .update(areaInventory)
    .set(counters)
    .where(and(eq(areaInventory.eventDateId, eventDateId), eq(areaInventory.areaId, areaId)))
    .returning({ id: areaInventory.areaId });
  if (rows.length !== 1) throw new Error(`no area row ${eventDateId} ${areaId}`);
}

/** Everything stored about an event's seating, to assert a refused call changed nothing. */
export async function seatingState(db: Db, eventId: string) {
  return { snapshot: await snapshotOf(db, eventId), seats: await seatsOf(db, eventId), areas: await areasOf(db, eventId) };
}

// ---------------------------------------------------------------- stadium images


/** A valid greyscale PNG of one colour: 2000 × 2000 deflates to a few KB. */
export function makeSolidPng(width: number, height: number, grey = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  const stride = width + 1;
  const raw = Buffer.alloc(height * stride, grey);
  for (let y = 0; y < height; y++) raw[y * stride] = 0; // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG header (SOI, APP0/JFIF, SOF0 with the size) and an end marker: enough for a content sniffer. */
export function makeJpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** POST /api/uploads/stadium-image with one file. */
export async function uploadStadiumImage(client: TestClient, data: Buffer, options: Parameters<typeof multipartFile>[1] = {}) {
  const body = multipartFile(data, options);
  return client.request({ method: "POST", url: "/api/uploads/stadium-image", headers: body.headers, payload: body.payload });
}
