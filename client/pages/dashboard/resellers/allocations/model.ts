import type { SeatStatus } from "../../../../../shared/enums";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../../shared/rules/zoned";
import type { SeatingLayout, StandingBlock } from "../../../../../shared/seating/layout";
import type { RouterOutputs } from "../../../../lib/trpc";

/**
 * The organiser's allocation screens (issue 21): what the API returns, the reseller colours on
 * the plan, which seats can be picked, and the ticket categories a reseller may get for them.
 * Pure functions, tested in tests/unit/reseller-allocations.test.ts.
 */

export type AllocationDates = RouterOutputs["allocations"]["dates"];
export type AllocationDateRow = AllocationDates[number];
export type AllocationDate = RouterOutputs["allocations"]["date"];
export type AllocationSummary = RouterOutputs["allocations"]["list"][number];
export type DateReseller = AllocationDate["resellers"][number];
export type DateCategory = AllocationDate["categories"][number];

/** Links inside the dashboard, absolute (the pages live in the reseller area's nested routes). */
export const allocationPaths = {
  list: "~/dashboard/resellers/allocations",
  date: (eventDateId: string) => `~/dashboard/resellers/allocations/${eventDateId}`,
  resellers: "~/dashboard/resellers",
  newReseller: "~/dashboard/resellers/new",
};

/** Colours at least a little apart from each other and from the shop's colours of sold, held and blocked seats. */
export const RESELLER_PALETTE = [
  "#e8590c",
  "#1c7ed6",
  "#2f9e44",
  "#ae3ec9",
  "#f59f00",
  "#0b7285",
  "#c2255c",
  "#66a80f",
  "#9c6b30",
  "#74c0fc",
  "#8ce99a",
  "#e64980",
] as const;

function rgb(hex: string): [number, number, number] | null {
  const n = Number.parseInt(hex.slice(1), 16);
  if (hex.length !== 7 || Number.isNaN(n)) return null;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Whether two colours are hard to tell apart on the plan (plain RGB distance). */
export function closeColors(a: string, b: string): boolean {
  const x = rgb(a.toLowerCase());
  const y = rgb(b.toLowerCase());
  if (!x || !y) return false;
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) < 60;
}

/**
 * A colour per reseller, in the order given (the date's resellers, so a reseller keeps its
 * colour on the page), preferring palette colours unlike the plan's own (`avoid`).
 */
export function resellerColors(resellerIds: readonly string[], avoid: readonly string[]): Map<string, string> {
  const usable = RESELLER_PALETTE.filter((c) => !avoid.some((a) => closeColors(a, c)));
  const palette = usable.length >= Math.min(resellerIds.length, RESELLER_PALETTE.length) ? usable : [...RESELLER_PALETTE];
  return new Map(resellerIds.map((id, i) => [id, palette[i % palette.length]!]));
}

/** Seat key → reseller of the allocations still holding seats (returned ones hold nothing). */
export function seatOwners(allocations: readonly Pick<AllocationSummary, "resellerId" | "returned" | "seatKeys">[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const a of allocations) if (!a.returned) for (const key of a.seatKeys) owners.set(key, a.resellerId);
  return owners;
}

/**
 * The plan with every allocated seat in its reseller's colour. The plan draws seats in their
 * category's colour only, so each (reseller, seat category) pair gets a category of its own,
 * named like the seat's category (the spoken seat text stays right). Blocks without allocated
 * seats are the same objects as before.
 */
export function allocationLayout(
  layout: SeatingLayout,
  owners: ReadonlyMap<string, string>,
  colors: ReadonlyMap<string, string>,
  resellerName: (resellerId: string) => string,
): SeatingLayout {
  if (owners.size === 0) return layout;
  const byBlock = new Map<string, [string, string][]>();
  for (const [key, reseller] of owners) {
    const [blockId, row, seat] = key.split(":");
    if (blockId === undefined || row === undefined || seat === undefined) continue;
    const list = byBlock.get(blockId) ?? [];
    list.push([`${row}:${seat}`, reseller]);
    byBlock.set(blockId, list);
  }
  const names = new Map(layout.categories.map((c) => [c.id, c.name]));
  const extra = new Map<string, SeatingLayout["categories"][number]>();
  const resellerIndex = new Map([...colors.keys()].map((id, i) => [id, i]));
  const blocks = layout.blocks.map((block) => {
    const seats = byBlock.get(block.id);
    if (!seats || block.kind !== "seated") return block;
    const seatCategories = { ...block.seatCategories };
    for (const [rs, reseller] of seats) {
      const real = block.seatCategories[rs] ?? block.rowCategories[rs.split(":")[0]!] ?? block.categoryId;
      const id = `@${resellerIndex.get(reseller) ?? reseller}@${real ?? ""}`;
      if (!extra.has(id)) extra.set(id, { id, name: (real && names.get(real)) || resellerName(reseller), color: colors.get(reseller) ?? RESELLER_PALETTE[0] });
      seatCategories[rs] = id;
    }
    return { ...block, seatCategories };
  });
  return { ...layout, categories: [...layout.categories, ...extra.values()], blocks };
}

export type SeatKind = { kind: "free" } | { kind: "allocated"; resellerId: string } | { kind: "other"; status: SeatStatus };

/**
 * What a seat is on the allocation plan. The live feed wins over the last read of the
 * allocations: a seat it reports free is free (returned meanwhile), a sold one is sold; a seat
 * it reports held belongs to the allocation holding it, if any, else to a buyer.
 */
export function seatKind(status: SeatStatus | undefined, owner: string | undefined): SeatKind {
  const s = status ?? "FREE";
  if (s === "FREE") return { kind: "free" };
  if (owner && s !== "SOLD" && s !== "SEASON_SOLD") return { kind: "allocated", resellerId: owner };
  return { kind: "other", status: s };
}

/** The reseller's price of a ticket category, if it sells it. */
export const resellerPrice = (reseller: DateReseller | undefined, ticketCategoryId: string) =>
  reseller?.tickets.find((t) => t.ticketCategoryId === ticketCategoryId)?.priceCents;

/**
 * The ticket categories a reseller may be given for seats of a seating category: those it sells
 * that are meant for that seating category first, then those valid on any seat.
 */
export function ticketChoices(reseller: DateReseller | undefined, categories: readonly DateCategory[], seatingCategoryId: string | null): DateCategory[] {
  const sold = categories.filter((c) => resellerPrice(reseller, c.id) !== undefined);
  return [...sold.filter((c) => c.seatingCategoryId !== null && c.seatingCategoryId === seatingCategoryId), ...sold.filter((c) => c.seatingCategoryId === null)];
}

/** Seat keys grouped by their seating category (null: seats without one), in first-seen order. */
export function groupByCategory(keys: readonly string[], categoryOf: (key: string) => string | null | undefined): Map<string | null, string[]> {
  const groups = new Map<string | null, string[]>();
  for (const key of keys) {
    const cat = categoryOf(key) ?? null;
    const list = groups.get(cat) ?? [];
    list.push(key);
    groups.set(cat, list);
  }
  return groups;
}

/** The seats of an allocation request: each with the ticket category chosen for its seating category (or the first choice). */
export function seatRequest(
  groups: ReadonlyMap<string | null, readonly string[]>,
  chosen: ReadonlyMap<string, string>,
  choicesOf: (seatingCategoryId: string | null) => readonly DateCategory[],
): { seats: { key: string; ticketCategoryId: string }[]; missing: (string | null)[] } {
  const seats: { key: string; ticketCategoryId: string }[] = [];
  const missing: (string | null)[] = [];
  for (const [cat, keys] of groups) {
    const choices = choicesOf(cat);
    const picked = chosen.get(cat ?? "");
    const tc = choices.find((c) => c.id === picked) ?? choices[0];
    if (!tc) missing.push(cat);
    else for (const key of keys) seats.push({ key, ticketCategoryId: tc.id });
  }
  return { seats, missing };
}

export const standingAreas = (layout: SeatingLayout | null): StandingBlock[] =>
  (layout?.blocks ?? []).filter((b): b is StandingBlock => b.kind === "standing");

/** The standing areas a ticket category can be counted in (any, for a category valid everywhere). */
export const areasFor = (category: DateCategory, areas: readonly StandingBlock[]) =>
  areas.filter((a) => category.seatingCategoryId === null || a.categoryId === category.seatingCategoryId);

/** The wall-clock time of the picker (the event's time zone) as an instant; null when empty or invalid. */
export function wallToDate(value: string | null, timeZone: string): Date | null {
  if (!value || !value.trim()) return null;
  try {
    const d = zonedWallTimeToDate(value, timeZone);
    return Number.isNaN(d.getTime()) ? null : d;
  } catch {
    return null;
  }
}

export const dateToWall = (d: Date, timeZone: string) => dateToZonedWallTime(d, timeZone);

/** Places left in total (counted tickets of every category and area). */
export const placesTotal = (a: Pick<AllocationSummary, "placesLeft">) => a.placesLeft.reduce((n, p) => n + p.quantity, 0);
