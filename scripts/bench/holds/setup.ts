/** Setting up the hold benchmark on the fresh demo database: the event date under test, the stall probe. */
import type postgres from "postgres";
import { log, MATCH_NAME } from "./config";
import type { Server } from "./server";
import type { Seat } from "./tracker";

/** What the server's DB connections are doing and whether /healthz answers (the report of a stall). */
export function stallProbe(db: postgres.Sql, server: Server): () => Promise<{ activity: string[]; health: string }> {
  return async () => {
    const activity = await db<{ n: number; state: string; wait: string | null; query: string; age: string }[]>`
      select count(*)::int as n, state, wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) as query,
             max(now() - xact_start)::text as age
      from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and application_name <> 'bench'
      group by 2, 3, 4 order by 1 desc`;
    const health = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
      (r) => `HTTP ${r.status}`,
      (e: unknown) => `no answer (${e instanceof Error ? e.name : String(e)})`,
    );
    return { activity: activity.map((a) => `${a.n} x ${a.state}${a.wait ? ` [${a.wait}]` : ""}${a.age ? ` for ${a.age}` : ""}: ${a.query}`), health };
  };
}

export type Match = { scopeId: string; eventId: string; seats: Seat[]; counterKeys: Set<string> };

/**
 * The first published date of the demo football match and its free seats, each with a ticket
 * category it can be held with (straight from the database).
 */
export async function findMatch(db: postgres.Sql): Promise<Omit<Match, "counterKeys">> {
  const [date] = await db<{ id: string; event_id: string }[]>`
    select d.id::text as id, d.event_id::text as event_id from event_dates d join events e on e.id = d.event_id
    where e.name = ${MATCH_NAME} and e.status <> 'draft' order by d.starts_at limit 1`;
  if (!date) throw new Error(`the demo seed has no published "${MATCH_NAME}"`);
  const tcs = await db<{ id: string; name: string; seating: string | null }[]>`
    select tc.id::text as id, tc.name, tc.seating_category_id as seating from ticket_categories tc
    join event_dates d on d.event_id = tc.event_id where d.id = ${date.id} order by tc.sort_order`;
  const [layout] = await db<{ categories: { id: string; name: string }[] }[]>`
    select es.layout -> 'categories' as categories from event_seating es join event_dates d on d.event_id = es.event_id where d.id = ${date.id}`;
  const seatRows = await db<{ k: string; c: string | null }[]>`
    select seat_key as k, category_id as c from seat_inventory where event_date_id = ${date.id} and status = 'FREE' order by block_id, row_label, seat_key`;
  const layoutName = new Map((layout?.categories ?? []).map((c) => [c.id, c.name]));
  // A seat's ticket category: the one linked to its seating category, else an unlinked one
  // of the same name (the demo data links none: then any seat works for any category).
  const seats: Seat[] = seatRows.flatMap((r) => {
    const tc =
      tcs.find((t) => t.seating !== null && t.seating === r.c) ??
      tcs.find((t) => t.seating === null && t.name === layoutName.get(r.c ?? "")) ??
      tcs.find((t) => t.seating === null);
    return tc ? [{ key: r.k, tc: tc.id, cat: tc.seating }] : [];
  });
  if (seats.length === 0) throw new Error("no seat of the match can be held with any of its ticket categories");
  log(`event date ${date.id}: ${seats.length} seats, ticket categories ${tcs.map((t) => t.name).join(", ")}`);
  return { scopeId: date.id, eventId: date.event_id, seats };
}

/** The ticket category most of the seats can be held with (as most on-sale buyers ask for) and those seats' keys. */
export function largestCategory(seats: Seat[]): { ticketCategoryId: string; keys: string[] } {
  const byTc = new Map<string, string[]>();
  for (const s of seats) byTc.set(s.tc, [...(byTc.get(s.tc) ?? []), s.key]);
  const [ticketCategoryId, keys] = [...byTc].sort((a, b) => b[1].length - a[1].length)[0]!;
  return { ticketCategoryId, keys };
}

/** The match as findMatch finds it, and its counters (the server creates them on its first read of the date). */
export async function loadMatch(db: postgres.Sql, server: Server): Promise<Match> {
  const { scopeId, eventId, seats } = await findMatch(db);

  // The server creates a date's counters when it first reads it (as for the first buyer).
  const scopeRead = await fetch(`${server.baseUrl}/trpc/shop.scope?input=${encodeURIComponent(JSON.stringify({ json: { scopeId } }))}`, {
    headers: { origin: server.baseUrl },
  });
  if (!scopeRead.ok) throw new Error(`reading the date through the server failed: HTTP ${scopeRead.status}`);
  const counterKeys = new Set((await db<{ k: string }[]>`select counter_key as k from quota_inventory where scope_id = ${scopeId}`).map((r) => r.k));
  return { scopeId, eventId, seats, counterKeys };
}
