import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import type { TestApp, TestClient } from "./app";
import { eventRow, ok, ticketCategory } from "./events";
import { createUser } from "./factories";
import { createShopEvent, type ShopEvent } from "./shop";
import { gridLayout, standingBlock } from "./stadiums";
import { attempt, type RouterInput } from "./trpc";

/**
 * Print runs in tests (issue 20, decision 021): an event on a plan with seats ("Ticket cat1",
 * 2 blocks × 5 rows × 10 seats, 15.00 EUR) and a standing area ("Ticket st", area S of 40, 30
 * tickets a day, 9.00 EUR); runs made, voided and checked the way the Print area does it.
 */
export async function printEvent(t: TestApp): Promise<ShopEvent & { organiserId: string }> {
  const layout = gridLayout(2, 5, 10);
  layout.categories.push({ id: "st", name: "Standing", color: "#1971c2" });
  layout.blocks.push(standingBlock("S", { x: 0, y: 200, categoryId: "st", capacity: 40 }));
  const shop = await createShopEvent(t, {
    layout,
    categories: [ticketCategory("cat1", { seatingCategoryId: "cat1" }), ticketCategory("st", { seatingCategoryId: "st", priceCents: 900, dailyQuantity: 30 })],
  });
  return { ...shop, organiserId: (await eventRow(t.database.db, shop.eventId))!.organiserId };
}

export type RunInput = RouterInput["print"]["createRun"];

/** print.createRun; a fresh idempotency key unless the input names one (a double submit). */
export function createRunVia(client: TestClient, input: Omit<RunInput, "idempotencyKey"> & { idempotencyKey?: string }) {
  return attempt(client.trpc.print.createRun.mutate({ idempotencyKey: `run-${randomUUID()}`, ...input }));
}

export type RunLine = { id: string; event_id: string; scope_id: string; status: string; seat_keys: string[]; area_id: string | null; price_cents: number; total_cents: number; cancel_reason: string | null; activated_at: Date | null };

/** The ticket lines of a run, in their printed order. */
export async function runLines(database: Database, runId: string): Promise<RunLine[]> {
  return database.rows<RunLine>(
    sql`select l.id::text, l.event_id::text, l.scope_id::text, l.status::text, l.seat_keys, l.area_id, l.price_cents, l.total_cents, l.cancel_reason::text, l.activated_at
        from order_lines l join print_runs r on r.order_id = l.order_id where r.id = ${runId} order by l.created_at, l.id`,
  );
}

/** Activates a ticket the way the activation does (its row and the line's mirror), straight in SQL. */
export async function activateInSql(database: Database, runId: string, lineId: string, organiserId: string): Promise<void> {
  await database.rows(sql`update order_lines set activated_at = now() where id = ${lineId} returning id`);
  await database.rows(
    sql`insert into hard_ticket_activations (line_id, organiser_id, print_run_id) values (${lineId}, ${organiserId}, ${runId}) returning line_id`,
  );
}

/**
 * Everything a print run could take of a date, to assert a refusal took nothing: seats not
 * free, counters, hard-ticket orders, runs and the organiser's contingent.
 */
export async function takenOf(database: Database, dateId: string, organiserId: string) {
  const seats = await database.rows<{ k: string; s: string }>(
    sql`select seat_key as k, status::text as s from seat_inventory where event_date_id = ${dateId} and status <> 'FREE' order by seat_key`,
  );
  const counters = await database.rows<{ k: string; held: number; sold: number }>(
    sql`select counter_key as k, held, sold from quota_inventory where scope_id = ${dateId}
        union all select 'area:' || area_id, held, sold from area_inventory where event_date_id = ${dateId} order by 1`,
  );
  const [facts] = await database.rows<{ orders: number; lines: number; runs: number; contingent: number }>(
    sql`select (select count(*)::int from orders where organiser_id = ${organiserId} and channel = 'hard_ticket') as orders,
          (select count(*)::int from order_lines l join orders o on o.id = l.order_id where o.organiser_id = ${organiserId} and o.channel = 'hard_ticket') as lines,
          (select count(*)::int from print_runs where organiser_id = ${organiserId}) as runs,
          (select ticket_contingent from organisers where id = ${organiserId}) as contingent`,
  );
  return { seats, counters, facts };
}

/** A staff member of the event signed in at the door, scanning codes online at one date. */
export async function doorOf(t: TestApp, eventId: string, organiserId: string, dateId: string) {
  const username = `door-${randomUUID().slice(0, 8)}`;
  const user = await createUser(t.database.db, { role: "agent", organiserId, eventId, username, firstName: "Sam", lastName: "Door" });
  const client = t.client();
  ok(await attempt(client.trpc.auth.agentLogin.mutate({ username, password: user.password })));
  const deviceId = `device-${randomUUID()}`;
  return {
    /** The door's verdict for a code ("valid", "cancelled", "not_activated", …). */
    scan: async (code: string) =>
      (await client.trpc.staff.checkin.scan.mutate({ dateId, code, nonce: randomUUID(), deviceId, deviceLabel: "Gate 1" })).verdict.kind as string,
  };
}
