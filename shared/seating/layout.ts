import { z } from "zod";
import { V } from "../schemas/messages";
import { text } from "../schemas/text";

/**
 * A stadium template's plan, stored as one JSON document: blocks are described by their
 * parameters (rows, seats per row, numbering), not seat by seat, so a 60,000-seat stadium stays
 * small. Seats are derived by ./numbering.ts, the same way on the server and in the browser.
 */
export const STADIUM_TYPES = ["daily", "seasonal", "daily_from_season"] as const;
export type StadiumType = (typeof STADIUM_TYPES)[number];

export const MAX_BLOCKS = 500;
export const MAX_ROWS = 200;
export const MAX_SEATS_PER_ROW = 200;
export const MAX_TEMPLATE_SEATS = 150_000;
export const MAX_CATEGORIES = 50;
/** Distance between two seat centres, in plan units. */
export const SEAT_PITCH = 10;

const id = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, V.required);
const name = text().trim().min(1, V.required).max(60, V.maxLength);
const coordinate = z.number().int().min(-100_000).max(100_000);
const count = (max: number) => z.number().int().min(1).max(max);

export const ZSeatingCategory = z.object({ id, name, color });
export type SeatingCategory = z.infer<typeof ZSeatingCategory>;

const blockBase = {
  id,
  name,
  x: coordinate,
  y: coordinate,
  /** Degrees, clockwise. */
  rotation: z.number().min(0).max(359.99),
  color,
  categoryId: id.nullable(),
  boxofficeOnly: z.boolean(),
};

export const ZSeatedBlock = z.object({
  ...blockBase,
  kind: z.literal("seated"),
  rows: count(MAX_ROWS),
  seatsPerRow: count(MAX_SEATS_PER_ROW),
  /** Shorter rows (row index → seats), aligned by `align`. */
  rowSeats: z.record(z.string().regex(/^\d+$/), count(MAX_SEATS_PER_ROW)).default({}),
  align: z.enum(["left", "center", "right"]),
  firstRow: z.number().int().min(0).max(9999),
  firstSeat: z.number().int().min(0).max(9999),
  /** DOWN: row numbers grow away from the stage (top to bottom); UP: the reverse. */
  rowDirection: z.enum(["DOWN", "UP"]),
  /** RIGHT: seat numbers grow left to right; LEFT: right to left. */
  seatDirection: z.enum(["RIGHT", "LEFT"]),
  disabledRows: z.array(z.number().int().min(0)).default([]),
  /** "row:seat" indexes (0-based) of deactivated seats. */
  disabledSeats: z.array(z.string().regex(/^\d+:\d+$/)).default([]),
  rowCategories: z.record(z.string().regex(/^\d+$/), id).default({}),
  seatCategories: z.record(z.string().regex(/^\d+:\d+$/), id).default({}),
});
export type SeatedBlock = z.infer<typeof ZSeatedBlock>;

/** A free-seating (standing) area: sold by count. */
export const ZStandingBlock = z.object({
  ...blockBase,
  kind: z.literal("standing"),
  width: count(100_000),
  height: count(100_000),
  capacity: count(200_000),
  /** Tickets sold per date when lower than the capacity. */
  dailyAmount: count(200_000).nullable(),
});
export type StandingBlock = z.infer<typeof ZStandingBlock>;

export const ZSeatingBlock = z.discriminatedUnion("kind", [ZSeatedBlock, ZStandingBlock]);
export type SeatingBlock = z.infer<typeof ZSeatingBlock>;

export const ZSeatingLayout = z
  .object({
    width: count(200_000),
    height: count(200_000),
    categories: z.array(ZSeatingCategory).max(MAX_CATEGORIES),
    blocks: z.array(ZSeatingBlock).max(MAX_BLOCKS),
    backgroundUploadId: z.uuid().nullable().default(null),
  })
  .superRefine((layout, ctx) => {
    const categoryIds = new Set(layout.categories.map((c) => c.id));
    if (categoryIds.size !== layout.categories.length) ctx.addIssue({ code: "custom", message: "duplicate", path: ["categories"] });
    const blockIds = new Set<string>();
    let seats = 0;
    layout.blocks.forEach((block, i) => {
      if (blockIds.has(block.id)) ctx.addIssue({ code: "custom", message: "duplicate", path: ["blocks", i, "id"] });
      blockIds.add(block.id);
      const refs = [block.categoryId, ...(block.kind === "seated" ? [...Object.values(block.rowCategories), ...Object.values(block.seatCategories)] : [])];
      if (refs.some((ref) => ref !== null && !categoryIds.has(ref)))
        ctx.addIssue({ code: "custom", message: "category", path: ["blocks", i, "categoryId"] });
      if (block.kind === "seated") {
        for (let r = 0; r < block.rows; r++) seats += block.rowSeats[String(r)] ?? block.seatsPerRow;
        // Shorter rows only: a row longer than the block would break its geometry.
        if (Object.values(block.rowSeats).some((n) => n > block.seatsPerRow))
          ctx.addIssue({ code: "custom", message: V.maxLength, path: ["blocks", i, "rowSeats"] });
      }
    });
    if (seats > MAX_TEMPLATE_SEATS) ctx.addIssue({ code: "custom", message: V.maxLength, path: ["blocks"] });
  });
export type SeatingLayout = z.infer<typeof ZSeatingLayout>;
