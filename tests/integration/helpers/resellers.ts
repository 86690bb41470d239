import { sql } from "drizzle-orm";
import type { TestApp, TestClient } from "./app";
import { signIn } from "./events";
import { createUser } from "./factories";
import { attempt, type RouterInput } from "./trpc";
import type { TicketInput } from "./orders";

export type TestReseller = { id: string; client: TestClient; email: string; password: string };

/**
 * A reseller of `organiserId` selling `prices` (ticket category id -> reseller price) of
 * `eventId`, signed in. Written as the reseller form saves one (users, profile, tickets).
 */
export async function createReseller(t: TestApp, organiserId: string, eventId: string, prices: Record<string, number>, name = "Kiosk Nord"): Promise<TestReseller> {
  const user = await createUser(t.database.db, { role: "reseller", organiserId, firstName: name, lastName: "" });
  await t.database.rows(sql`insert into reseller_profiles (user_id, organiser_id, name, address, city, zip, state, country, mobile)
    values (${user.id}, ${organiserId}, ${name}, 'Hauptstr. 1', 'Berlin', '10115', 'Berlin', 'DE', '+49 30 1234567') returning user_id`);
  for (const [tc, price] of Object.entries(prices)) {
    await t.database.rows(sql`insert into reseller_tickets (reseller_id, event_id, ticket_category_id, price_cents) values (${user.id}, ${eventId}, ${tc}, ${price}) returning reseller_id`);
  }
  return { id: user.id, client: await signIn(t, user.id), email: user.email!, password: user.password };
}

export async function organiserIdOf(t: TestApp, eventId: string): Promise<string> {
  const [row] = await t.database.rows<{ organiser_id: string }>(sql`select organiser_id::text from events where id = ${eventId}`);
  return row!.organiser_id;
}

export function allocateVia(organiser: TestClient, input: RouterInput["allocations"]["allocate"]) {
  return attempt(organiser.trpc.allocations.allocate.mutate(input));
}

let keys = 0;
export function saleInput(allocationId: string, tickets: TicketInput[], overrides: Partial<RouterInput["resellers"]["sell"]> = {}): RouterInput["resellers"]["sell"] {
  return { allocationId, idempotencyKey: `reseller-sale-${process.pid}-${++keys}-${Date.now()}`, tickets, paymentMethod: "cash", locale: "en", ...overrides };
}

export function sellVia(reseller: TestClient, input: RouterInput["resellers"]["sell"]) {
  return attempt(reseller.trpc.resellers.sell.mutate(input));
}

/** Counted tickets (standing or without a plan): `n` tickets of one category in one area. */
export function countedTickets(ticketCategoryId: string, areaId: string | null, n: number): TicketInput[] {
  return Array.from({ length: n }, () => ({ ticketCategoryId, areaId }));
}

/** The allocation's cart: its state and the seats it still holds. */
export async function allocationCart(t: TestApp, allocationId: string) {
  const [row] = await t.database.rows<{ cart_id: string; state: string; seats: number }>(
    sql`select a.cart_id::text, c.state::text,
          (select count(*)::int from seat_inventory s where s.hold_id = a.cart_id and s.status = 'PAYMENT_PENDING') as seats
        from reseller_allocations a join carts c on c.id = a.cart_id where a.id = ${allocationId}`,
  );
  return { cartId: row!.cart_id, state: row!.state, seats: Number(row!.seats) };
}
