import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { SeatStatus } from "../../../shared/enums";
import { ticketsForPlaces, validateSelection } from "../../../shared/rules/ticket-selection";
import {
  type CartCredentials,
  type CounterState,
  MAX_PLACES_PER_CART,
  type SeatState,
  type ZHoldInput,
  type ZReleaseInput,
} from "../../../shared/schemas/shop";
import { bestAvailable } from "../../../shared/seating/best-available";
import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../trpc/app-error";
import { computeRemaining } from "./availability";
import { loadScope, openScope, ruleCategory, ruleContext, type ShopScope, type TicketCategoryRow } from "./scope";
import { pgArray, txRows } from "./sql";

export type CartInfo = { id: string; secret: string | null; scopeId: string; expiresAt: Date; extended: boolean };

export type HoldResult =
  | { status: "held"; cart: CartInfo; seats: string[] }
  | { status: "taken"; taken: string[] }
  | { status: "sold_out"; ticketCategoryIds: string[] };

type HoldInput = z.output<typeof ZHoldInput>;
type ReleaseInput = z.output<typeof ZReleaseInput>;

/** Announcements collected inside a transaction, sent only after it committed. */
export type Changes = Map<string, { seats: SeatState[]; counters: CounterState[] }>;

const HELD_STATUSES = "('PAYMENT_PENDING','SEASON_BLOCKED')";

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function addChange(changes: Changes, channel: string, part: { seats?: SeatState[]; counters?: CounterState[] }): void {
  let c = changes.get(channel);
  if (!c) changes.set(channel, (c = { seats: [], counters: [] }));
  c.seats.push(...(part.seats ?? []));
  c.counters.push(...(part.counters ?? []));
}

export function announceChanges(deps: AppDeps, changes: Changes): void {
  for (const [channel, c] of changes) deps.bus.announce(channel, c);
}


type CartRow = { id: string; secret_hash: string; scope_id: string; state: string; expires_at: Date | string; extended: boolean };

/** The buyer's cart, locked for this transaction, or the reason it cannot be used. */
async function lockCart(tx: DbOrTx, credentials: CartCredentials, scopeId?: string, fast = false): Promise<CartRow> {
  // `fast`: holds never wait on a disk flush (a hold lost in a database crash is re-checked at
  // payment); set in the same round trip as the lock.
  const [cart] = await txRows<CartRow>(
    tx,
    sql`select ${fast ? sql`set_config('synchronous_commit', 'off', true) as _sc, ` : sql``}id, secret_hash, scope_id, state, expires_at, extended
        from carts where id = ${credentials.id} for update`,
  );
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (scopeId && cart.scope_id !== scopeId) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (cart.state !== "active" || new Date(cart.expires_at).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
  return cart;
}

type Holdings = { seats: { tc: string; n: number }[]; items: { tc: string; area: string; n: number }[] };

function selectionOf(scope: ShopScope, holdings: Holdings, extra: Map<string, number>) {
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const places = new Map<string, number>();
  const add = (tc: string, n: number) => places.set(tc, (places.get(tc) ?? 0) + n);
  for (const s of holdings.seats) add(s.tc, Number(s.n));
  for (const i of holdings.items) add(i.tc, Number(i.n) * (byId.get(i.tc)?.seatsPerTicket ?? 1));
  for (const [tc, n] of extra) add(tc, n);
  const selection = new Map<string, { tickets: number; places: number }>();
  for (const [tc, p] of places) {
    const category = byId.get(tc);
    selection.set(tc, { places: p, tickets: category ? ticketsForPlaces(category, p) : p });
  }
  return selection;
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
  tx: DbOrTx,
  scope: ShopScope,
  selection: Map<string, { tickets: number; places: number }>,
  stage: "hold" | "order",
  added?: Set<string>,
): Promise<void> {
  const needsRemaining = scope.categories.some((c) => c.selectability === "other_sold_out");
  const remaining = needsRemaining ? await computeRemaining(tx, scope) : new Map(scope.categories.map((c) => [c.id, Number.MAX_SAFE_INTEGER]));
  const errors = validateSelection(scope.categories.map(ruleCategory), selection, ruleContext(scope, remaining), { stage, ...(added ? { added } : {}) });
  const first = errors[0];
  if (first) throw new AppError(RULE_ERRORS[first.code], { field: "ticketCategoryId", detail: first.categoryId });
}

type Place = { tc: TicketCategoryRow; places: number };

/** Checks the request against the plan and returns the counter units it takes. */
function planRequest(scope: ShopScope, input: Pick<HoldInput, "seats" | "counts">) {
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
    return { key: s.key, tc, seatingCategory: tc.seatingCategoryId };
  });
  const counts = input.counts.map((c) => {
    const tc = category(c.ticketCategoryId);
    if (scope.layout) {
      const block = c.areaId ? blocks.get(c.areaId) : undefined;
      if (block?.kind !== "standing") throw new AppError("NOT_FOUND", { field: "areaId" });
      if (tc.seatingCategoryId && block.categoryId !== tc.seatingCategoryId) throw new AppError("TICKET_NOT_SELECTABLE", { field: "ticketCategoryId", detail: tc.id });
      if (scope.kind === "season") throw new AppError("NOT_FOUND", { field: "areaId" });
    } else if (c.areaId) {
      throw new AppError("NOT_FOUND", { field: "areaId" });
    }
    return { tc, areaId: c.areaId ?? "", quantity: c.quantity };
  });
  const places: Place[] = [...seats.map((s) => ({ tc: s.tc, places: 1 })), ...counts.map((c) => ({ tc: c.tc, places: c.quantity * c.tc.seatsPerTicket }))];
  const quota = new Map<string, number>();
  const area = new Map<string, number>();
  const perCategory = new Map<string, number>();
  const attendeeLimit = scope.kind === "season" ? scope.event.dailySeasonTicketLimit : scope.event.dailyAttendeeLimit;
  for (const p of places) {
    quota.set(`ticket:${p.tc.id}`, (quota.get(`ticket:${p.tc.id}`) ?? 0) + p.places);
    if (attendeeLimit !== null) quota.set("attendees", (quota.get("attendees") ?? 0) + p.places);
    perCategory.set(p.tc.id, (perCategory.get(p.tc.id) ?? 0) + p.places);
  }
  for (const c of counts) if (c.areaId) area.set(c.areaId, (area.get(c.areaId) ?? 0) + c.quantity * c.tc.seatsPerTicket);
  return { seats, counts, quota, area, perCategory };
}

/** Moves counters by `deltas` (positive: hold, negative: give back); all or nothing. */
async function moveCounters(tx: DbOrTx, scope: ShopScope, quota: Map<string, number>, area: Map<string, number>, changes: Changes): Promise<string[]> {
  const failed: string[] = [];
  if (quota.size > 0) {
    const wanted = [...quota].map(([k, n]) => ({ k, n }));
    const moved = await txRows<{ k: string; cap: number; held: number; sold: number; v: number }>(
      tx,
      sql`update quota_inventory q set held = q.held + d.n, version = q.version + 1
          from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as d(k text, n int)
          where q.scope_id = ${scope.scopeId} and q.counter_key = d.k and q.held + d.n >= 0 and q.held + q.sold + d.n <= q.capacity
          returning q.counter_key as k, q.capacity as cap, q.held as held, q.sold as sold, q.version as v`,
    );
    const got = new Set(moved.map((m) => m.k));
    failed.push(...wanted.filter((w) => !got.has(w.k)).map((w) => w.k));
    addChange(changes, scope.scopeId, { counters: moved.map((m) => ({ k: m.k, cap: m.cap, held: m.held, sold: m.sold, v: m.v })) });
  }
  if (area.size > 0) {
    const wanted = [...area].map(([k, n]) => ({ k, n }));
    const moved = await txRows<{ k: string; cap: number; held: number; sold: number; v: number }>(
      tx,
      sql`update area_inventory a set held = a.held + d.n, version = a.version + 1
          from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as d(k text, n int)
          where a.event_date_id = ${scope.scopeId} and a.area_id = d.k and a.held + d.n >= 0 and a.held + a.sold + d.n <= a.capacity
          returning a.area_id as k, a.capacity as cap, a.held as held, a.sold as sold, a.version as v`,
    );
    const got = new Set(moved.map((m) => m.k));
    failed.push(...wanted.filter((w) => !got.has(w.k)).map((w) => `area:${w.k}`));
    addChange(changes, scope.scopeId, { counters: moved.map((m) => ({ k: `area:${m.k}`, cap: m.cap, held: m.held, sold: m.sold, v: m.v })) });
  }
  return failed;
}

export function seatChangeRows(scope: ShopScope, rows: { d: string; k: string; v: number; s: SeatStatus }[], changes: Changes): void {
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

/** A lost hold whose missing seats were only locked by transactions still running: try again. */
class Contended extends Error {
  constructor() {
    super("hold contended");
  }
}

/** Tries of a hold that lost only to seats locked by transactions still in flight. */
const HOLD_ATTEMPTS = 6;

/**
 * Why the seats a hold statement skipped were missing. SKIP LOCKED also skips seats another
 * transaction has locked but may yet give up (a losing hold rolls back), so the committed state
 * decides: seats that do not exist, seats of another seating category, seats really held or
 * sold, and seats that are free but were locked at that moment (`locked`).
 */
async function missingSeats(tx: DbOrTx, scope: ShopScope, seats: { key: string; cat: string | null }[]) {
  const rows = await txRows<{ k: string; total: number; fits: number; free: number }>(
    tx,
    sql`with req as (select r.key, r.cat from jsonb_to_recordset(${JSON.stringify(seats)}::jsonb) as r(key text, cat text))
        select req.key as k, count(s.seat_key)::int as total,
          count(s.seat_key) filter (where req.cat is null or s.category_id = req.cat)::int as fits,
          count(s.seat_key) filter (where (req.cat is null or s.category_id = req.cat)
            and (s.status = 'FREE' or (s.status in ${sql.raw(HELD_STATUSES)} and s.held_until < now())))::int as free
        from req left join seat_inventory s on s.seat_key = req.key and s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[])
        group by req.key`,
  );
  const n = scope.dateIds.length;
  const byKey = new Map(rows.map((r) => [r.k, r]));
  const out = { unknown: [] as string[], otherCategory: [] as string[], taken: [] as string[], locked: [] as string[] };
  for (const seat of seats) {
    const r = byKey.get(seat.key);
    if (!r || Number(r.total) < n) out.unknown.push(seat.key);
    else if (Number(r.fits) < n) out.otherCategory.push(seat.key);
    else if (Number(r.free) < n) out.taken.push(seat.key);
    else out.locked.push(seat.key);
  }
  return out;
}

/** Holds seats and counted places for a buyer's cart (creating the cart on the first hold). */
export async function hold(deps: AppDeps, input: HoldInput): Promise<HoldResult> {
  const scope = await openScope(deps, input.scopeId, input.access);
  const plan = planRequest(scope, input);
  for (let attempt = 1; ; attempt++) {
    try {
      return await holdOnce(deps, input, scope, plan, attempt >= HOLD_ATTEMPTS);
    } catch (err) {
      if (err instanceof CartChanged) {
        // Only a cart changing all the time (the buyer's tabs racing each other) gets here.
        if (attempt < CART_CHANGED_ATTEMPTS) continue;
        throw new AppError("CONFLICT", { field: "cart" });
      }
      if (!(err instanceof Contended)) throw err;
      // The lock holders finish within milliseconds (a losing one rolls back at once).
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8 * attempt));
    }
  }
}

/** The cart changed between reading it and the hold statement (another hold or release of the same cart). */
class CartChanged extends Error {
  constructor() {
    super("cart changed");
  }
}
const CART_CHANGED_ATTEMPTS = 20;

type CartView = CartRow & { version: number; seats: { tc: string; n: number }[]; items: { tc: string; area: string; n: number }[] };

/**
 * What this instance knows of carts it served, at a version: a buyer's next hold needs no read
 * (the hold statement checks the version; a cart changed elsewhere is read again).
 */
type KnownCart = { version: number; secretHash: string; scopeId: string; holdings: Holdings };
const knownCarts = new Map<string, KnownCart>();
const MAX_KNOWN_CARTS = 50_000;

function rememberCart(id: string, cart: KnownCart): void {
  if (!knownCarts.has(id) && knownCarts.size >= MAX_KNOWN_CARTS) knownCarts.clear();
  knownCarts.set(id, cart);
}

/** The holdings after adding (or, with `sign` -1, removing) places of ticket categories. */
function adjustHoldings(h: Holdings, seats: Map<string, number>, items: { tc: string; area: string; n: number }[], sign: 1 | -1): Holdings {
  const seatCount = new Map(h.seats.map((x) => [x.tc, x.n]));
  for (const [tc, n] of seats) seatCount.set(tc, (seatCount.get(tc) ?? 0) + sign * n);
  const itemCount = new Map(h.items.map((x) => [`${x.tc}|${x.area}`, { ...x }]));
  for (const i of items) {
    const known = itemCount.get(`${i.tc}|${i.area}`) ?? { tc: i.tc, area: i.area, n: 0 };
    itemCount.set(`${i.tc}|${i.area}`, { ...known, n: known.n + sign * i.n });
  }
  return {
    seats: [...seatCount].filter(([, n]) => n > 0).map(([tc, n]) => ({ tc, n })),
    items: [...itemCount.values()].filter((x) => x.n > 0),
  };
}

/** The cart as this instance last left it, if the credentials and scope match. */
function knownCart(scope: ShopScope, credentials: CartCredentials): (KnownCart & { id: string }) | null {
  const known = knownCarts.get(credentials.id);
  if (!known || known.scopeId !== scope.scopeId || known.secretHash !== hashSecret(credentials.secret)) return null;
  return { ...known, id: credentials.id };
}

/** A cart and what it holds, read without locks (the hold statement checks the version). */
async function readCartForHold(db: DbOrTx, scope: ShopScope, credentials: CartCredentials): Promise<CartView> {
  const [cart] = await txRows<CartView>(
    db,
    sql`select c.id, c.secret_hash, c.scope_id, c.state, c.expires_at, c.extended, c.version,
          (select coalesce(json_agg(json_build_object('tc', x.tc, 'n', x.n)), '[]'::json) from (
             select ticket_category_id::text as tc, count(distinct seat_key)::int as n from seat_inventory
             where hold_id = c.id and event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and status in ${sql.raw(HELD_STATUSES)}
             group by ticket_category_id) x) as seats,
          (select coalesce(json_agg(json_build_object('tc', i.ticket_category_id, 'area', i.area_id, 'n', i.quantity)), '[]'::json)
             from cart_items i where i.cart_id = c.id and i.quantity > 0) as items
        from carts c where c.id = ${credentials.id}`,
  );
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret) || cart.scope_id !== scope.scopeId) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (cart.state !== "active" || new Date(cart.expires_at).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
  const view = { ...cart, version: Number(cart.version), seats: parseJson(cart.seats), items: parseJson(cart.items) };
  rememberCart(cart.id, { version: view.version, secretHash: cart.secret_hash, scopeId: cart.scope_id, holdings: { seats: view.seats, items: view.items } });
  return view;
}

/** json columns arrive parsed from postgres.js and PGlite; text from anything else. */
function parseJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

type HoldStatementInput = {
  scope: Pick<ShopScope, "kind" | "dateIds" | "scopeId" | "event">;
  /** An existing cart at the version read, or a new one created by the statement. */
  cart: { id: string; version: number } | { id: string; secretHash: string; ttlSeconds: number };
  seats: { key: string; tc: string; cat: string | null }[];
  /** Counted tickets (standing areas, events without a plan) added to the cart. */
  items: { tc: string; area: string; quantity: number }[];
  quota: Map<string, number>;
  area: Map<string, number>;
  /** Holds never wait on a disk flush (a hold lost in a database crash is re-checked at payment). */
  fast: boolean;
};

type HoldStatementResult = {
  /** The cart, when the statement held everything; otherwise nothing changed. */
  cart: { expires_at: string | Date; extended: boolean; version: number } | null;
  won: { d: string; k: string; v: number; s: SeatStatus }[];
  /** Seats (date, key) free and not locked when the statement ran. */
  avail: { d: string; k: string }[];
  /** Counter keys with room for their part of the request. */
  fits: string[];
  counters: { k: string; cap: number; held: number; sold: number; v: number }[];
};

/**
 * The hold statement (ARCHITECTURE "Seat inventory and holds"): one statement, its own
 * transaction, takes every requested seat that is free (or whose hold expired) on every date of
 * the scope, skipping locked rows, and the counter units of the request (ticket quotas, daily
 * attendee limit, standing areas), and writes the cart's ledger; it changes anything only when
 * all of it is there and the cart is still as read (its version), otherwise nothing.
 *
 * Seats are locked with SKIP LOCKED (never waits); counter rows are locked in key order before
 * any of them changes, so whether each has room is known before the first write.
 */
export function holdStatement(input: HoldStatementInput): SQL {
  const { scope, cart, fast } = input;
  const status = scope.kind === "season" ? "SEASON_BLOCKED" : "PAYMENT_PENDING";
  const expected = input.seats.length * scope.dateIds.length;
  const q = [...input.quota].map(([k, n]) => ({ k, n })).sort((a, b) => (a.k < b.k ? -1 : 1));
  const a = [...input.area].map(([k, n]) => ({ k, n })).sort((x, y) => (x.k < y.k ? -1 : 1));
  const seatKeys = input.seats.map((x) => x.key);
  const cartStep =
    "version" in cart
      ? sql`update carts set version = version + 1
            where id = ${cart.id} and version = ${cart.version} and state = 'active' and expires_at > now() and (select ok from ready)
            returning expires_at, extended, version`
      : sql`insert into carts (id, secret_hash, event_id, scope_id, is_season, expires_at)
            select ${cart.id}, ${cart.secretHash}, ${scope.event.id}, ${scope.scopeId}, ${scope.kind === "season"}, now() + make_interval(secs => ${cart.ttlSeconds})
            where (select ok from ready)
            returning expires_at, extended, version`;
  // An existing cart is locked first, as the release statement does (one lock order: cart,
  // seats, counters); whether it is still as read is decided at its update below.
  const lockCart = "version" in cart ? sql`select 1 from carts where id = ${cart.id} for update` : sql`select 1`;
  return sql`with settings as (select ${fast ? sql`set_config('synchronous_commit', 'off', true)` : sql`''`} as v),
    lc as (${lockCart}),
    req as (select r.key, r.cat, r.tc from jsonb_to_recordset(${JSON.stringify(input.seats)}::jsonb) as r(key text, cat text, tc uuid)),
    want as (
      select s.event_date_id, s.seat_key, req.tc from seat_inventory s join req on s.seat_key = req.key
      where s.event_date_id = any(${pgArray(scope.dateIds)}::uuid[])
        -- The keys again as an array: the primary key finds them even before the fresh
        -- inventory has statistics (a join alone is planned as a scan of the whole date).
        and s.seat_key = any(${pgArray(seatKeys)}::text[])
        and (req.cat is null or s.category_id = req.cat)
        and (s.status = 'FREE' or (s.status in ${sql.raw(HELD_STATUSES)} and s.held_until < now()))
        and exists (select 1 from lc)
      for update of s skip locked),
    dq as (select k, n from jsonb_to_recordset(${JSON.stringify(q)}::jsonb) as d(k text, n int)),
    da as (select k, n from jsonb_to_recordset(${JSON.stringify(a)}::jsonb) as d(k text, n int)),
    lq as (
      select q.counter_key as k, q.held + q.sold + dq.n <= q.capacity as fits from quota_inventory q join dq on q.counter_key = dq.k
      where q.scope_id = ${scope.scopeId} and (select count(*) from want) = ${expected}
      order by q.counter_key for update of q),
    la as (
      select 'area:' || a.area_id as k, a.held + a.sold + da.n <= a.capacity as fits from area_inventory a join da on a.area_id = da.k
      where a.event_date_id = ${scope.scopeId} and (select count(*) from want) = ${expected}
      order by a.area_id for update of a),
    ready as (
      select (select count(*) from want) = ${expected}
        and (select count(*) from lq where fits) = ${q.length}
        and (select count(*) from la where fits) = ${a.length}
        and (select v from settings) is not null as ok),
    cart as (${cartStep}),
    uq as (
      update quota_inventory q set held = q.held + dq.n, version = q.version + 1 from dq
      where q.scope_id = ${scope.scopeId} and q.counter_key = dq.k and exists (select 1 from cart)
      returning q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    ua as (
      update area_inventory a set held = a.held + da.n, version = a.version + 1 from da
      where a.event_date_id = ${scope.scopeId} and a.area_id = da.k and exists (select 1 from cart)
      returning 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v),
    upd as (
      update seat_inventory s set status = ${status}, hold_id = ${cart.id}, ticket_category_id = want.tc,
        held_until = (select expires_at from cart), version = s.version + 1
      from want
      where s.event_date_id = want.event_date_id and s.seat_key = want.seat_key and exists (select 1 from cart)
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s),
    ledger as (
      insert into cart_counts (cart_id, counter_key, quantity)
      select ${cart.id}, x.k, x.n from (select k, n from dq union all select 'area:' || k, n from da) as x
      where exists (select 1 from cart)
      on conflict (cart_id, counter_key) do update set quantity = cart_counts.quantity + excluded.quantity
      returning 1),
    items as (
      insert into cart_items (cart_id, ticket_category_id, area_id, quantity)
      select ${cart.id}, i.tc, i.area, i.quantity from jsonb_to_recordset(${JSON.stringify(input.items)}::jsonb) as i(tc uuid, area text, quantity int)
      where exists (select 1 from cart)
      on conflict (cart_id, ticket_category_id, area_id) do update set quantity = cart_items.quantity + excluded.quantity
      returning 1)
    select
      (select row_to_json(c) from cart c) as cart,
      (select coalesce(json_agg(u), '[]'::json) from upd u) as won,
      (select coalesce(json_agg(json_build_object('d', w.event_date_id, 'k', w.seat_key)), '[]'::json) from want w) as avail,
      (select coalesce(json_agg(f.k), '[]'::json) from (select k from lq where fits union all select k from la where fits) f) as fits,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters,
      (select count(*) from ledger) + (select count(*) from items) as written`;
}

async function runHoldStatement(db: DbOrTx, input: HoldStatementInput): Promise<HoldStatementResult> {
  const [row] = await txRows<Record<keyof HoldStatementResult, unknown>>(db, holdStatement(input));
  return {
    cart: parseJson(row!.cart as HoldStatementResult["cart"]),
    won: parseJson(row!.won as HoldStatementResult["won"]),
    avail: parseJson(row!.avail as HoldStatementResult["avail"]),
    fits: parseJson(row!.fits as string[]),
    counters: parseJson(row!.counters as HoldStatementResult["counters"]),
  };
}

/**
 * One try of a hold: the cart and its holdings are read and the rules checked (no locks), then
 * one statement takes seats and counters if the cart is still as read. A cart changed meanwhile
 * (the buyer's other tab) is read again; seats only locked by holds still in flight are tried
 * again (`Contended`).
 */
async function holdOnce(deps: AppDeps, input: HoldInput, scope: ShopScope, plan: ReturnType<typeof planRequest>, lastAttempt: boolean): Promise<HoldResult> {
  const db = deps.database.seats;
  const existing = input.cart
    ? (knownCart(scope, input.cart) ?? (await readCartForHold(db, scope, input.cart).then((v) => ({ id: v.id, version: v.version, holdings: { seats: v.seats, items: v.items } }))))
    : null;
  const holdings: Holdings = existing?.holdings ?? { seats: [], items: [] };
  const selection = selectionOf(scope, holdings, plan.perCategory);
  const total = [...selection.values()].reduce((n, s) => n + s.places, 0);
  if (total > MAX_PLACES_PER_CART) throw new AppError("TICKETS_ABOVE_MAX", { field: "seats" });
  await assertSelectionAllowed(db, scope, selection, "hold", new Set(plan.perCategory.keys()));

  const secret = existing ? null : randomBytes(24).toString("base64url");
  const cartId = existing?.id ?? randomUUID();
  const seats = plan.seats.map((s) => ({ key: s.key, tc: s.tc.id, cat: s.seatingCategory }));
  const res = await runHoldStatement(db, {
    scope,
    cart: existing ? { id: existing.id, version: existing.version } : { id: cartId, secretHash: hashSecret(secret!), ttlSeconds: deps.config.HOLD_TTL_SECONDS },
    seats,
    items: plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, quantity: c.quantity })),
    quota: plan.quota,
    area: plan.area,
    fast: deps.database.kind === "postgres",
  });

  if (!res.cart) {
    if (res.avail.length < seats.length * scope.dateIds.length) {
      const perKey = new Map<string, number>();
      for (const r of res.avail) perKey.set(r.k, (perKey.get(r.k) ?? 0) + 1);
      const missing = await missingSeats(
        db,
        scope,
        plan.seats.filter((s) => perKey.get(s.key) !== scope.dateIds.length).map((s) => ({ key: s.key, cat: s.seatingCategory })),
      );
      if (missing.unknown.length > 0) throw new AppError("SEAT_NOT_FOUND", { field: "seats", detail: missing.unknown[0] });
      if (missing.otherCategory.length > 0) {
        const seat = plan.seats.find((s) => s.key === missing.otherCategory[0]);
        throw new AppError("TICKET_NOT_SELECTABLE", { field: "ticketCategoryId", detail: seat?.tc.id });
      }
      // Seats only locked by a hold still running are not known to be taken yet.
      if (missing.taken.length === 0 && !lastAttempt) throw new Contended();
      return { status: "taken", taken: missing.taken.length > 0 ? missing.taken : missing.locked };
    }
    const fits = new Set(res.fits);
    const failed = [...plan.quota.keys(), ...[...plan.area.keys()].map((k) => `area:${k}`)].filter((k) => !fits.has(k));
    if (failed.length > 0) {
      const ids = failed.map((k) => (k.startsWith("ticket:") ? k.slice(7) : null)).filter((k): k is string => k !== null);
      return { status: "sold_out", ticketCategoryIds: ids.length > 0 ? ids : [...plan.perCategory.keys()] };
    }
    // Everything was there but the cart was not as read (or not active any more): read it again.
    knownCarts.delete(cartId);
    throw new CartChanged();
  }

  const wonKeys = new Set(res.won.map((r) => r.k));
  const added = new Map<string, number>();
  for (const seat of plan.seats) if (wonKeys.has(seat.key)) added.set(seat.tc.id, (added.get(seat.tc.id) ?? 0) + 1);
  rememberCart(cartId, {
    version: Number(res.cart.version),
    secretHash: hashSecret(input.cart ? input.cart.secret : secret!),
    scopeId: scope.scopeId,
    holdings: adjustHoldings(holdings, added, plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, n: c.quantity })), 1),
  });

  const changes: Changes = new Map();
  seatChangeRows(scope, res.won, changes);
  addChange(changes, scope.scopeId, { counters: res.counters.map((m) => ({ k: m.k, cap: Number(m.cap), held: Number(m.held), sold: Number(m.sold), v: Number(m.v) })) });
  announceChanges(deps, changes);
  return {
    status: "held",
    cart: { id: cartId, secret, scopeId: scope.scopeId, expiresAt: new Date(res.cart.expires_at), extended: res.cart.extended },
    seats: [...new Set(res.won.map((r) => r.k))],
  };
}

/** Best available: N adjacent seats of a ticket category's seats (shared/seating/best-available.ts), held in one step. */
export async function holdBest(
  deps: AppDeps,
  input: { scopeId: string; access?: string | undefined; cart: CartCredentials | null; ticketCategoryId: string; quantity: number; blockId?: string | undefined },
): Promise<HoldResult> {
  const scope = await openScope(deps, input.scopeId, input.access);
  const tc = scope.categories.find((c) => c.id === input.ticketCategoryId);
  if (!tc) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
  if (!scope.layout) throw new AppError("SEAT_NOT_FOUND", { field: "seats" });
  const seats = input.quantity * tc.seatsPerTicket;
  for (let attempt = 0; attempt < 3; attempt++) {
    const free = await freeSeatKeys(deps.database.db, scope, tc.seatingCategoryId, input.blockId);
    const groups = bestAvailable(scope.layout, free, {
      quantity: seats,
      categoryId: tc.seatingCategoryId,
      ...(input.blockId ? { blockId: input.blockId } : {}),
      maxCandidates: 3,
    });
    if (groups.length === 0) return { status: "sold_out", ticketCategoryIds: [tc.id] };
    for (const group of groups) {
      const result = await hold(deps, {
        scopeId: input.scopeId,
        access: input.access,
        cart: input.cart,
        seats: group.map((key) => ({ key, ticketCategoryId: tc.id })),
        counts: [],
      });
      if (result.status !== "taken") return result;
    }
  }
  return { status: "taken", taken: [] };
}

/** Seat keys free on every date of the scope (an expired hold counts as free). */
export async function freeSeatKeys(db: DbOrTx, scope: ShopScope, seatingCategory: string | null, blockId?: string): Promise<string[]> {
  const rows = await txRows<{ k: string }>(
    db,
    sql`select seat_key as k from seat_inventory
        where event_date_id = any(${pgArray(scope.dateIds)}::uuid[])
          and (status = 'FREE' or (status in ${sql.raw(HELD_STATUSES)} and held_until < now()))
          ${seatingCategory ? sql`and category_id = ${seatingCategory}` : sql``}
          ${blockId ? sql`and block_id = ${blockId}` : sql``}
        group by seat_key having count(*) = ${scope.dateIds.length}`,
  );
  return rows.map((r) => r.k);
}

type SeatReleaseRow = { d: string; k: string; v: number; s: SeatStatus; tc: string | null };

/** Frees seats of a cart and returns them (with the ticket category they were held as). */
async function releaseSeats(tx: DbOrTx, dateIds: string[], cartId: string, keys: string[] | "all"): Promise<SeatReleaseRow[]> {
  return txRows<SeatReleaseRow>(
    tx,
    sql`with old as (
          select event_date_id, seat_key, ticket_category_id from seat_inventory
          where hold_id = ${cartId} and event_date_id = any(${pgArray(dateIds)}::uuid[]) and status in ${sql.raw(HELD_STATUSES)}
            ${keys === "all" ? sql`` : sql`and seat_key = any(${pgArray(keys)}::text[])`}
          for update
        ), bump as (
          -- What the cart holds changed: a hold that read it before must read it again.
          update carts set version = version + 1 where id = ${cartId} and exists (select 1 from old)
        )
        update seat_inventory s set status = 'FREE', hold_id = null, held_until = null, ticket_category_id = null, version = s.version + 1
        from old where s.event_date_id = old.event_date_id and s.seat_key = old.seat_key
        returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s, old.ticket_category_id::text as tc`,
  );
}

/** Gives counter units back, never more than the cart's ledger says it holds. */
async function giveBack(tx: DbOrTx, scope: ShopScope, cartId: string, wanted: Map<string, number> | "all", changes: Changes): Promise<void> {
  const ledger = await txRows<{ k: string; n: number }>(tx, sql`select counter_key as k, quantity as n from cart_counts where cart_id = ${cartId}`);
  const quota = new Map<string, number>();
  const area = new Map<string, number>();
  const after: { k: string; n: number }[] = [];
  for (const entry of ledger) {
    const n = Math.min(Number(entry.n), wanted === "all" ? Number(entry.n) : (wanted.get(entry.k) ?? 0));
    if (n <= 0) continue;
    if (entry.k.startsWith("area:")) area.set(entry.k.slice(5), -n);
    else quota.set(entry.k, -n);
    after.push({ k: entry.k, n });
  }
  // The cart's own ledger first: the shared counter rows are then locked only until the commit.
  if (after.length > 0) {
    await tx.execute(sql`
      update cart_counts c set quantity = c.quantity - d.n from jsonb_to_recordset(${JSON.stringify(after)}::jsonb) as d(k text, n int)
      where c.cart_id = ${cartId} and c.counter_key = d.k`);
  }
  await moveCounters(tx, scope, quota, area, changes);
}

/** Deselecting: gives back seats and counted tickets of the cart (or everything with `all`). */
export async function release(deps: AppDeps, input: ReleaseInput): Promise<{ released: string[] }> {
  const changes: Changes = new Map();
  // The scope is read before the transaction: on PGlite (one connection) a read outside the
  // transaction would wait for it forever.
  const scope = await scopeOfCart(deps, await cartScopeId(deps, input.cart));
  if (input.all) {
    knownCarts.delete(input.cart.id);
    const released = await deps.database.db.transaction(async (tx) => {
      const cart = await lockCart(tx, input.cart, scope.scopeId, deps.database.kind === "postgres");
      const keys = await releaseCartContents(tx, scope, cart.id, changes);
      await tx.execute(sql`update carts set state = 'released' where id = ${cart.id}`);
      return keys;
    });
    announceChanges(deps, changes);
    return { released };
  }
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const counts = input.counts.map((c) => {
    const tc = byId.get(c.ticketCategoryId);
    if (!tc) throw new AppError("NOT_FOUND", { field: "ticketCategoryId" });
    return { tc: tc.id, area: c.areaId ?? "", quantity: c.quantity, spt: tc.seatsPerTicket };
  });
  const [row] = await txRows<{ state: string | null; expires_at: string | Date | null; version: number; bumped: number; freed: unknown; given: unknown; counters: unknown }>(
    deps.database.seats,
    releaseStatement({ scope, cartId: input.cart.id, secretHash: hashSecret(input.cart.secret), seatKeys: input.seatKeys, counts, fast: deps.database.kind === "postgres" }),
  );
  if (!row?.state) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (row.state !== "active" || new Date(row.expires_at!).getTime() <= Date.now()) throw new AppError("CART_EXPIRED", { field: "cart" });
  const freed = parseJson(row.freed as { d: string; k: string; v: number; s: SeatStatus; tc: string | null }[]);
  const counters = parseJson(row.counters as { k: string; cap: number; held: number; sold: number; v: number }[]);
  const known = knownCarts.get(input.cart.id);
  if (known && known.version === Number(row.version)) {
    // Follow the cart this instance knows to its new version.
    const removed = new Map<string, number>();
    for (const [, tc] of new Map(freed.map((f) => [f.k, f.tc]))) if (tc) removed.set(tc, (removed.get(tc) ?? 0) + 1);
    const given = parseJson(row.given as { tc: string; area: string; n: number }[]);
    known.version += Number(row.bumped);
    known.holdings = adjustHoldings(known.holdings, removed, given, -1);
  } else {
    knownCarts.delete(input.cart.id);
  }
  seatChangeRows(scope, freed, changes);
  addChange(changes, scope.scopeId, { counters: counters.map((m) => ({ k: m.k, cap: Number(m.cap), held: Number(m.held), sold: Number(m.sold), v: Number(m.v) })) });
  announceChanges(deps, changes);
  return { released: [...new Set(freed.map((r) => r.k))] };
}

/**
 * Giving back seats and counted tickets in one statement (its own transaction): the cart is
 * locked first (as in the hold statement), then its seats, then the counter rows in key order;
 * never more is given back than the cart holds (its items and its ledger). Nothing changes when
 * the cart is not the buyer's, not active or expired; the statement reports its state.
 */
export function releaseStatement(input: {
  scope: Pick<ShopScope, "dateIds" | "scopeId">;
  cartId: string;
  secretHash: string;
  seatKeys: string[];
  counts: { tc: string; area: string; quantity: number; spt: number }[];
  fast: boolean;
}): SQL {
  const { scope, cartId } = input;
  return sql`with settings as (select ${input.fast ? sql`set_config('synchronous_commit', 'off', true)` : sql`''`} as v),
    c as (select id, state, expires_at, version, secret_hash = ${input.secretHash} and scope_id = ${scope.scopeId} as mine from carts where id = ${cartId} for update),
    ok as (select exists (select 1 from c where mine and state = 'active' and expires_at > now()) and (select v from settings) is not null as ok),
    old as (
      select event_date_id, seat_key, ticket_category_id from seat_inventory
      where hold_id = ${cartId} and event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and status in ${sql.raw(HELD_STATUSES)}
        and seat_key = any(${pgArray(input.seatKeys)}::text[]) and (select ok from ok)
      for update),
    freed as (
      update seat_inventory s set status = 'FREE', hold_id = null, held_until = null, ticket_category_id = null, version = s.version + 1
      from old where s.event_date_id = old.event_date_id and s.seat_key = old.seat_key
      returning s.event_date_id::text as d, s.seat_key as k, s.version as v, s.status::text as s, old.ticket_category_id::text as tc),
    seat_units as (select distinct k, tc from freed),
    req as (select r.tc, r.area, r.quantity, r.spt from jsonb_to_recordset(${JSON.stringify(input.counts)}::jsonb) as r(tc uuid, area text, quantity int, spt int)),
    given as (
      select i.ticket_category_id as tc, i.area_id as area, least(req.quantity, i.quantity) as n, req.spt
      from cart_items i join req on i.ticket_category_id = req.tc and i.area_id = req.area
      where i.cart_id = ${cartId} and i.quantity > 0 and (select ok from ok)
      for update of i),
    items as (
      update cart_items i set quantity = i.quantity - given.n from given
      where i.cart_id = ${cartId} and i.ticket_category_id = given.tc and i.area_id = given.area
      returning 1),
    units as (
      select k, sum(n)::int as n from (
        select 'ticket:' || tc as k, count(*) as n from seat_units where tc is not null group by tc
        union all select 'attendees', count(*) from seat_units
        union all select 'ticket:' || tc, sum(n * spt) from given group by tc
        union all select 'attendees', sum(n * spt) from given
        union all select 'area:' || area, sum(n * spt) from given where area <> '' group by area) u
      group by k),
    led as (
      select l.counter_key as k, least(l.quantity, units.n) as n from cart_counts l join units on l.counter_key = units.k
      where l.cart_id = ${cartId} and least(l.quantity, units.n) > 0
      order by l.counter_key for update of l),
    ledger as (update cart_counts l set quantity = l.quantity - led.n from led where l.cart_id = ${cartId} and l.counter_key = led.k returning 1),
    lq as (select q.counter_key from quota_inventory q join led on q.counter_key = led.k where q.scope_id = ${scope.scopeId} order by q.counter_key for update of q),
    uq as (
      update quota_inventory q set held = q.held - led.n, version = q.version + 1 from led
      where q.scope_id = ${scope.scopeId} and q.counter_key = led.k and (select count(*) from lq) >= 0
      returning q.counter_key as k, q.capacity as cap, q.held, q.sold, q.version as v),
    la as (select a.area_id from area_inventory a join led on 'area:' || a.area_id = led.k where a.event_date_id = ${scope.scopeId} order by a.area_id for update of a),
    ua as (
      update area_inventory a set held = a.held - led.n, version = a.version + 1 from led
      where a.event_date_id = ${scope.scopeId} and 'area:' || a.area_id = led.k and (select count(*) from la) >= 0
      returning 'area:' || a.area_id as k, a.capacity as cap, a.held, a.sold, a.version as v),
    bump as (
      -- What the cart holds changed: a hold that read it before must read it again.
      update carts set version = version + 1 where id = ${cartId} and (exists (select 1 from old) or exists (select 1 from given where n > 0))
      returning 1)
    select
      (select case when mine then state::text end from c) as state,
      (select expires_at from c) as expires_at,
      (select version from c) as version,
      (select count(*) from bump)::int as bumped,
      (select coalesce(json_agg(json_build_object('d', f.d, 'k', f.k, 'v', f.v, 's', f.s, 'tc', f.tc)), '[]'::json) from freed f) as freed,
      (select coalesce(json_agg(json_build_object('tc', g.tc, 'area', g.area, 'n', g.n)), '[]'::json) from given g where g.n > 0) as given,
      (select coalesce(json_agg(m), '[]'::json) from (select * from uq union all select * from ua) m) as counters,
      (select count(*) from items) + (select count(*) from ledger) + (select count(*) from bump) as written`;
}

/** Frees everything a cart holds; returns the seat keys freed. */
export async function releaseCartContents(tx: DbOrTx, scope: ShopScope, cartId: string, changes: Changes): Promise<string[]> {
  const rows = await releaseSeats(tx, scope.dateIds, cartId, "all");
  seatChangeRows(scope, rows, changes);
  await giveBack(tx, scope, cartId, "all", changes);
  await tx.execute(sql`delete from cart_items where cart_id = ${cartId}`);
  return [...new Set(rows.map((r) => r.k))].sort();
}

/** The scope a cart belongs to (CART_NOT_FOUND for a wrong id or secret). */
/** Carts never change scope: remembered per instance (the secret is still checked when the cart is locked). */
const scopeOfCartId = new Map<string, string>();

async function cartScopeId(deps: AppDeps, credentials: CartCredentials): Promise<string> {
  const known = scopeOfCartId.get(credentials.id);
  if (known) return known;
  const [cart] = await txRows<{ scope_id: string; secret_hash: string }>(deps.database.db, sql`select scope_id, secret_hash from carts where id = ${credentials.id}`);
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  if (scopeOfCartId.size >= 50_000) scopeOfCartId.clear();
  scopeOfCartId.set(credentials.id, cart.scope_id);
  return cart.scope_id;
}

async function scopeOfCart(deps: AppDeps, scopeId: string): Promise<ShopScope> {
  const scope = await loadScope(deps.database.db, scopeId);
  if (!scope) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  return scope;
}

/** Extends a cart's holds once by the hold time. */
export async function extend(deps: AppDeps, credentials: CartCredentials): Promise<CartInfo> {
  return deps.database.db.transaction(async (tx) => {
    const cart = await lockCart(tx, credentials);
    if (cart.extended) throw new AppError("HOLD_ALREADY_EXTENDED");
    const [row] = await txRows<{ expires_at: string | Date }>(
      tx,
      sql`update carts set expires_at = now() + make_interval(secs => ${deps.config.HOLD_TTL_SECONDS}), extended = true
          where id = ${cart.id} returning expires_at`,
    );
    await tx.execute(sql`update seat_inventory set held_until = ${new Date(row!.expires_at).toISOString()}::timestamptz
        where hold_id = ${cart.id} and status in ${sql.raw(HELD_STATUSES)}`);
    return { id: cart.id, secret: null, scopeId: cart.scope_id, expiresAt: new Date(row!.expires_at), extended: true };
  });
}

/**
 * The sweeper: releases carts whose time ran out and announces the freed seats. Carts are
 * claimed with SKIP LOCKED, so any number of instances may sweep at once.
 */
export async function sweepExpiredCarts(deps: AppDeps, limit = 100): Promise<number> {
  const due = await txRows<{ id: string; scope_id: string }>(
    deps.database.db,
    // A checked-out cart whose order is paid is done; only carts still holding something are due.
    sql`select id, scope_id from carts c where state in ('active', 'checked_out') and expires_at <= now()
          and not exists (select 1 from orders o where o.cart_id = c.id and o.status in ('valid', 'cancelled'))
        order by expires_at limit ${limit}`,
  );
  let swept = 0;
  for (const candidate of due) {
    const changes: Changes = new Map();
    const scope = await loadScope(deps.database.db, candidate.scope_id);
    const done = await deps.database.db.transaction(async (tx) => {
      // Claimed with SKIP LOCKED: another instance sweeping it (or its buyer paying) wins.
      const [cart] = await txRows<{ id: string }>(
        tx,
        sql`select id from carts where id = ${candidate.id} and state in ('active', 'checked_out') and expires_at <= now() for update skip locked`,
      );
      if (!cart) return false;
      if (scope) await releaseCartContents(tx, scope, cart.id, changes);
      await tx.execute(sql`update carts set state = 'expired' where id = ${cart.id}`);
      // An order still waiting for its payment gives up; a payment arriving later is settled
      // again (seats still free) or refunded.
      await tx.execute(sql`update orders set status = 'failed', failed_at = now(), updated_at = now() where cart_id = ${cart.id} and status = 'pending'`);
      return true;
    });
    if (!done) continue;
    announceChanges(deps, changes);
    swept++;
  }
  return swept;
}

/** What a cart holds, for the buyer's page and the checkout. */
export async function readCart(deps: AppDeps, credentials: CartCredentials) {
  const db = deps.database.db;
  const [cart] = await txRows<CartRow>(db, sql`select id, secret_hash, scope_id, state, expires_at, extended from carts where id = ${credentials.id}`);
  if (!cart || cart.secret_hash !== hashSecret(credentials.secret)) throw new AppError("CART_NOT_FOUND", { field: "cart" });
  const scope = await scopeOfCart(deps, cart.scope_id);
  const active = cart.state === "active" && new Date(cart.expires_at).getTime() > Date.now();
  const seats = active
    ? await txRows<{ k: string; tc: string; row: string; seat: string; block: string }>(
        db,
        sql`select distinct seat_key as k, ticket_category_id::text as tc, row_label as row, seat_label as seat, block_id as block from seat_inventory
            where hold_id = ${cart.id} and event_date_id = any(${pgArray(scope.dateIds)}::uuid[]) and status in ${sql.raw(HELD_STATUSES)}
            order by seat_key`,
      )
    : [];
  const items = active
    ? await txRows<{ tc: string; area: string; n: number }>(
        db,
        sql`select ticket_category_id::text as tc, area_id as area, quantity as n from cart_items where cart_id = ${cart.id} and quantity > 0`,
      )
    : [];
  return {
    id: cart.id,
    scopeId: cart.scope_id,
    eventId: scope.event.id,
    state: active ? ("active" as const) : cart.state === "active" ? ("expired" as const) : (cart.state as "checked_out" | "released" | "expired"),
    expiresAt: new Date(cart.expires_at),
    extended: cart.extended,
    seats: seats.map((s) => ({ key: s.k, ticketCategoryId: s.tc, blockId: s.block, rowLabel: s.row, seatLabel: s.seat })),
    items: items.map((i) => ({ ticketCategoryId: i.tc, areaId: i.area === "" ? null : i.area, quantity: Number(i.n) })),
  };
}
