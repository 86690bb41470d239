import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { voucherState, type VoucherKind, type VoucherState, type VoucherStatus } from "../../../shared/rules/voucher";
import { ZVoucherListInput, type VoucherListInput } from "../../../shared/schemas/vouchers";
import type { DbOrTx } from "../../db/client";
import { parseJson, txRows } from "../../db/sql";
import { AppError } from "../../lib/app-error";

/**
 * The organiser's vouchers list (issue 19, SPEC §2 "Discount"): every voucher of the organiser,
 * newest first, filtered by code, event, state and bulk batch in the database. The CSV export
 * (server/http/voucher-export.ts) reads the same filter (`voucherFilterSql`) in keyset batches.
 */

export type VoucherListRow = {
  id: string;
  code: string;
  kind: VoucherKind;
  /** Cents (fixed) or basis points (percent). */
  value: number;
  minOrderCents: number;
  maxOrderCents: number;
  maxUses: number | null;
  usedCount: number;
  reservedCount: number;
  eventId: string;
  eventName: string;
  isSeason: boolean;
  validFrom: Date;
  validUntil: Date;
  status: VoucherStatus;
  state: VoucherState;
  description: string;
  batchId: string | null;
  createdAt: Date;
};

export type VoucherDetail = VoucherListRow & { ticketCategoryIds: string[]; blockIds: string[]; seatKeys: string[] };

export type VoucherListPage = { rows: VoucherListRow[]; total: number; page: number; pageSize: number };

/** The list's filters without its paging: what the export takes. */
export const ZVoucherFilter = ZVoucherListInput.omit({ page: true, pageSize: true });
export type VoucherFilter = z.output<typeof ZVoucherFilter>;

/**
 * A voucher's state (alias `v`) at `now`, in SQL: the same rule, in the same order, as
 * voucherState() in shared/rules/voucher.ts (change both together; a test compares them).
 */
export function voucherStateSql(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(case
    when v.max_uses is not null and v.used_count >= v.max_uses then (case when v.max_uses = 1 then 'used' else 'limit_reached' end)
    when ${at} >= v.valid_until then 'expired'
    when v.status = 'inactive' then 'inactive'
    when ${at} < v.valid_from then 'upcoming'
    else 'active' end)`;
}

/** The where clause of the list and the export: the organiser's vouchers matching `filter` (alias `v`). */
export function voucherFilterSql(organiserId: string, filter: VoucherFilter, now: Date): SQL {
  const where: SQL[] = [sql`v.organiser_id = ${organiserId}`];
  // Codes are stored in upper case: a part of one, typed in any case, is found.
  const search = filter.search.trim().toUpperCase();
  if (search) where.push(sql`strpos(v.code, ${search}) > 0`);
  if (filter.eventId) where.push(sql`v.event_id = ${filter.eventId}`);
  if (filter.batchId) where.push(sql`v.batch_id = ${filter.batchId}`);
  if (filter.state) where.push(sql`${voucherStateSql(now)} = ${filter.state}`);
  return sql.join(where, sql` and `);
}

type RawRow = {
  id: string;
  code: string;
  kind: VoucherKind;
  value: number | string;
  min_order_cents: number | string;
  max_order_cents: number | string;
  max_uses: number | string | null;
  used_count: number | string;
  reserved_count: number | string;
  event_id: string;
  event_name: string;
  is_season: boolean;
  valid_from: Date | string;
  valid_until: Date | string;
  status: VoucherStatus;
  description: string;
  batch_id: string | null;
  created_at: Date | string;
};

const COLUMNS = sql`v.id::text, v.code, v.kind::text as kind, v.value, v.min_order_cents, v.max_order_cents, v.max_uses, v.used_count,
  v.reserved_count, v.event_id::text, e.name as event_name, e.type = 'SEASONAL' as is_season, v.valid_from, v.valid_until,
  v.status::text as status, v.description, v.batch_id::text, v.created_at`;

function toRow(r: RawRow, now: Date): VoucherListRow {
  const standing = {
    status: r.status,
    validFrom: new Date(r.valid_from),
    validUntil: new Date(r.valid_until),
    maxUses: r.max_uses === null ? null : Number(r.max_uses),
    usedCount: Number(r.used_count),
    reservedCount: Number(r.reserved_count),
  };
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    value: Number(r.value),
    minOrderCents: Number(r.min_order_cents),
    maxOrderCents: Number(r.max_order_cents),
    ...standing,
    eventId: r.event_id,
    eventName: r.event_name,
    isSeason: r.is_season,
    state: voucherState(standing, now),
    description: r.description,
    batchId: r.batch_id,
    createdAt: new Date(r.created_at),
  };
}

/** One page of the organiser's vouchers, newest first (a bulk batch by code). */
export async function listVouchers(db: DbOrTx, organiserId: string, input: VoucherListInput, now = new Date()): Promise<VoucherListPage> {
  const parsed = ZVoucherListInput.parse(input);
  const where = voucherFilterSql(organiserId, parsed, now);
  const offset = (parsed.page - 1) * parsed.pageSize;
  const [rows, counted] = await Promise.all([
    txRows<RawRow>(
      db,
      sql`select ${COLUMNS} from vouchers v join events e on e.id = v.event_id
          where ${where} order by v.created_at desc, v.code, v.id limit ${parsed.pageSize} offset ${offset}`,
    ),
    txRows<{ n: number | string }>(db, sql`select count(*)::int as n from vouchers v where ${where}`),
  ]);
  return { rows: rows.map((r) => toRow(r, now)), total: Number(counted[0]?.n ?? 0), page: parsed.page, pageSize: parsed.pageSize };
}

/** One voucher of the organiser with what it names; another organiser's is NOT_FOUND. */
export async function getVoucher(db: DbOrTx, organiserId: string, voucherId: string, now = new Date()): Promise<VoucherDetail> {
  const [row] = await txRows<RawRow & { ticket_category_ids: string[] | string; block_ids: string[] | string; seat_keys: string[] | string }>(
    db,
    sql`select ${COLUMNS}, v.ticket_category_ids, v.block_ids, v.seat_keys
        from vouchers v join events e on e.id = v.event_id where v.id = ${voucherId} and v.organiser_id = ${organiserId}`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  return {
    ...toRow(row, now),
    ticketCategoryIds: parseJson(row.ticket_category_ids),
    blockIds: parseJson(row.block_ids),
    seatKeys: parseJson(row.seat_keys),
  };
}

// ---------------------------------------------------------------- the export's rows

export type VoucherExportCursor = { createdAt: string; code: string; id: string };

/**
 * The next `limit` vouchers matching `filter` after `cursor`, in the list's order (keyset on
 * created_at, code and id). `cursor` carries created_at as Postgres text (microseconds survive).
 */
export async function voucherExportBatch(
  db: DbOrTx,
  organiserId: string,
  filter: VoucherFilter,
  cursor: VoucherExportCursor | null,
  limit: number,
  now: Date,
): Promise<{ rows: VoucherListRow[]; next: VoucherExportCursor | null }> {
  const where = voucherFilterSql(organiserId, filter, now);
  // created_at descending, then code and id ascending: "after" is an older row, or the same instant and a later code.
  const after = cursor
    ? sql`and (v.created_at < ${cursor.createdAt}::timestamptz
            or (v.created_at = ${cursor.createdAt}::timestamptz and (v.code, v.id) > (${cursor.code}, ${cursor.id}::uuid)))`
    : sql``;
  const raw = await txRows<RawRow & { cursor_at: string }>(
    db,
    sql`select ${COLUMNS}, v.created_at::text as cursor_at from vouchers v join events e on e.id = v.event_id
        where ${where} ${after} order by v.created_at desc, v.code, v.id limit ${limit}`,
  );
  const last = raw.at(-1);
  return {
    rows: raw.map((r) => toRow(r, now)),
    next: last && raw.length === limit ? { createdAt: last.cursor_at, code: last.code, id: last.id } : null,
  };
}
