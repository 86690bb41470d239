import type { ComboboxData } from "@mantine/core";
import { formatCents } from "../../../../shared/rules/money";
import type { RouterOutputs } from "../../../lib/trpc";

/** An event or season a voucher can be for, with its ticket categories and its plan's blocks. */
export type VoucherTarget = RouterOutputs["vouchers"]["targets"][number];
export type TargetCategory = VoucherTarget["categories"][number];

/** The event/season Select's options: two groups, events first. */
export function targetOptions(targets: readonly VoucherTarget[], labels: { events: string; seasons: string }): ComboboxData {
  const events = targets.filter((x) => !x.isSeason).map((x) => ({ value: x.id, label: x.name }));
  const seasons = targets.filter((x) => x.isSeason).map((x) => ({ value: x.id, label: x.name }));
  return [
    ...(events.length > 0 ? [{ group: labels.events, items: events }] : []),
    ...(seasons.length > 0 ? [{ group: labels.seasons, items: seasons }] : []),
  ];
}

/**
 * The ticket-category MultiSelect's options: name and price; a season's categories grouped by
 * their event (a season's voucher works on its events' tickets too).
 */
export function categoryOptions(target: VoucherTarget | undefined, locale: string): ComboboxData {
  if (!target) return [];
  const option = (c: TargetCategory) => ({ value: c.id, label: `${c.name} · ${formatCents(c.priceCents, locale)}` });
  const eventIds = [...new Set(target.categories.map((c) => c.eventId))];
  if (eventIds.length <= 1) return target.categories.map(option);
  return eventIds.map((eventId) => {
    const own = target.categories.filter((c) => c.eventId === eventId);
    return { group: own[0]?.eventName ?? "", items: own.map(option) };
  });
}

/** Keeps only the choices that exist on `target` (the target changed). */
export function keepOn(target: VoucherTarget | undefined, v: { ticketCategoryIds: string[]; blockIds: string[]; seatKeys: string[] }) {
  const categories = new Set(target?.categories.map((c) => c.id) ?? []);
  const blocks = new Set(target?.blocks.map((b) => b.id) ?? []);
  return {
    ticketCategoryIds: v.ticketCategoryIds.filter((id) => categories.has(id)),
    blockIds: v.blockIds.filter((id) => blocks.has(id)),
    seatKeys: v.seatKeys.filter((key) => blocks.has(key.split(":")[0] ?? "")),
  };
}
