import type { AppErrorCode } from "../../../shared/errors";
import type { CartCredentials } from "../../../shared/schemas/shop";
import { bestAvailable } from "../../../shared/seating/best-available";
import type { SeatingLayout } from "../../../shared/seating/layout";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { freeSeatKeys } from "../inventory/hold";
import { type BestPool, countFree, holdChosen, runHoldBestStatement } from "../inventory/hold-best";
import { fillBestRanks } from "../inventory/materialise";
import type { HoldClient } from "./hold-limits";
import { Contended, type HoldCart, type HoldChannel, hold, type HoldResult, holdTaking, type Taking } from "./holds";
import { unitsOf } from "./rules-gate";
import { openScope, type ShopScope } from "./scope";

export type HoldBestInput = {
  scopeId: string;
  access?: string | undefined;
  cart: CartCredentials | null;
  ticketCategoryId: string;
  quantity: number;
  blockId?: string | undefined;
};

/**
 * Best available (shared/seating/best-available.ts; decision 031): N seats of a ticket category's
 * seats, chosen and held in one step by the database, under its locks (inventory/hold-best.ts),
 * so buyers asking together get different seats. "Sold out" only when the category has no N free
 * seats left. A season's seats must be free on every date of the season: it keeps reading the
 * free seats and holding the best group (`holdBestByReading`).
 */
export async function holdBest(deps: AppDeps, input: HoldBestInput, client: HoldClient | null = null, via?: HoldChannel): Promise<HoldResult> {
  const scope = via?.scope ?? (await openScope(deps, input.scopeId, input.access));
  const tc = scope.categories.find((c) => c.id === input.ticketCategoryId);
  if (!tc) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
  if (!scope.layout) throw new AppError("SEAT_NOT_FOUND", { field: "seats" });
  const channel = via?.channel ?? "online";
  // Online, the box office's own blocks are not part of the plan best available searches.
  const layout = channel === "boxoffice" ? scope.layout : { ...scope.layout, blocks: scope.layout.blocks.filter((b) => !b.boxofficeOnly) };
  const quantity = input.quantity * tc.seatsPerTicket;
  if (scope.kind === "season") return holdBestByReading(deps, input, scope, layout, quantity, client, via);

  const seated = layout.blocks.filter((b) => b.kind === "seated").map((b) => b.id);
  const blocks = input.blockId === undefined ? seated : seated.filter((id) => id === input.blockId);
  if (blocks.length === 0) return { status: "sold_out", ticketCategoryIds: [tc.id] };
  await ensureRanks(deps, scope.dateIds[0]!, scope.layout);
  const pool: BestPool = {
    dateId: scope.dateIds[0]!,
    tc: tc.id,
    category: tc.seatingCategoryId,
    blocks,
    restricted: blocks.length < scope.layout.blocks.filter((b) => b.kind === "seated").length,
  };
  const { quota, perCategory } = unitsOf(scope, [{ tc, places: quantity }]);
  const choose = (free: string[]) =>
    bestAvailable(layout, free, { quantity, categoryId: tc.seatingCategoryId, ...(input.blockId ? { blockId: input.blockId } : {}), maxCandidates: 1 })[0] ?? null;
  const taking: Taking = {
    perCategory,
    counts: [],
    quota,
    area: new Map(),
    tcOf: () => tc.id,
    take: taker(deps, scope, pool, quantity, quota, choose),
  };
  try {
    return await holdTaking(deps, scope, input.cart, taking, client, channel);
  } catch (err) {
    // A category without N free seats is sold out, whatever the rules say of N more tickets (as
    // when the server read the free seats first): only then is the refusal checked for it.
    if (err instanceof AppError && RULE_REFUSALS.has(err.code) && (await countFree(deps.database.seats, pool)) < quantity) {
      return { status: "sold_out", ticketCategoryIds: [tc.id] };
    }
    throw err;
  }
}

/** Refusals of the rules of ticket categories (shop/rules-gate.ts) and of a cart's size. */
const RULE_REFUSALS = new Set<AppErrorCode>(["TICKETS_ABOVE_MAX", "TICKETS_BELOW_MIN", "SEATS_PER_TICKET", "SOLD_OUT", "TICKET_NOT_SELECTABLE"]);

/** How many of the best free seats the statement first looks at (their worst rank is its cut), by seats wanted. */
const baseLimit = (quantity: number) => 8 + 4 * quantity;
/** How much further a statement that could not prove its choice looks the next time. */
const GROWTH = 4;
/** The limit that last proved its choice, per date, category and seats wanted (halved after each first-try success). */
const limits = new Map<string, number>();

/**
 * The statement, looking further until its choice is proven (see BestReport): held, or refused by
 * the counters or the cart's version (decided by holdOnce). With no run of N among every free
 * seat: the pure rule's fallback in one transaction. With fewer than N seats to lock but more
 * free in the committed state, the seats left are all being taken by others at that moment: the
 * next tries first wait for the locks on the N best free seats (`Contended`), so a buyer is not
 * passed over again and again; when fewer than N are free, it is sold out.
 */
function taker(deps: AppDeps, scope: ShopScope, pool: BestPool, quantity: number, quota: Map<string, number>, choose: (free: string[]) => string[] | null): Taking["take"] {
  const db = deps.database.seats;
  let wait = false;
  let rounds = 0;
  return async (cart: HoldCart) => {
    const base = {
      scope: { kind: scope.kind, dateIds: scope.dateIds, scopeId: scope.scopeId, event: scope.event },
      cart,
      items: [],
      quota,
      area: new Map<string, number>(),
      fast: deps.database.kind === "postgres",
      pool,
      quantity,
    };
    const soldOut = { status: "sold_out" as const, ticketCategoryIds: [pool.tc] };
    const key = `${pool.dateId}:${pool.tc}:${pool.blocks.length === 1 ? pool.blocks[0] : ""}:${quantity}`;
    const first = limits.get(key) ?? baseLimit(quantity);
    for (let limit = first; ; limit *= GROWTH) {
      const res = await runHoldBestStatement(db, { ...base, limit, wait });
      if (res.best.proven) {
        remember(key, limit === first ? Math.max(baseLimit(quantity), Math.floor(limit / 2)) : limit);
        return res;
      }
      if (res.best.seen >= limit) continue; // free seats beyond the cut: look further
      // No run of N among the free seats not locked by others: the pure rule's fallback, over
      // every free seat (seats alone for good included: they can be parts).
      if (res.best.pooled >= quantity || (quantity >= 2 && res.best.pooled + (await countFree(db, pool, true)) >= quantity)) {
        const { result } = await holdChosen(db, { ...base, wait }, choose);
        if (result) return result;
      }
      if ((await countFree(db, pool)) < quantity || ++rounds > WAIT_ROUNDS) return soldOut;
      wait = true;
      throw new Contended();
    }
  };
}

/** Tries of a buyer who keeps finding the seats left locked by others (each waits for some of them). */
const WAIT_ROUNDS = 50;

/** A remembered limit is at most this: a buyer who once had to look far does not make every buyer lock that many seats. */
const MAX_REMEMBERED = 256;

function remember(key: string, limit: number): void {
  if (limits.size > 10_000) limits.clear();
  limits.set(key, Math.min(limit, MAX_REMEMBERED));
}

/** Dates whose seats all have their best-available rank (checked once per date and instance). */
const ranked = new Set<string>();

/** Checks or fills in flight, per date: buyers arriving together at a date share one (an on-sale's first second). */
const filling = new Map<string, Promise<boolean>>();

/** Fills the ranks of an inventory written before ranks existed (inventory/materialise.ts). */
async function ensureRanks(deps: AppDeps, dateId: string, layout: SeatingLayout): Promise<void> {
  if (ranked.has(dateId)) return;
  let fill = filling.get(dateId);
  if (!fill) {
    fill = fillBestRanks(deps.database.db, dateId, layout).finally(() => filling.delete(dateId));
    filling.set(dateId, fill);
  }
  if (!(await fill)) return;
  if (ranked.size > 100_000) ranked.clear();
  ranked.add(dateId);
}

/**
 * Best available of a season (and the way every scope worked before decision 031): reads the
 * seats free on every date, chooses the best groups with the pure rule and tries the best three
 * with the hold statement, three times.
 */
async function holdBestByReading(
  deps: AppDeps,
  input: HoldBestInput,
  scope: ShopScope,
  layout: SeatingLayout,
  quantity: number,
  client: HoldClient | null,
  via: HoldChannel | undefined,
): Promise<HoldResult> {
  const tc = scope.categories.find((c) => c.id === input.ticketCategoryId)!;
  for (let attempt = 0; attempt < 3; attempt++) {
    const free = await freeSeatKeys(deps.database.db, scope.dateIds, tc.seatingCategoryId, input.blockId);
    const groups = bestAvailable(layout, free, {
      quantity,
      categoryId: tc.seatingCategoryId,
      ...(input.blockId ? { blockId: input.blockId } : {}),
      maxCandidates: 3,
    });
    if (groups.length === 0) return { status: "sold_out", ticketCategoryIds: [tc.id] };
    for (const group of groups) {
      const result = await hold(deps, { scopeId: input.scopeId, access: input.access, cart: input.cart, seats: group.map((key) => ({ key, ticketCategoryId: tc.id })), counts: [] }, client, via);
      if (result.status !== "taken") return result;
    }
  }
  return { status: "taken", taken: [] };
}
