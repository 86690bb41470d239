/** Postgres error codes we turn into AppErrors instead of 500s. */
export const PG_UNIQUE_VIOLATION = "23505";

type PgErrorLike = { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };

/** Finds the driver error under drizzle's wrapper (both postgres.js and PGlite set `code`). */
function pgError(err: unknown): PgErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const e = current as PgErrorLike;
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  if (!e || e.code !== PG_UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  return e.constraint_name === constraint || e.constraint === constraint;
}
