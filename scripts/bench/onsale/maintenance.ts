import { sleep } from "../holds/lib";

/**
 * What autovacuum does on a production Postgres, for a bench's database on this machine's
 * server, whose configuration (conf.d/90-ci.conf) turns autovacuum off for the tests: an on-sale
 * writes tens of thousands of rows a minute into tables that start nearly empty (a fresh database
 * with the demo seed). Without ANALYZE their statistics stay those of the empty tables, and the
 * generic plans of the app's prepared statements, made then, scan whole tables as they grow
 * (measured: a look-up of an order by its primary key read 151 buffers after 3,000 orders);
 * without VACUUM their dead rows pile up. Every `everyMs` (and only when autovacuum is off),
 * `VACUUM (ANALYZE)` of the tables a sale writes, on the bench's own connection: its cost counts
 * as Postgres CPU, as autovacuum's workers would.
 */
const TABLES = [
  "seat_inventory",
  "quota_inventory",
  "carts",
  "cart_counts",
  "cart_items",
  "orders",
  "order_lines",
  "order_invoices",
  "invoice_counters",
  "payment_events",
  "test_payments",
  "contingent_entries",
  "outbox_mails",
];

export type Maintenance = { stop: () => Promise<number> };

/** `run` sends one statement outside a transaction. Returns how many rounds ran when stopped. */
export async function startMaintenance(run: (statement: string) => Promise<unknown>, show: () => Promise<string>, everyMs: number): Promise<Maintenance> {
  if (everyMs <= 0 || (await show()) === "on") return { stop: async () => 0 };
  let stopped = false;
  let rounds = 0;
  const loop = (async () => {
    while (!stopped) {
      const until = Date.now() + everyMs;
      while (!stopped && Date.now() < until) await sleep(100);
      if (stopped) break;
      await run(`vacuum (analyze) ${TABLES.join(", ")}`);
      rounds++;
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return rounds;
    },
  };
}
