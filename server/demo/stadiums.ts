import type { SeatedBlock, SeatingLayout, StandingBlock } from "../../shared/seating/layout";
import { SEAT_PITCH } from "../../shared/seating/layout";

function seated(id: string, name: string, x: number, y: number, rows: number, seatsPerRow: number, extra: Partial<SeatedBlock> = {}): SeatedBlock {
  return {
    id,
    kind: "seated",
    name,
    x,
    y,
    rotation: 0,
    color: "#4dabf7",
    categoryId: null,
    boxofficeOnly: false,
    rows,
    seatsPerRow,
    rowSeats: {},
    align: "center",
    firstRow: 1,
    firstSeat: 1,
    rowDirection: "DOWN",
    seatDirection: "RIGHT",
    disabledRows: [],
    disabledSeats: [],
    rowCategories: {},
    seatCategories: {},
    ...extra,
  };
}

function standing(id: string, name: string, x: number, y: number, width: number, height: number, capacity: number, categoryId: string): StandingBlock {
  return { id, kind: "standing", name, x, y, rotation: 0, color: "#ced4da", categoryId, boxofficeOnly: false, width, height, capacity, dailyAmount: null };
}

/** A small theatre: stalls in three price zones, a balcony, and a standing area (≈300 places). */
export function theatreLayout(): SeatingLayout {
  const rowsOf = (from: number, to: number, category: string) =>
    Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), category]));
  return {
    width: 400,
    height: 320,
    backgroundUploadId: null,
    categories: [
      { id: "cat1", name: "Kategorie 1", color: "#e03131" },
      { id: "cat2", name: "Kategorie 2", color: "#1c7ed6" },
      { id: "cat3", name: "Kategorie 3", color: "#2f9e44" },
    ],
    blocks: [
      seated("parkett", "Parkett", 40, 40, 12, 18, {
        categoryId: "cat1",
        rowCategories: { ...rowsOf(6, 9, "cat2"), ...rowsOf(10, 11, "cat3") },
        // The front rows are shorter and curve around the stage.
        rowSeats: { "0": 14, "1": 16 },
        disabledSeats: ["11:0", "11:17"],
      }),
      seated("rang", "Rang", 60, 190, 4, 16, { categoryId: "cat3", firstRow: 1 }),
      standing("stehplatz", "Stehplätze", 260, 40, 100, 120, 40, "cat3"),
    ],
  };
}

/** A stadium of ≈20,000 seats: four stands of blocks around a pitch, two standing terraces. */
export function stadiumLayout(): SeatingLayout {
  const blocks: SeatingLayout["blocks"] = [];
  const stand = (prefix: string, label: string, count: number, x0: number, y0: number, dx: number, dy: number, rows: number, seats: number, category: string, rotation: number) => {
    for (let i = 0; i < count; i++) {
      blocks.push(
        seated(`${prefix}${i + 1}`, `${label} ${i + 1}`, x0 + i * dx, y0 + i * dy, rows, seats, { categoryId: category, rotation, align: "left" }),
      );
    }
  };
  const block = 20 * SEAT_PITCH + 20; // block width plus a gangway
  // Long sides: 2 × 10 blocks of 30 × 20 = 12,000 seats; short sides: 2 × 4 blocks of 25 × 20 = 4,000;
  // main stand 2,000; terraces 2,000: 20,000 places.
  stand("N", "Nord", 10, 300, 0, block, 0, 30, 20, "cat2", 0);
  stand("S", "Süd", 10, 300, 1100, block, 0, 30, 20, "cat2", 0);
  stand("W", "West", 4, 0, 300, 0, 280, 25, 20, "cat1", 0);
  stand("O", "Ost", 4, 2560, 300, 0, 280, 25, 20, "cat1", 0);
  // Premium seats on the main stand: 2 × 40 × 25.
  stand("H", "Haupttribüne", 2, 900, 500, 420, 0, 25, 40, "cat1", 0);
  blocks.push(standing("fan-w", "Fanblock West", 300, 300, 200, 250, 1000, "cat3"));
  blocks.push(standing("fan-o", "Fanblock Ost", 2300, 300, 200, 250, 1000, "cat3"));
  return {
    width: 2800,
    height: 1450,
    backgroundUploadId: null,
    categories: [
      { id: "cat1", name: "Haupttribüne", color: "#e03131" },
      { id: "cat2", name: "Gegengerade", color: "#1c7ed6" },
      { id: "cat3", name: "Stehplatz", color: "#2f9e44" },
    ],
    blocks,
  };
}
