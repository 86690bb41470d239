import type { z } from "zod";
import { type SalesChannel, selectionOfPlaces, validateSelection } from "../../../shared/rules/ticket-selection";
import type { ZHoldInput } from "../../../shared/schemas/shop";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { computeRemaining } from "./availability";
import type { Holdings } from "./cart";
import { ruleCategory, ruleContext, type ShopScope, type TicketCategoryRow } from "./scope";

type HoldInput = z.output<typeof ZHoldInput>;

/** Tickets and places per category a cart would hold: what it holds plus `extra` places. */
export function selectionOf(scope: ShopScope, holdings: Holdings, extra: Map<string, number>) {
  return selectionOfPlaces(scope.categories, [
    ...holdings.seats.map((s) => ({ categoryId: s.tc, places: Number(s.n) })),
    ...holdings.items.map((i) => ({ categoryId: i.tc, tickets: Number(i.n) })),
    ...[...extra].map(([categoryId, places]) => ({ categoryId, places })),
  ]);
}

const RULE_ERRORS = {
  UNKNOWN_CATEGORY: "NOT_FOUND",
  BOXOFFICE_ONLY: "TICKET_BOXOFFICE_ONLY",
  NOT_YET_ON_SALE: "TICKET_NOT_YET_ON_SALE",
  SALE_ENDED: "TICKET_SALE_ENDED",
  SOLD_OUT: "SOLD_OUT",
  NOT_SELECTABLE: "TICKET_NOT_SELECTABLE",
  BELOW_MIN: "TICKETS_BELOW_MIN",
  ABOVE_MAX: "TICKETS_ABOVE_MAX",
  NOT_ENOUGH_LEFT: "SOLD_OUT",
  SEATS_PER_TICKET: "SEATS_PER_TICKET",
} as const;

/** Refuses a selection that breaks a rule of its ticket categories (the shared rules module). */
export async function assertSelectionAllowed(
  db: DbOrTx,
  scope: ShopScope,
  selection: Map<string, { tickets: number; places: number }>,
  stage: "hold" | "order",
  added?: Set<string>,
  channel: SalesChannel = "online",
): Promise<void> {
  const needsRemaining = scope.categories.some((c) => c.selectability === "other_sold_out");
  const remaining = needsRemaining ? await computeRemaining(db, scope) : new Map(scope.categories.map((c) => [c.id, Number.MAX_SAFE_INTEGER]));
  const errors = validateSelection(scope.categories.map(ruleCategory), selection, ruleContext(scope, remaining, new Date(), channel), { stage, ...(added ? { added } : {}) });
  const first = errors[0];
  if (first) throw new AppError(RULE_ERRORS[first.code], { field: "ticketCategoryId", detail: first.categoryId });
}

type Place = { tc: TicketCategoryRow; places: number };
export type HoldPlan = ReturnType<typeof planRequest>;

/**
 * Checks the request against the plan and returns the counter units it takes. Seats and areas of
 * a block flagged `boxofficeOnly` are the box office's (channel "boxoffice") alone.
 */
export function planRequest(scope: ShopScope, input: Pick<HoldInput, "seats" | "counts">, channel: SalesChannel = "online") {
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const category = (id: string) => {
    const c = byId.get(id);
    if (!c) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
    return c;
  };
  const blocks = new Map((scope.layout?.blocks ?? []).map((b) => [b.id, b]));
  if (new Set(input.seats.map((s) => s.key)).size !== input.seats.length) throw new AppError("VALIDATION", { field: "seats" });
  const seats = input.seats.map((s) => {
    const tc = category(s.ticketCategoryId);
    const block = blocks.get(s.key.split(":")[0]!);
    if (!scope.layout || block?.kind !== "seated") throw new AppError("SEAT_NOT_FOUND", { field: "seats", detail: s.key });
    if (block.boxofficeOnly && channel !== "boxoffice") throw new AppError("TICKET_BOXOFFICE_ONLY", { field: "seats", detail: s.key });
    return { key: s.key, tc, seatingCategory: tc.seatingCategoryId };
  });
  const counts = input.counts.map((c) => {
    const tc = category(c.ticketCategoryId);
    if (scope.layout) {
      const block = c.areaId ? blocks.get(c.areaId) : undefined;
      if (block?.kind !== "standing") throw new AppError("NOT_FOUND", { field: "areaId" });
      if (block.boxofficeOnly && channel !== "boxoffice") throw new AppError("TICKET_BOXOFFICE_ONLY", { field: "areaId", detail: block.id });
      if (tc.seatingCategoryId && block.categoryId !== tc.seatingCategoryId) throw new AppError("TICKET_NOT_SELECTABLE", { field: "ticketCategoryId", detail: tc.id });
      if (scope.kind === "season") throw new AppError("NOT_FOUND", { field: "areaId" });
    } else if (c.areaId) {
      throw new AppError("NOT_FOUND", { field: "areaId" });
    }
    return { tc, areaId: c.areaId ?? "", quantity: c.quantity };
  });
  const places: Place[] = [...seats.map((s) => ({ tc: s.tc, places: 1 })), ...counts.map((c) => ({ tc: c.tc, places: c.quantity * c.tc.seatsPerTicket }))];
  const { quota, perCategory } = unitsOf(scope, places);
  const area = new Map<string, number>();
  for (const c of counts) if (c.areaId) area.set(c.areaId, (area.get(c.areaId) ?? 0) + c.quantity * c.tc.seatsPerTicket);
  return { seats, counts, quota, area, perCategory };
}

/** The quota counter units (`ticket:<id>`, `attendees`) and places per category of some places. */
export function unitsOf(scope: ShopScope, places: Place[]) {
  const quota = new Map<string, number>();
  const perCategory = new Map<string, number>();
  const attendeeLimit = scope.kind === "season" ? scope.event.dailySeasonTicketLimit : scope.event.dailyAttendeeLimit;
  for (const p of places) {
    quota.set(`ticket:${p.tc.id}`, (quota.get(`ticket:${p.tc.id}`) ?? 0) + p.places);
    if (attendeeLimit !== null) quota.set("attendees", (quota.get("attendees") ?? 0) + p.places);
    perCategory.set(p.tc.id, (perCategory.get(p.tc.id) ?? 0) + p.places);
  }
  return { quota, perCategory };
}
