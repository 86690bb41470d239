import pino from "pino";
import { type Config, loadConfig } from "../../../server/config";
import { type AppDeps, createDeps } from "../../../server/deps";
import type { Database } from "../../../server/db/client";

export const TEST_BASE_URL = "http://localhost:3000";

export function createTestConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    SERVE_CLIENT: "false",
    RUN_JOBS: "false",
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: TEST_BASE_URL,
    // Tests play many buyers from one address (127.0.0.1 over WebSocket): the per-client hold
    // limits apply where a test sets them (shop-hoarding.test.ts).
    HOLD_CALLS_PER_MINUTE: "1000000",
    HOLD_MAX_CARTS_PER_DEVICE: "1000",
    HOLD_MAX_PLACES_PER_ADDRESS: "1000000",
    HOLD_MAX_PLACES_PER_ADDRESS_WITH_DEVICE: "1000000",
    ...overrides,
  });
}

export function createTestDeps(database: Database, overrides: Record<string, string> = {}): AppDeps {
  const config = createTestConfig(overrides);
  return createDeps(config, database, pino({ level: config.LOG_LEVEL }));
}
