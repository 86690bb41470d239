// `npm run seed`: seeds the configured database with the demo data the server seeds on SEED_DEMO.
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { seedDemoData } from "../server/demo/seed";

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
await database.migrate();
console.log((await seedDemoData(database.db)) ? "Demo data seeded." : "Demo data already present.");
await database.close();
