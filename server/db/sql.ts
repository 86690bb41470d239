import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** Rows of a raw statement inside a transaction, the same shape on postgres.js and PGlite. */
export async function txRows<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A Postgres array literal of safe tokens (uuids, seat keys): one parameter, cast by the caller. */
export function pgArray(values: readonly string[]): string {
  for (const v of values) if (!/^[A-Za-z0-9_:-]*$/.test(v)) throw new Error(`unsafe array element: ${v}`);
  return `{${values.join(",")}}`;
}

/** json columns arrive parsed from postgres.js and PGlite; text from anything else. */
export function parseJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
