import pino, { type Logger } from "pino";
import type { Config } from "./config";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "isProduction">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    serializers: {
      // Query strings carry tRPC inputs (cart secrets, order keys, access tokens): never logged.
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: req.url?.split("?")[0],
        ip: req.ip,
      }),
    },
    redact: { paths: ["req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token"], censor: "[redacted]" },
  });
}
