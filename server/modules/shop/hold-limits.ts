import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { AppError } from "../../trpc/app-error";
import { txRows } from "../inventory/sql";
import { HELD } from "../inventory/statuses";

/**
 * Who asks for a hold: the client's address, and its device (the signed device cookie the shop
 * pages set) when it sent one. Many real buyers may share an address (a NAT); a device is one
 * browser.
 */
export type HoldClient = { address: string; device: string | null };

/** What a hold request would add: a new cart (no cart given) and how many places at most. */
export type HoldRequestSize = { newCart: boolean; places: number };

type Usage = { carts: number; cart_wait: number | null; places: number; place_wait: number | null };

/**
 * Refuses a hold that would let one client hoard seats (issue 12: 620 anonymous calls once held
 * a whole category): hold calls per minute per device (else per address); active carts per
 * device; places held at once per address, a small cap for requests without a device cookie
 * and a larger one with (buyers behind one NAT). The refusal says when to try again: when the
 * client's soonest cart runs out. The figures are settings (README); the decision record 011
 * explains them. Checked before the hold, not within it: concurrent holds of one client may
 * pass the place cap by what they ask for at once, which the call rate bounds.
 */
export async function assertHoldAllowed(deps: AppDeps, client: HoldClient, request: HoldRequestSize): Promise<void> {
  const { config } = deps;
  const wait = deps.holdCalls.take(client.device ? `device:${client.device}` : `address:${client.address}`);
  if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", { retryAfter: wait });

  const [usage] = await txRows<Usage>(
    deps.database.seats,
    sql`with mine as (
          select id, device_id, expires_at from carts
          where client_address = ${client.address} and state = 'active' and expires_at > now()
        ), own as (
          select expires_at from carts
          where ${client.device}::text is not null and device_id = ${client.device} and state = 'active' and expires_at > now()
        )
        select (select count(*) from own)::int as carts,
               (select ceil(extract(epoch from min(expires_at) - now())) from own)::int as cart_wait,
               ((select count(*) from seat_inventory s join mine on mine.id = s.hold_id where s.status in ${HELD})
                + coalesce((select sum(i.quantity * tc.seats_per_ticket) from cart_items i join mine on mine.id = i.cart_id
                            join ticket_categories tc on tc.id = i.ticket_category_id), 0))::int as places,
               (select ceil(extract(epoch from min(expires_at) - now())) from mine)::int as place_wait`,
  );
  if (!usage) return;
  if (request.newCart && client.device && usage.carts >= config.HOLD_MAX_CARTS_PER_DEVICE) {
    throw new AppError("CART_LIMIT_REACHED", { field: "cart", retryAfter: Math.max(1, usage.cart_wait ?? 60) });
  }
  const cap = client.device ? config.HOLD_MAX_PLACES_PER_ADDRESS_WITH_DEVICE : config.HOLD_MAX_PLACES_PER_ADDRESS;
  if (usage.places + request.places > cap) {
    throw new AppError("HOLD_LIMIT_REACHED", { retryAfter: Math.max(1, usage.place_wait ?? 60) });
  }
}
