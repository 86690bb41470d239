import pino, { type Logger } from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "isProduction">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: ["req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token"], censor: "[redacted]" },
  });
}
