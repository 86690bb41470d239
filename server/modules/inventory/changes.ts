import type { SeatStatus } from "../../../shared/enums";
import type { CounterState, SeatState } from "../../../shared/schemas/shop";
import type { AppDeps } from "../../deps";
import type { ShopScope } from "../shop/scope";

/** Announcements collected inside a transaction, sent only after it committed (per channel: a date or a season). */
export type Changes = Map<string, { seats: SeatState[]; counters: CounterState[] }>;

/** Where a scope's changes are announced: its dates, and for a season the season's own channel too. */
export type ScopeChannels = { kind: "date" | "season"; scopeId: string };

export type SeatChangeRow = { d: string; k: string; v: number; s: SeatStatus };
export type CounterRow = { k: string; cap: number; held: number; sold: number; v: number };

export function addChange(changes: Changes, channel: string, part: { seats?: SeatState[]; counters?: CounterState[] }): void {
  let c = changes.get(channel);
  if (!c) changes.set(channel, (c = { seats: [], counters: [] }));
  c.seats.push(...(part.seats ?? []));
  c.counters.push(...(part.counters ?? []));
}

/** Scopes a transaction sold places of: told to the sold-out check once it committed. */
const sales = new WeakMap<Changes, ShopScope[]>();

/** A sale in the transaction collecting `changes`: its scope's sold-out check follows the commit. */
export function noteSale(changes: Changes, scope: ShopScope): void {
  const scopes = sales.get(changes) ?? [];
  if (!scopes.some((s) => s.scopeId === scope.scopeId)) scopes.push(scope);
  sales.set(changes, scopes);
}

/** Committed seat and counter changes to their channels' watchers. */
export function publishChanges(bus: Pick<AppDeps["bus"], "announce">, changes: Changes): void {
  for (const [channel, c] of changes) bus.announce(channel, c);
}

/**
 * After the transaction committed: its seat and counter changes to the watchers; for its sales,
 * the fold of their counters (./fold.ts), then the sold-out check. Resolves once those folds ran:
 * a caller answering a sale awaits it, so what it answers (and the counters after it) is settled.
 */
export async function announceChanges(deps: AppDeps, changes: Changes): Promise<void> {
  publishChanges(deps.bus, changes);
  const scopes = sales.get(changes) ?? [];
  sales.delete(changes);
  await Promise.all(
    scopes.map(async (scope) => {
      await deps.folds.fold(scope.scopeId);
      deps.soldOut.poke(scope);
    }),
  );
}

/** Seat rows changed by a statement: on their date's channel, and a season's view of them on the season's. */
export function addSeatChanges(scope: ScopeChannels, rows: SeatChangeRow[], changes: Changes): void {
  const seasonView = new Map<string, SeatState>();
  for (const r of rows) {
    addChange(changes, r.d, { seats: [{ k: r.k, s: r.s, v: Number(r.v) }] });
    if (scope.kind === "season") {
      const known = seasonView.get(r.k);
      if (!known || known.v < Number(r.v)) seasonView.set(r.k, { k: r.k, s: r.s, v: Number(r.v) });
    }
  }
  if (seasonView.size > 0) addChange(changes, scope.scopeId, { seats: [...seasonView.values()] });
}

export function addCounterChanges(channel: string, rows: CounterRow[], changes: Changes): void {
  if (rows.length === 0) return;
  addChange(changes, channel, { counters: rows.map((m) => ({ k: m.k, cap: Number(m.cap), held: Number(m.held), sold: Number(m.sold), v: Number(m.v) })) });
}
