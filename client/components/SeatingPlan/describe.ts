import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import type { SeatStatus } from "../../../shared/enums";
import { effectiveCategory } from "../../../shared/seating/editing";
import type { SeatingBlock, SeatingLayout } from "../../../shared/seating/layout";
import { rowNumber, seatNumber, seatsInRow } from "../../../shared/seating/numbering";
import { blockText, type DescribePhrases, seatText } from "./describe-text";
import type { SeatVisual } from "./types";

/** Translated words for the seat statuses (SPEC enumeration Seat status). */
export function useSeatStatusLabels(): Record<SeatStatus, string> {
  const { t } = useLingui();
  return {
    FREE: t`free`,
    SOLD: t`sold`,
    PAYMENT_PENDING: t`reserved`,
    BLOCKED: t`blocked`,
    SEASON_BLOCKED: t`blocked for season ticket holders`,
    SEASON_SOLD: t`sold as season ticket`,
  };
}

function activeSeats(block: SeatingBlock): number {
  if (block.kind === "standing") return Math.min(block.capacity, block.dailyAmount ?? block.capacity);
  const disabledRows = new Set(block.disabledRows);
  let n = 0;
  for (let r = 0; r < block.rows; r++) if (!disabledRows.has(r)) n += seatsInRow(block, r);
  const disabledInActiveRows = block.disabledSeats.filter((rs) => !disabledRows.has(Number(rs.split(":")[0]))).length;
  return n - disabledInActiveRows;
}

/**
 * The sentences the plan announces in its live region and shows on hover:
 * "Block A, row 3, seat 12, category Parkett, free", composed by ./describe-text.ts so that
 * each thing is said once ("Kategorie 1", not "Kategorie Kategorie 1").
 * `statusWords` replaces the words of some statuses (a shop says them as its legend does).
 */
export function usePlanDescriptions(layout: SeatingLayout, statusWords?: Partial<Record<SeatStatus, string>>) {
  const { t } = useLingui();
  const statusLabels = { ...useSeatStatusLabels(), ...statusWords };
  const categoryName = useCallback(
    (id: string | null) => (id ? (layout.categories.find((c) => c.id === id)?.name ?? null) : null),
    [layout.categories],
  );
  const phrases: DescribePhrases = {
    seat: (name, rowLabel, seatLabel, named) => (named ? t`${name}, row ${rowLabel}, seat ${seatLabel}` : t`Block ${name}, row ${rowLabel}, seat ${seatLabel}`),
    seatedBlock: (name, count, named) =>
      named ? plural(count, { one: `${name}, # seat`, other: `${name}, # seats` }) : plural(count, { one: `Block ${name}, # seat`, other: `Block ${name}, # seats` }),
    standingArea: (name, count) => plural(count, { one: `Standing area ${name}, # place`, other: `Standing area ${name}, # places` }),
    category: (text, category) => t`${text}, category ${category}`,
    deactivated: (text) => t`${text}, deactivated`,
    selected: (text) => t`${text}, selected`,
  };

  const describeBlock = (block: SeatingBlock): string =>
    blockText(phrases, { kind: block.kind, name: block.name, count: activeSeats(block), category: categoryName(block.categoryId) });

  const describeSeat = (block: SeatingBlock, row: number, seat: number, visual: SeatVisual | undefined): string => {
    if (block.kind !== "seated") return describeBlock(block);
    return seatText(phrases, {
      blockName: block.name,
      row: rowNumber(block, row),
      seat: seatNumber(block, seat, seatsInRow(block, row)),
      category: categoryName(effectiveCategory(block, row, seat)),
      inactive: block.disabledRows.includes(row) || block.disabledSeats.includes(`${row}:${seat}`),
      status: visual?.status ? statusLabels[visual.status] : null,
      selected: visual?.selected === true,
    });
  };

  return { describeBlock, describeSeat };
}
