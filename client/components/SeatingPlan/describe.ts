import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import type { SeatStatus } from "../../../shared/enums";
import { effectiveCategory } from "../../../shared/seating/editing";
import type { SeatingBlock, SeatingLayout } from "../../../shared/seating/layout";
import { rowNumber, seatNumber, seatsInRow } from "../../../shared/seating/numbering";
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
 * "Block A, row 3, seat 12, category Parkett, free".
 */
export function usePlanDescriptions(layout: SeatingLayout) {
  const { t } = useLingui();
  const statusLabels = useSeatStatusLabels();
  const categoryName = useCallback(
    (id: string | null) => (id ? (layout.categories.find((c) => c.id === id)?.name ?? null) : null),
    [layout.categories],
  );

  const describeBlock = (block: SeatingBlock): string => {
    const name = block.name;
    const count = activeSeats(block);
    const category = categoryName(block.categoryId);
    const base =
      block.kind === "standing"
        ? plural(count, { one: `Standing area ${name}, # place`, other: `Standing area ${name}, # places` })
        : plural(count, { one: `Block ${name}, # seat`, other: `Block ${name}, # seats` });
    return category ? t`${base}, category ${category}` : base;
  };

  const describeSeat = (block: SeatingBlock, row: number, seat: number, visual: SeatVisual | undefined): string => {
    if (block.kind !== "seated") return describeBlock(block);
    const name = block.name;
    const rowLabel = rowNumber(block, row);
    const seatLabel = seatNumber(block, seat, seatsInRow(block, row));
    let text = t`Block ${name}, row ${rowLabel}, seat ${seatLabel}`;
    const category = categoryName(effectiveCategory(block, row, seat));
    if (category) text = t`${text}, category ${category}`;
    const inactive = block.disabledRows.includes(row) || block.disabledSeats.includes(`${row}:${seat}`);
    if (inactive) text = t`${text}, deactivated`;
    else if (visual?.status) {
      const status = statusLabels[visual.status];
      text = `${text}, ${status}`;
    }
    if (visual?.selected) text = t`${text}, selected`;
    return text;
  };

  return { describeBlock, describeSeat };
}
