import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createDeps } from "./deps";
import { startJobs } from "./jobs";
import { createLogger } from "./logger";
import { seedDemoOrders } from "./demo/orders";
import { seedDemoResellers } from "./demo/resellers";
import { seedDemoData } from "./demo/seed";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config);
  if (!config.isProduction && config.APP_SECRET.startsWith("dev-only")) {
    log.warn("APP_SECRET is not set: using the development secret");
  }

  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  log.info({ database: database.kind }, "database opened, applying migrations");
  await database.migrate();
  let seeded = false;
  if (config.SEED_DEMO) {
    seeded = await seedDemoData(database.db);
    if (seeded) log.info("demo data seeded (see README for the demo accounts)");
  }

  const deps = createDeps(config, database, log);
  // Orders are made the way buyers make them, through the services (they need the app's deps).
  if (seeded) log.info({ orders: await seedDemoOrders(deps), reseller: await seedDemoResellers(deps) }, "demo orders placed");
  const app = await buildApp(deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stopJobs = config.RUN_JOBS ? startJobs(deps) : async () => {};

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown took too long, exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await stopJobs();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
