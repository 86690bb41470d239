import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { SlidingWindowCounter } from "../../lib/sliding-window";
import { AppError } from "../../lib/app-error";
import { txRows } from "../../db/sql";
import { HELD } from "../inventory/statuses";

/**
 * Who asks for a hold: the client's address, and its device (the signed device cookie the shop
 * pages set) when it sent one. Many real buyers may share an address (a NAT); a device is one
 * browser.
 */
export type HoldClient = { address: string; device: string | null };

/** What a hold request would add: a new cart (no cart given) and how many places at most. */
export type HoldRequestSize = { newCart: boolean; places: number };

/** What a client holds now: its device's active carts, its address's held places, and when the soonest of each runs out. */
type Usage = { carts: number; cart_wait: number | null; places: number; place_wait: number | null };

/** An allowed hold is judged on a figure read at most this long ago plus what this instance allowed since. */
const USAGE_FRESH_MS = 1000;
const MAX_CACHED = 50_000;

/**
 * Refuses a hold that would let one client hoard seats (issue 12: 620 anonymous calls once held
 * a whole category): hold calls per minute per device (else per address); active carts per
 * device; places held at once per address, a small cap for requests without a device cookie
 * and a larger one with (buyers behind one NAT). A refusal says when to try again: when the
 * client's soonest cart runs out. Decision 011 explains the figures.
 *
 * Checked before the hold, not within its statement. To keep a hold one statement's work, an
 * allowed request is judged on the client's usage read within the last second plus what this
 * instance allowed since; a refusal is always confirmed by a fresh read. Other instances' holds
 * of the last second, and concurrent holds of one client, can pass a cap by what they ask for
 * at once, which the call rate bounds.
 */
export class HoldLimiter {
  private readonly calls: SlidingWindowCounter;
  private readonly usage = new Map<string, { at: number; usage: Usage }>();
  private readonly reading = new Map<string, Promise<Usage>>();

  constructor(private readonly config: Config) {
    this.calls = new SlidingWindowCounter(config.HOLD_CALLS_PER_MINUTE, 60_000);
  }

  async assertAllowed(db: DbOrTx, client: HoldClient, request: HoldRequestSize): Promise<void> {
    const wait = this.calls.take(client.device ? `device:${client.device}` : `address:${client.address}`);
    if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", { retryAfter: wait });

    const key = `${client.address}|${client.device ?? ""}`;
    const cached = this.usage.get(key);
    const now = Date.now();
    if (cached && now - cached.at < USAGE_FRESH_MS && !this.refusal(client, request, cached.usage)) {
      this.count(cached.usage, request, client);
      return;
    }
    // Holds of one client that miss together share one read.
    let read = this.reading.get(key);
    if (!read) {
      read = readUsage(db, client).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    const usage = await read;
    const refusal = this.refusal(client, request, usage);
    if (refusal) throw refusal;
    this.count(usage, request, client);
    if (this.usage.get(key)?.usage !== usage) this.usage.set(key, { at: now, usage });
    if (this.usage.size > MAX_CACHED) {
      for (const [k, e] of this.usage) if (now - e.at >= USAGE_FRESH_MS) this.usage.delete(k);
    }
  }

  private refusal(client: HoldClient, request: HoldRequestSize, usage: Usage): AppError | null {
    if (request.newCart && client.device && usage.carts >= this.config.HOLD_MAX_CARTS_PER_DEVICE) {
      return new AppError("CART_LIMIT_REACHED", { field: "cart", retryAfter: Math.max(1, usage.cart_wait ?? 60) });
    }
    const cap = client.device ? this.config.HOLD_MAX_PLACES_PER_ADDRESS_WITH_DEVICE : this.config.HOLD_MAX_PLACES_PER_ADDRESS;
    if (usage.places + request.places > cap) return new AppError("HOLD_LIMIT_REACHED", { retryAfter: Math.max(1, usage.place_wait ?? 60) });
    return null;
  }

  /** What this instance allowed counts until the next read (a release counts only then). */
  private count(usage: Usage, request: HoldRequestSize, client: HoldClient): void {
    usage.places += request.places;
    if (request.newCart && client.device) usage.carts++;
  }
}

async function readUsage(db: DbOrTx, client: HoldClient): Promise<Usage> {
  const [usage] = await txRows<Usage>(
    db,
    sql`with mine as (
          select id, expires_at from carts
          where client_address = ${client.address} and state = 'active' and expires_at > now()
        ), own as (
          select expires_at from carts
          where ${client.device}::text is not null and device_id = ${client.device} and state = 'active' and expires_at > now()
        )
        select (select count(*) from own)::int as carts,
               (select ceil(extract(epoch from min(expires_at) - now())) from own)::int as cart_wait,
               -- Per cart through the hold index (a join is planned as a scan of the whole inventory).
               ((select coalesce(sum((select count(*) from seat_inventory s where s.hold_id = mine.id and s.status in ${HELD})), 0) from mine)
                + coalesce((select sum(i.quantity * tc.seats_per_ticket) from cart_items i join mine on mine.id = i.cart_id
                            join ticket_categories tc on tc.id = i.ticket_category_id), 0))::int as places,
               (select ceil(extract(epoch from min(expires_at) - now())) from mine)::int as place_wait`,
  );
  return usage ?? { carts: 0, cart_wait: null, places: 0, place_wait: null };
}
