import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";

/**
 * What of an error reaches the log. Database errors carry the statement's parameters
 * (postgres.js `parameters`, PGlite and drizzle `params`, drizzle puts them in its message too):
 * password hashes, buyers' names and addresses. So only these keys are copied, never a value
 * the statement was given.
 */
const SAFE_ERROR_KEYS = [
  "code",
  "severity",
  "routine",
  "schema_name",
  "table_name",
  "column_name",
  "constraint_name",
  "statusCode",
  "field",
] as const;

const MAX_CAUSE_DEPTH = 5;

/** Drizzle's "Failed query: <sql>\nparams: <values>": the SQL stays, the values go. */
function withoutParams(text: string): string {
  const at = text.indexOf("\nparams:");
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
}

type SerializedError = Record<string, unknown> & { type: string; message: string };

export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const source = err as Error & Record<string, unknown>;
  const message = withoutParams(err.message);
  // The stack repeats the message on its first lines; keep only the frames.
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join("\n"),
  };
  for (const key of SAFE_ERROR_KEYS) {
    const value = source[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  if (err.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** `destination` lets tests read what would be logged. */
export function createLogger(config: Pick<Config, "LOG_LEVEL" | "isProduction">, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    serializers: {
      // Query strings carry tRPC inputs (cart secrets, order keys, access tokens): never logged.
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: req.url?.split("?")[0],
        ip: req.ip,
      }),
      err: serializeError,
      error: serializeError,
    },
    redact: { paths: ["req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token"], censor: "[redacted]" },
    hooks: {
      // log.error(err) makes the error's message the line's message: without the parameters too.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error) {
          const message = typeof rest[0] === "string" ? rest : [withoutParams(first.message), ...rest];
          return method.apply(this, [{ err: first }, ...message] as Parameters<typeof method>);
        }
        return method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
