// `npm run seed`: seeds the configured database with the demo data the server seeds on SEED_DEMO.
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createDeps } from "../server/deps";
import { seedDemoOrders } from "../server/demo/orders";
import { seedDemoData } from "../server/demo/seed";
import { createLogger } from "../server/logger";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await database.migrate();
if (await seedDemoData(database.db)) {
  // Orders go through the services, as in the server: they need the app's deps.
  const orders = await seedDemoOrders(createDeps(config, database, createLogger(config)));
  console.log(`Demo data seeded (${orders} demo orders).`);
} else {
  console.log("Demo data already present.");
}
await database.close();
