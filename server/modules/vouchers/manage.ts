import { randomInt, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { bulkCode } from "../../../shared/rules/voucher";
import type { ZBulkVoucherInput, ZCreateVoucherInput, ZUpdateVoucherInput } from "../../../shared/schemas/vouchers";
import type { DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { pgArray, txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";
import { checkVoucherTarget, takenCodes, type VoucherEvent } from "./targets";

/**
 * The organiser's vouchers (issue 19, decision 020, SPEC §2 "Discount", §5 form rules):
 * creating one, changing one, and making N random codes at once. A code is unique for its event
 * or series: not twice on one event, and not on a season and one of its events. Every change
 * runs in a transaction that first takes the organiser's voucher lock (an advisory lock: two
 * creations of one code are decided one after the other) and checks before it writes, so a
 * refusal changes nothing; the unique index (vouchers_event_code_unique) is the backstop.
 * Counts of uses are never written here (server/modules/vouchers/uses.ts owns them).
 */

type CreateInput = z.output<typeof ZCreateVoucherInput>;
type UpdateInput = z.output<typeof ZUpdateVoucherInput>;
type BulkInput = z.output<typeof ZBulkVoucherInput>;
type Terms = Omit<CreateInput, "code">;

/** A bulk creation regenerates colliding codes this often before it gives up (never in practice). */
const BULK_ROUNDS = 20;

/** Serialises the organiser's voucher changes until the transaction ends (the code checks then see every earlier one). */
async function lockOrganiserVouchers(tx: DbOrTx, organiserId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vouchers:${organiserId}`}, 0))`);
}

/** The unique index refused a code the checks let through: the same answer as the check's. */
function codeExistsOr(err: unknown): never {
  if (isUniqueViolation(err, "vouchers_event_code_unique")) throw new AppError("VOUCHER_CODE_EXISTS", { field: "code", cause: err });
  throw err;
}

async function assertCodeFree(tx: DbOrTx, event: VoucherEvent, code: string, exceptId: string | null = null): Promise<void> {
  if ((await takenCodes(tx, event, [code], exceptId)).has(code)) throw new AppError("VOUCHER_CODE_EXISTS", { field: "code" });
}

/** The terms' columns as one voucher row writes them (jsonb lists, dates). */
function termColumns(t: Terms) {
  return {
    kind: t.kind,
    value: t.value,
    min_order_cents: t.minOrderCents,
    max_order_cents: t.maxOrderCents,
    max_uses: t.maxUses,
    ticket_category_ids: JSON.stringify([...new Set(t.ticketCategoryIds)]),
    block_ids: JSON.stringify([...new Set(t.blockIds)]),
    seat_keys: JSON.stringify([...new Set(t.seatKeys)]),
    valid_from: t.validFrom.toISOString(),
    valid_until: t.validUntil.toISOString(),
    description: t.description,
    status: t.status,
  };
}

/** Creates one voucher of the organiser (right createVoucher). */
export async function createVoucher(db: DbOrTx, organiserId: string, input: CreateInput): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      await lockOrganiserVouchers(tx, organiserId);
      const event = await checkVoucherTarget(tx, organiserId, input);
      await assertCodeFree(tx, event, input.code);
      const c = termColumns(input);
      const [row] = await txRows<{ id: string }>(
        tx,
        sql`insert into vouchers (organiser_id, event_id, code, kind, value, min_order_cents, max_order_cents, max_uses,
              ticket_category_ids, block_ids, seat_keys, valid_from, valid_until, description, status)
            values (${organiserId}, ${event.id}, ${input.code}, ${c.kind}::voucher_kind, ${c.value}, ${c.min_order_cents}, ${c.max_order_cents},
              ${c.max_uses}, ${c.ticket_category_ids}::jsonb, ${c.block_ids}::jsonb, ${c.seat_keys}::jsonb, ${c.valid_from}::timestamptz,
              ${c.valid_until}::timestamptz, ${c.description}, ${c.status}::voucher_status)
            returning id::text`,
      );
      return { id: row!.id };
    });
  } catch (err) {
    codeExistsOr(err);
  }
}

/**
 * Changes a voucher of the organiser (right updateVoucher). Its row is locked first, so the
 * uses counted against the new limit are final for this transaction: a limit below the uses
 * made and reserved is refused (VOUCHER_LIMIT_BELOW_USES), never left to the check constraint.
 * A voucher with uses keeps its event (those uses were made on it).
 */
export async function updateVoucher(db: DbOrTx, organiserId: string, input: UpdateInput): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      await lockOrganiserVouchers(tx, organiserId);
      const [current] = await txRows<{ event_id: string; used_count: number | string; reserved_count: number | string }>(
        tx,
        sql`select event_id::text, used_count, reserved_count from vouchers where id = ${input.voucherId} and organiser_id = ${organiserId} for update`,
      );
      if (!current) throw new AppError("NOT_FOUND");
      const uses = Number(current.used_count) + Number(current.reserved_count);
      const event = await checkVoucherTarget(tx, organiserId, input);
      if (event.id !== current.event_id && uses > 0) throw new AppError("CONFLICT", { field: "eventId" });
      if (input.maxUses !== null && input.maxUses < uses) throw new AppError("VOUCHER_LIMIT_BELOW_USES", { field: "maxUses" });
      await assertCodeFree(tx, event, input.code, input.voucherId);
      const c = termColumns(input);
      await tx.execute(
        sql`update vouchers set event_id = ${event.id}, code = ${input.code}, kind = ${c.kind}::voucher_kind, value = ${c.value},
              min_order_cents = ${c.min_order_cents}, max_order_cents = ${c.max_order_cents}, max_uses = ${c.max_uses},
              ticket_category_ids = ${c.ticket_category_ids}::jsonb, block_ids = ${c.block_ids}::jsonb, seat_keys = ${c.seat_keys}::jsonb,
              valid_from = ${c.valid_from}::timestamptz, valid_until = ${c.valid_until}::timestamptz, description = ${c.description},
              status = ${c.status}::voucher_status, updated_at = now()
            where id = ${input.voucherId}`,
      );
      return { id: input.voucherId };
    });
  } catch (err) {
    codeExistsOr(err);
  }
}

/** `n` new random codes with the prefix, none in `avoid` and none twice. */
function freshCodes(prefix: string, n: number, avoid: ReadonlySet<string>, randomIndex: (n: number) => number): string[] {
  const made = new Set<string>();
  while (made.size < n) {
    const code = bulkCode(prefix, randomIndex);
    if (!avoid.has(code)) made.add(code);
  }
  return [...made];
}

/**
 * Makes `count` vouchers with the same terms and random codes "<PREFIX><8 characters>" in one
 * transaction (all or none), sharing a new batch id. Codes taken in the event's family are
 * drawn again; each round is one multi-row insert (the index's conflicts, which the family
 * check under the lock rules out, would be drawn again too). Right createVoucher. `randomIndex`
 * is crypto.randomInt but in tests (to make a collision happen).
 */
export async function bulkCreateVouchers(
  db: DbOrTx,
  organiserId: string,
  input: BulkInput,
  randomIndex: (n: number) => number = randomInt,
): Promise<{ batchId: string; count: number; codes: string[] }> {
  const batchId = randomUUID();
  return db.transaction(async (tx) => {
    await lockOrganiserVouchers(tx, organiserId);
    const event = await checkVoucherTarget(tx, organiserId, input);
    const c = termColumns(input);
    const codes: string[] = [];
    const tried = new Set<string>();
    for (let round = 0; codes.length < input.count; round++) {
      if (round >= BULK_ROUNDS) throw new AppError("CONFLICT", { field: "prefix" });
      const drawn = freshCodes(input.prefix, input.count - codes.length, tried, randomIndex);
      for (const code of drawn) tried.add(code);
      const taken = await takenCodes(tx, event, drawn);
      const free = drawn.filter((code) => !taken.has(code));
      if (free.length === 0) continue;
      const inserted = await txRows<{ code: string }>(
        tx,
        sql`insert into vouchers (organiser_id, event_id, code, kind, value, min_order_cents, max_order_cents, max_uses,
              ticket_category_ids, block_ids, seat_keys, valid_from, valid_until, description, status, batch_id)
            select ${organiserId}, ${event.id}, code, ${c.kind}::voucher_kind, ${c.value}, ${c.min_order_cents}, ${c.max_order_cents},
              ${c.max_uses}::int, ${c.ticket_category_ids}::jsonb, ${c.block_ids}::jsonb, ${c.seat_keys}::jsonb, ${c.valid_from}::timestamptz,
              ${c.valid_until}::timestamptz, ${c.description}, ${c.status}::voucher_status, ${batchId}::uuid
            from unnest(${pgArray(free)}::text[]) as n(code)
            on conflict (event_id, code) do nothing
            returning code`,
      );
      codes.push(...inserted.map((r) => r.code));
    }
    codes.sort();
    return { batchId, count: codes.length, codes };
  });
}
