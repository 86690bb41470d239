import type { Logger } from "pino";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { PaymentProvider } from "./modules/payments/provider";
import { createStripeClient, StripePaymentProvider } from "./modules/payments/stripe-provider";
import { TestPaymentProvider } from "./modules/payments/test-provider";
import { inProcessTransport, postgresTransport, SeatBus } from "./realtime/seat-bus";
import { SocketRegistry } from "./realtime/sockets";
import { HoldLimiter } from "./modules/shop/hold-limits";
import { SoldOutWatch } from "./modules/account/sold-out-watch";
import { publishChanges } from "./modules/inventory/changes";
import { CounterFold } from "./modules/inventory/fold";

/** What the app is built from; tests build it with their own database and config. */
export type AppDeps = {
  config: Config;
  database: Database;
  log: Logger;
  /** Realtime seat announcements (started by buildApp, stopped when the app closes). */
  bus: SeatBus;
  /** Stripe with STRIPE_SECRET_KEY, otherwise the built-in test provider. */
  payments: PaymentProvider;
  /** This instance's WebSockets: caps per address and socket, and who opened each. */
  sockets: SocketRegistry;
  /** The per-client hold limits (calls per minute, carts, places held; decision 011). */
  holdLimits: HoldLimiter;
  /** The sold-out check that follows committed sales (one at a time per scope). */
  soldOut: SoldOutWatch;
  /** Moves sold ledger rows from held to sold after sales commit (one fold at a time per scope; decision 035 item 9). */
  folds: CounterFold;
};

/** The deps of one instance: on Postgres seat events cross instances by LISTEN/NOTIFY. */
export function createDeps(config: Config, database: Database, log: Logger): AppDeps {
  const transport = database.pg ? postgresTransport(database.pg) : inProcessTransport();
  const payments: PaymentProvider = config.STRIPE_SECRET_KEY
    ? new StripePaymentProvider(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }))
    : new TestPaymentProvider(database);
  if (config.isProduction && payments instanceof TestPaymentProvider) {
    // Only ALLOW_TEST_PAYMENTS gets here (loadConfig refuses otherwise); said at every start.
    log.error(
      { ALLOW_TEST_PAYMENTS: config.ALLOW_TEST_PAYMENTS },
      "TEST PAYMENTS IN PRODUCTION: no Stripe keys, orders are paid on the built-in test payment page and no money is collected",
    );
  }
  const sockets = new SocketRegistry({
    maxSocketsPerAddress: config.WS_MAX_SOCKETS_PER_ADDRESS,
    maxSubscriptionsPerSocket: config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
    subscriptionStartsPerMinute: config.WS_SUBSCRIPTION_STARTS_PER_MINUTE,
  });
  const bus = new SeatBus(transport, log, config.SEAT_TICK_MS);
  // The fold's counter changes go to the watchers like any committed change.
  const folds = new CounterFold(database, log, (changes) => publishChanges(bus, changes));
  return { config, database, log, bus, payments, sockets, holdLimits: new HoldLimiter(config), soldOut: new SoldOutWatch(database, log), folds };
}
