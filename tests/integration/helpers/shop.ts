import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import type { SeatingLayout } from "../../../shared/seating/layout";
import type { TTicketCategory } from "../../../shared/schemas/tickets";
import type { TestApp, TestClient } from "./app";
import { categoriesOf, createEventVia, datesOf, ok, saveTicketsVia, signedInOrganiser, ticketCategory, validEventStep1, type TicketCategoryRow } from "./events";
import { chooseTemplate, createTemplateVia, smallLayout } from "./stadiums";
import { attempt, type RouterInput, type RouterOutput } from "./trpc";

export type ShopEvent = {
  organiser: TestClient;
  eventId: string;
  dateIds: string[];
  categories: TicketCategoryRow[];
  /** The category selling seats of seating category `cat` (by the `key` given). */
  category: (key: string) => TicketCategoryRow;
};

/**
 * A published event on `layout` (default: the small plan of the stadium tests) with one ticket
 * category per seating category ("a", "b", "c"), each linked to it.
 */
export async function createShopEvent(
  t: TestApp,
  options: {
    layout?: SeatingLayout | null;
    categories?: TTicketCategory[];
    step1?: RouterInput["events"]["create"];
    options?: Omit<RouterInput["events"]["saveOptions"], "id">;
    /** Leave the event a draft (default: published now). */
    publish?: boolean;
  } = {},
): Promise<ShopEvent> {
  const { client: organiser } = await signedInOrganiser(t);
  const eventId = await createEventVia(organiser, options.step1 ?? validEventStep1());
  const layout = options.layout === undefined ? smallLayout() : options.layout;
  if (layout) {
    const templateId = await createTemplateVia(organiser, layout);
    ok(await chooseTemplate(organiser, eventId, templateId));
  }
  const categories =
    options.categories ??
    (layout
      ? layout.categories.map((c) => ticketCategory(c.id, { name: `Ticket ${c.id}`, seatingCategoryId: c.id }))
      : [ticketCategory("a", { name: "Ticket a" })]);
  await saveTicketsVia(organiser, eventId, categories);
  if (options.options) await organiser.trpc.events.saveOptions.mutate({ id: eventId, ...options.options });
  if (options.publish !== false) await organiser.trpc.events.publish.mutate({ id: eventId, publishOption: "now" });
  const rows = await categoriesOf(t.database.db, eventId);
  const dateIds = (await datesOf(t.database.db, eventId)).map((d) => d.id);
  return {
    organiser,
    eventId,
    dateIds,
    categories: rows,
    category: (key) => {
      const row = rows.find((r) => r.name === `Ticket ${key}`);
      if (!row) throw new Error(`no category ${key}`);
      return row;
    },
  };
}

export type Cart = { id: string; secret: string };

type HoldInput = RouterInput["shop"]["hold"];

/** Holds seats (and counts) for a buyer; settles into the hold result or the refusal. */
export async function holdVia(buyer: TestClient, input: Pick<HoldInput, "scopeId"> & Partial<HoldInput>) {
  return attempt(buyer.trpc.shop.hold.mutate({ cart: null, seats: [], counts: [], ...input }));
}

/** The cart credentials of a successful first hold. */
export function cartOf(result: RouterOutput["shop"]["hold"] | undefined, previous?: Cart): Cart {
  if (!result || result.status !== "held") throw new Error(`hold failed: ${JSON.stringify(result)}`);
  if (result.cart.secret) return { id: result.cart.id, secret: result.cart.secret };
  if (!previous) throw new Error("no secret");
  return previous;
}

type EventOptions = Omit<RouterInput["events"]["saveOptions"], "id">;

/** The "More options" step with every field given (public, 19 % VAT) plus `overrides`. */
export function eventOptions(overrides: Partial<EventOptions> = {}): EventOptions {
  return { vatPercent: 19, visibility: "public", participantFields: [], dailyAttendeeLimit: null, accessCode: null, ...overrides };
}

/** Seat keys of a seated block: `rows` × `seats` from row 0, seat 0. */
export function blockKeys(blockId: string, rows: number, seats: number): string[] {
  return Array.from({ length: rows * seats }, (_, i) => `${blockId}:${Math.floor(i / seats)}:${i % seats}`);
}

/** Seats of one ticket category, as a hold names them. */
export function seatsAs(ticketCategoryId: string, keys: string[]) {
  return keys.map((key) => ({ key, ticketCategoryId }));
}

export type Counter = { capacity: number; held: number; sold: number };

/** The quota counters of a scope (`ticket:<id>`, `attendees`) and the area counters of a date. */
export async function countersOf(database: Database, scopeId: string) {
  const quota = await database.rows<{ k: string; capacity: number; held: number; sold: number }>(
    sql`select counter_key as k, capacity, held, sold from quota_inventory where scope_id = ${scopeId} order by counter_key`,
  );
  const areas = await database.rows<{ k: string; capacity: number; held: number; sold: number }>(
    sql`select area_id as k, capacity, held, sold from area_inventory where event_date_id = ${scopeId} order by area_id`,
  );
  const toMap = (rows: { k: string; capacity: number; held: number; sold: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.k, { capacity: Number(r.capacity), held: Number(r.held), sold: Number(r.sold) } satisfies Counter]));
  return { quota: toMap(quota), areas: toMap(areas) };
}

export type SeatRow = { dateId: string; key: string; status: string; holdId: string | null; ticketCategoryId: string | null; heldUntil: Date | null; version: number };

/** Inventory rows of some dates that are not plain FREE-and-untouched, or every row with `all`. */
export async function seatRows(database: Database, dateIds: string[], options: { all?: boolean } = {}): Promise<SeatRow[]> {
  const rows = await database.rows<{ d: string; k: string; s: string; h: string | null; tc: string | null; u: string | Date | null; v: number }>(
    sql`select event_date_id::text as d, seat_key as k, status::text as s, hold_id::text as h, ticket_category_id::text as tc, held_until as u, version as v
        from seat_inventory where event_date_id in (${sql.join(
          dateIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) ${options.all ? sql`` : sql`and (status <> 'FREE' or hold_id is not null)`}
        order by event_date_id, seat_key`,
  );
  return rows.map((r) => ({
    dateId: r.d,
    key: r.k,
    status: r.s,
    holdId: r.h,
    ticketCategoryId: r.tc,
    heldUntil: r.u === null ? null : new Date(r.u),
    version: Number(r.v),
  }));
}

export type CartRow = { id: string; scopeId: string; state: string; expiresAt: Date; extended: boolean };

export async function cartRow(database: Database, id: string): Promise<CartRow | undefined> {
  const [row] = await database.rows<{ id: string; scope_id: string; state: string; expires_at: string | Date; extended: boolean }>(
    sql`select id::text, scope_id::text, state::text, expires_at, extended from carts where id = ${id}`,
  );
  return row && { id: row.id, scopeId: row.scope_id, state: row.state, expiresAt: new Date(row.expires_at), extended: row.extended };
}

/** Moves a cart and its seat holds into the past, as if its hold time ran out. */
export async function expireCart(database: Database, cartId: string): Promise<void> {
  await database.rows(sql`update carts set expires_at = now() - interval '1 minute' where id = ${cartId} returning id`);
  await database.rows(sql`update seat_inventory set held_until = now() - interval '1 minute' where hold_id = ${cartId} returning seat_key`);
}

/**
 * Everything the shop stores about an event (its seats, areas, counters, carts and their
 * contents), to assert a refused call changed nothing.
 */
export async function shopState(database: Database, eventId: string) {
  const all = async (query: ReturnType<typeof sql>) => database.rows<Record<string, unknown>>(query);
  return {
    seats: await all(sql`select * from seat_inventory where event_id = ${eventId} order by event_date_id, seat_key`),
    areas: await all(sql`select * from area_inventory where event_id = ${eventId} order by event_date_id, area_id`),
    quota: await all(sql`select * from quota_inventory where event_id = ${eventId} order by scope_id, counter_key`),
    carts: await all(sql`select * from carts where event_id = ${eventId} order by id`),
    items: await all(sql`select i.* from cart_items i join carts c on c.id = i.cart_id where c.event_id = ${eventId} order by i.cart_id, i.ticket_category_id, i.area_id`),
    counts: await all(sql`select n.* from cart_counts n join carts c on c.id = n.cart_id where c.event_id = ${eventId} order by n.cart_id, n.counter_key`),
  };
}

/** Deals seats not dealt before: each call the next `n` of `keys` (a test's rounds on their own seats). */
export function seatDealer(keys: string[]): (n: number) => string[] {
  let next = 0;
  return (n) => {
    const dealt = keys.slice(next, next + n);
    next += n;
    if (dealt.length < n) throw new Error("test ran out of seats");
    return dealt;
  };
}
