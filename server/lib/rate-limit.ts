import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "./app-error";

export type RateLimitRule = { key: string; limit: number; windowSeconds: number };

/**
 * Counts one attempt against a fixed window in one statement, so the limit holds across
 * instances. Throws TOO_MANY_REQUESTS once the window's limit is used up.
 */
export async function consumeRateLimit(database: Database, rule: RateLimitRule): Promise<void> {
  const window = `${rule.windowSeconds} seconds`;
  const [row] = await database.rows<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${rule.key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - ${window}::interval then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - ${window}::interval then now() else rate_limits.window_start end
    returning count`);
  if (!row || Number(row.count) > rule.limit) throw new AppError("TOO_MANY_REQUESTS");
}

export async function consumeRateLimits(database: Database, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) await consumeRateLimit(database, rule);
}

/**
 * Gives one attempt back to each window (an attempt that turned out to be allowed use, such as a
 * login with the right password): only failures then use a window up, while attempts running at
 * once are still counted before any of them is checked.
 */
export async function giveBackRateLimits(database: Database, rules: RateLimitRule[]): Promise<void> {
  if (rules.length === 0) return;
  await database.rows(sql`update rate_limits set count = greatest(count - 1, 0) where key in ${sql`(${sql.join(rules.map((r) => sql`${r.key}`), sql`, `)})`}`);
}

/** Drops windows that ended long ago (a job). */
export async function deleteStaleRateLimits(database: Database): Promise<void> {
  await database.rows(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
