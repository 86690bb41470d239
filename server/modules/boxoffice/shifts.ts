import { sql } from "drizzle-orm";
import type { CounterPaymentMethod, ZReportData, ZReportMethodRow } from "../../../shared/schemas/boxoffice";
import { COUNTER_PAYMENT_METHODS } from "../../../shared/schemas/boxoffice";
import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { txRows } from "../../db/sql";
import { cancelOrderLines } from "../orders/organiser/cancel-lines";

/** Who works the counter: the user (a shift is theirs) acting for an organiser (tenancy). */
export type Cashier = { organiserId: string; userId: string };

type ShiftRow = {
  id: string;
  organiser_id: string;
  user_id: string;
  cashier: string;
  opened_at: Date | string;
  closed_at: Date | string | null;
  starting_cash_cents: number;
  counted_cash_cents: number | null;
  report: ZReportData | null;
};

const SHIFT_COLUMNS = sql.raw(
  `s.id::text, s.organiser_id::text, s.user_id::text, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as cashier,
   s.opened_at, s.closed_at, s.starting_cash_cents, s.counted_cash_cents, s.report`,
);

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function shiftOut(row: ShiftRow) {
  return {
    id: row.id,
    cashier: row.cashier,
    mine: false,
    openedAt: iso(row.opened_at)!,
    closedAt: iso(row.closed_at),
    startingCashCents: Number(row.starting_cash_cents),
    countedCashCents: row.counted_cash_cents === null ? null : Number(row.counted_cash_cents),
  };
}

/** A shift of the organiser, or NOT_FOUND (another organiser's shift looks missing). */
async function organisersShift(db: DbOrTx, organiserId: string, shiftId: string, lock = false): Promise<ShiftRow> {
  const [row] = await txRows<ShiftRow>(
    db,
    sql`select ${SHIFT_COLUMNS} from box_office_shifts s join users u on u.id = s.user_id
        where s.id = ${shiftId} and s.organiser_id = ${organiserId} ${lock ? sql`for update of s` : sql``}`,
  );
  if (!row) throw new AppError("NOT_FOUND", { field: "shiftId" });
  return row;
}

/** Opens the cashier's shift with the starting cash; one open shift per user (SHIFT_ALREADY_OPEN). */
export async function openShift(deps: AppDeps, who: Cashier, startingCashCents: number) {
  const db = deps.database.db;
  const [row] = await txRows<{ id: string }>(
    db,
    sql`insert into box_office_shifts (organiser_id, user_id, starting_cash_cents) values (${who.organiserId}, ${who.userId}, ${startingCashCents})
        on conflict (user_id) where closed_at is null do nothing returning id::text`,
  );
  if (!row) throw new AppError("SHIFT_ALREADY_OPEN");
  return shiftDetail(deps, who, row.id);
}

/** The caller's open shift (null: none), so the counter screen knows whether it can sell. */
export async function currentShift(deps: AppDeps, who: Cashier) {
  const [row] = await txRows<{ id: string }>(
    deps.database.db,
    sql`select id::text from box_office_shifts where user_id = ${who.userId} and organiser_id = ${who.organiserId} and closed_at is null`,
  );
  return row ? shiftDetail(deps, who, row.id) : null;
}

/**
 * The shift a sale goes into: the caller's own and open (locked for share until the sale
 * commits, so closing waits for it and the Z-report sees it). NO_OPEN_SHIFT otherwise.
 */
export async function lockOpenShift(tx: DbOrTx, who: Cashier, shiftId: string): Promise<void> {
  const [row] = await txRows<{ id: string }>(
    tx,
    sql`select id from box_office_shifts where id = ${shiftId} and organiser_id = ${who.organiserId} and user_id = ${who.userId} and closed_at is null for share`,
  );
  if (!row) throw new AppError("NO_OPEN_SHIFT", { field: "shiftId" });
}

/** Whether the caller has this open shift (a check before any work; the sale locks it again). */
export async function assertOpenShift(db: DbOrTx, who: Cashier, shiftId: string): Promise<void> {
  const [row] = await txRows<{ id: string }>(
    db,
    sql`select id from box_office_shifts where id = ${shiftId} and organiser_id = ${who.organiserId} and user_id = ${who.userId} and closed_at is null`,
  );
  if (!row) throw new AppError("NO_OPEN_SHIFT", { field: "shiftId" });
}

type SaleRow = {
  order_id: string;
  number: string;
  status: string;
  payment_method: CounterPaymentMethod;
  total_cents: number;
  amounts: { boxOfficeFeesCents?: number };
  buyer: { firstName?: string; lastName?: string };
  buyer_email: string;
  event_name: string;
  tickets: number;
  cash_given_cents: number | null;
  change_cents: number | null;
  refunded_cents: number;
  created_at: Date | string;
};

async function salesOf(db: DbOrTx, shiftId: string): Promise<SaleRow[]> {
  return txRows<SaleRow>(
    db,
    sql`select b.order_id::text, o.number, o.status::text, o.payment_method::text, o.total_cents, o.amounts, o.buyer, o.buyer_email, e.name as event_name,
          (select count(*)::int from order_lines l where l.order_id = o.id) as tickets,
          b.cash_given_cents, b.change_cents, b.created_at,
          coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.provider = 'box_office'
            and r.created_at <= coalesce(s.closed_at, 'infinity'::timestamptz)), 0)::int as refunded_cents
        from box_office_sales b join box_office_shifts s on s.id = b.shift_id join orders o on o.id = b.order_id join events e on e.id = o.event_id
        where b.shift_id = ${shiftId} order by b.created_at, b.order_id`,
  );
}

/**
 * The Z-report of a shift: sales and refunds per payment method, cash expected (start + cash
 * sales − cash refunds) against cash counted, the difference. Refunds count in the shift that
 * sold the order while it is open (cancelling a sale within the shift gives the money back from
 * the same drawer).
 */
export function zReport(shift: ShiftRow, sales: SaleRow[]): ZReportData {
  const methods = new Map<CounterPaymentMethod, ZReportMethodRow>(
    COUNTER_PAYMENT_METHODS.map((m) => [m, { method: m, sales: 0, salesCents: 0, refunds: 0, refundsCents: 0 }]),
  );
  let tickets = 0;
  let fees = 0;
  for (const s of sales) {
    const row = methods.get(s.payment_method) ?? methods.get("other")!;
    row.sales += 1;
    row.salesCents += Number(s.total_cents);
    const refunded = Number(s.refunded_cents);
    if (refunded > 0) {
      row.refunds += 1;
      row.refundsCents += refunded;
    }
    tickets += Number(s.tickets);
    fees += Number(s.amounts.boxOfficeFeesCents ?? 0);
  }
  const rows = [...methods.values()];
  const cash = methods.get("cash")!;
  const start = Number(shift.starting_cash_cents);
  const expected = start + cash.salesCents - cash.refundsCents;
  const counted = shift.counted_cash_cents === null ? null : Number(shift.counted_cash_cents);
  return {
    shiftId: shift.id,
    cashier: shift.cashier,
    openedAt: iso(shift.opened_at)!,
    closedAt: iso(shift.closed_at),
    startingCashCents: start,
    countedCashCents: counted,
    methods: rows,
    salesCount: sales.length,
    ticketsCount: tickets,
    salesCents: rows.reduce((a, r) => a + r.salesCents, 0),
    refundsCents: rows.reduce((a, r) => a + r.refundsCents, 0),
    boxOfficeFeesCents: fees,
    cashExpectedCents: expected,
    differenceCents: counted === null ? null : counted - expected,
  };
}

/** The Z-report of one of the organiser's shifts: frozen once closed, live while open (the reports read it, decision 025). */
export async function shiftZReport(db: DbOrTx, organiserId: string, shiftId: string): Promise<ZReportData> {
  const shift = await organisersShift(db, organiserId, shiftId);
  return shift.report ?? zReport(shift, await salesOf(db, shiftId));
}

/** A shift with its sales and its report (live while open, frozen once closed). */
export async function shiftDetail(deps: AppDeps, who: Cashier, shiftId: string) {
  const db = deps.database.db;
  const shift = await organisersShift(db, who.organiserId, shiftId);
  const sales = await salesOf(db, shiftId);
  return {
    ...shiftOut(shift),
    mine: shift.user_id === who.userId,
    sales: sales.map((s) => ({
      orderId: s.order_id,
      number: s.number,
      status: s.status,
      paymentMethod: s.payment_method,
      totalCents: Number(s.total_cents),
      tickets: Number(s.tickets),
      eventName: s.event_name,
      buyer: [s.buyer.firstName, s.buyer.lastName].filter(Boolean).join(" "),
      email: s.buyer_email,
      cashGivenCents: s.cash_given_cents === null ? null : Number(s.cash_given_cents),
      changeCents: s.change_cents === null ? null : Number(s.change_cents),
      refundedCents: Number(s.refunded_cents),
      createdAt: iso(s.created_at)!,
    })),
    report: shift.report ?? zReport(shift, sales),
  };
}

/** The organiser's shifts, newest first (every cashier's: the box office's past is the organiser's). */
export async function listShifts(deps: AppDeps, who: Cashier, input: { limit: number; before?: string | undefined }) {
  const rows = await txRows<ShiftRow & { sales: number; sales_cents: number }>(
    deps.database.db,
    sql`select ${SHIFT_COLUMNS},
          (select count(*)::int from box_office_sales b where b.shift_id = s.id) as sales,
          (select coalesce(sum(o.total_cents), 0)::int from box_office_sales b join orders o on o.id = b.order_id where b.shift_id = s.id) as sales_cents
        from box_office_shifts s join users u on u.id = s.user_id
        where s.organiser_id = ${who.organiserId} ${input.before ? sql`and s.opened_at < ${input.before}::timestamptz` : sql``}
        order by s.opened_at desc limit ${input.limit}`,
  );
  return rows.map((r) => ({
    ...shiftOut(r),
    mine: r.user_id === who.userId,
    sales: Number(r.sales),
    salesCents: Number(r.sales_cents),
    differenceCents: r.report?.differenceCents ?? null,
  }));
}

/**
 * Closes the caller's open shift with the counted cash; the Z-report is computed and frozen.
 * Waits for sales still committing into it (they hold the shift's row for share).
 */
export async function closeShift(deps: AppDeps, who: Cashier, input: { shiftId: string; countedCashCents: number }) {
  await deps.database.db.transaction(async (tx) => {
    const shift = await organisersShift(tx, who.organiserId, input.shiftId, true);
    if (shift.user_id !== who.userId || shift.closed_at !== null) throw new AppError("NO_OPEN_SHIFT", { field: "shiftId" });
    const [closed] = await txRows<{ closed_at: Date | string }>(
      tx,
      sql`update box_office_shifts set closed_at = now(), counted_cash_cents = ${input.countedCashCents} where id = ${shift.id} returning closed_at`,
    );
    const sales = await salesOf(tx, shift.id);
    const report = zReport({ ...shift, closed_at: closed!.closed_at, counted_cash_cents: input.countedCashCents }, sales);
    await tx.execute(sql`update box_office_shifts set report = ${JSON.stringify(report)}::jsonb where id = ${shift.id}`);
  });
  return shiftDetail(deps, who, input.shiftId);
}

/**
 * Cancels a sale of the caller's open shift (decision 017): the organiser's cancellation
 * (orders/organiser/cancel-lines.ts: seats back on sale, codes refused, contingent returned,
 * credit note, mail when there is an email) gives the whole amount back in the sale's method,
 * recorded as a refund done at the counter. Another shift's sale, or a closed shift's, is
 * refused (SALE_NOT_IN_SHIFT): after the shift, cancelling is the Orders page's (updateOrderDate).
 */
export async function cancelSale(deps: AppDeps, who: Cashier, orderId: string) {
  const db = deps.database.db;
  const [sale] = await txRows<{ shift_id: string; user_id: string; closed_at: Date | string | null }>(
    db,
    sql`select b.shift_id::text, s.user_id::text, s.closed_at from box_office_sales b join box_office_shifts s on s.id = b.shift_id
        where b.order_id = ${orderId} and b.organiser_id = ${who.organiserId}`,
  );
  if (!sale) throw new AppError("NOT_FOUND", { field: "orderId" });
  if (sale.user_id !== who.userId || sale.closed_at !== null) throw new AppError("SALE_NOT_IN_SHIFT", { field: "orderId" });
  await cancelOrderLines(deps, who.organiserId, { orderId });
  return shiftDetail(deps, who, sale.shift_id);
}
