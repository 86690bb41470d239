// `npm run seed`: seeds the configured database with the demo data the server seeds on SEED_DEMO.
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { createDeps } from "../server/deps";
import { seedDemoOrders } from "../server/demo/orders";
import { seedDemoResellers } from "../server/demo/resellers";
import { seedDemoData } from "../server/demo/seed";
import { createLogger } from "../server/logger";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await database.migrate();
if (await seedDemoData(database.db)) {
  // Orders go through the services, as in the server: they need the app's deps.
  const deps = createDeps(config, database, createLogger(config));
  const orders = await seedDemoOrders(deps);
  // The demo reseller's tickets and allocation on the demo match (the allocation service).
  await seedDemoResellers(deps);
  console.log(`Demo data seeded (${orders} demo orders).`);
} else {
  console.log("Demo data already present.");
}
await database.close();
