import { is, type SQL } from "drizzle-orm";
import { PostgresJsTransaction } from "drizzle-orm/postgres-js";
import type { DbOrTx } from "./client";

/** Rows of a raw statement inside a transaction, the same shape on postgres.js and PGlite. */
export async function txRows<T>(tx: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Rows of several statements of one transaction, run in the order given. On Postgres they are
 * sent together (postgres.js pipelines a transaction's queries on its connection): Postgres runs
 * each as soon as the one before ends, without a round trip to this process and its event loop
 * in between (issue 25: a sale's last writes, while it holds rows every buyer needs). Each
 * statement must not depend on what this process makes of an earlier one's result; an error in
 * one fails the rest (the transaction is aborted). Elsewhere (PGlite, outside a transaction) one
 * after another.
 */
export async function pipelined(tx: DbOrTx, queries: SQL[]): Promise<unknown[][]> {
  if (!is(tx, PostgresJsTransaction)) {
    const all: unknown[][] = [];
    for (const query of queries) all.push(await txRows(tx, query));
    return all;
  }
  // Each execute reaches postgres.js in call order: the same number of steps for every query.
  return Promise.all(queries.map((query) => txRows<unknown>(tx, query)));
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
