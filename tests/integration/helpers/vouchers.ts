import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client";

export type VoucherSeed = {
  code: string;
  kind?: "fixed" | "percent";
  value?: number;
  minOrderCents?: number;
  maxOrderCents?: number;
  maxUses?: number | null;
  ticketCategoryIds: string[];
  blockIds?: string[];
  seatKeys?: string[];
  validFrom?: Date;
  validUntil?: Date;
  status?: "active" | "inactive";
};

/**
 * A voucher written straight into the database (the redemption tests do not depend on the
 * organiser's forms, which vouchers-manage tests). Default: 10 % off, unlimited, valid since an
 * hour for ten days, 0 to 10,000.00 EUR order value.
 */
export async function insertVoucher(database: Database, eventId: string, seed: VoucherSeed): Promise<string> {
  const id = randomUUID();
  const from = seed.validFrom ?? new Date(Date.now() - 3600_000);
  const until = seed.validUntil ?? new Date(Date.now() + 10 * 86400_000);
  await database.rows(sql`
    insert into vouchers (id, organiser_id, event_id, code, kind, value, min_order_cents, max_order_cents, max_uses,
      ticket_category_ids, block_ids, seat_keys, valid_from, valid_until, status)
    select ${id}, organiser_id, id, ${seed.code.toUpperCase()}, ${seed.kind ?? "percent"}, ${seed.value ?? 1000}, ${seed.minOrderCents ?? 0},
      ${seed.maxOrderCents ?? 1_000_000}, ${seed.maxUses === undefined ? null : seed.maxUses}, ${JSON.stringify(seed.ticketCategoryIds)}::jsonb,
      ${JSON.stringify(seed.blockIds ?? [])}::jsonb, ${JSON.stringify(seed.seatKeys ?? [])}::jsonb,
      ${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz, ${seed.status ?? "active"}
    from events where id = ${eventId} returning id`);
  return id;
}

export type VoucherCounts = { used: number; reserved: number; uses: { state: string; cartId: string | null; orderId: string | null }[] };

/** A voucher's counts and its uses (oldest first). */
export async function voucherCounts(database: Database, voucherId: string): Promise<VoucherCounts> {
  const [v] = await database.rows<{ used_count: number; reserved_count: number }>(sql`select used_count, reserved_count from vouchers where id = ${voucherId}`);
  const uses = await database.rows<{ state: string; cart_id: string | null; order_id: string | null }>(
    sql`select state::text, cart_id::text, order_id::text from voucher_uses where voucher_id = ${voucherId} order by created_at, id`,
  );
  return {
    used: Number(v!.used_count),
    reserved: Number(v!.reserved_count),
    uses: uses.map((u) => ({ state: u.state, cartId: u.cart_id, orderId: u.order_id })),
  };
}
