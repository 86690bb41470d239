import type { Logger } from "pino";
import type { Config } from "./config";
import type { Database } from "./db/client";

/** What the app is built from; tests build it with their own database and config. */
export type AppDeps = {
  config: Config;
  database: Database;
  log: Logger;
};
