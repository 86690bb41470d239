/** What a listed seat is sorted by: its block's name and its printed row and seat labels. */
export type SeatLabels = { blockName: string; rowLabel: string; seatLabel: string };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/**
 * Seat order as on the tickets: by block, then row, then seat, each in natural order ("Nord 2"
 * before "Nord 10", row 9 before row 10, seat "2a" after "2"); blocks of equal names keep their order.
 */
export function compareSeats(a: SeatLabels, b: SeatLabels): number {
  return collator.compare(a.blockName, b.blockName) || collator.compare(a.rowLabel, b.rowLabel) || collator.compare(a.seatLabel, b.seatLabel);
}

/** A copy of `seats` in seat order (the cart lists seats so, not in the order they were clicked). */
export function inSeatOrder<T>(seats: readonly T[], labels: (seat: T) => SeatLabels): T[] {
  return seats
    .map((seat) => ({ seat, key: labels(seat) }))
    .sort((a, b) => compareSeats(a.key, b.key))
    .map((x) => x.seat);
}
