import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { isCancelled } from "../../../shared/rules/event-status";
import type { ZResellerSellInput } from "../../../shared/schemas/resellers";
import { txRows } from "../../db/sql";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { transferFromAllocation } from "../inventory/allocation";
import { announceChanges, type Changes } from "../inventory/changes";
import { participantsOf, writeOrder } from "../orders/checkout";
import { completeOrder, lockOrder, RESELLER_PROVIDER } from "../orders/settle";
import { hashSecret } from "../shop/cart";
import { planRequest } from "../shop/rules-gate";
import { loadScope, type ShopScope } from "../shop/scope";
import { resellerPrices } from "./allocations";

type SellInput = z.output<typeof ZResellerSellInput>;

/** What the reseller's screen shows after a sale. */
export type ResellerSale = {
  orderId: string;
  number: string;
  status: string;
  paymentMethod: string;
  totalCents: number;
  /** A confirmation mail with the tickets went to the buyer (an email was given). */
  emailed: boolean;
  /** GET: the tickets as PDF (the reseller's session, its own orders only). */
  ticketsPdfUrl: string;
};

export type Reseller = { id: string; organiserId: string };

async function saleByKey(deps: AppDeps, resellerId: string, key: string): Promise<ResellerSale | null> {
  const [row] = await txRows<{ id: string; number: string; status: string; payment_method: string; total_cents: number; buyer_email: string }>(
    deps.database.db,
    sql`select id::text, number, status::text, payment_method::text, total_cents, buyer_email from orders where reseller_id = ${resellerId} and idempotency_key = ${key}`,
  );
  if (!row) return null;
  return {
    orderId: row.id,
    number: row.number,
    status: row.status,
    paymentMethod: row.payment_method,
    totalCents: Number(row.total_cents),
    emailed: row.buyer_email !== "",
    ticketsPdfUrl: `/api/reseller/orders/${row.id}/tickets.pdf`,
  };
}

/** The reseller's own allocation and its date (another reseller's is NOT_FOUND). */
export async function ownAllocation(deps: AppDeps, reseller: Reseller, allocationId: string) {
  const [row] = await txRows<{ id: string; event_date_id: string; cart_id: string; secret_hash: string }>(
    deps.database.db,
    sql`select a.id::text, a.event_date_id::text, a.cart_id::text, c.secret_hash
        from reseller_allocations a join carts c on c.id = a.cart_id
        where a.id = ${allocationId} and a.reseller_id = ${reseller.id} and a.organiser_id = ${reseller.organiserId}`,
  );
  if (!row) throw new AppError("NOT_FOUND", { field: "allocationId" });
  const scope = await loadScope(deps.database.db, row.event_date_id);
  if (!scope) throw new AppError("NOT_FOUND", { field: "allocationId" });
  return { ...row, scope };
}

function assertSellable(scope: ShopScope): void {
  if (isCancelled(scope.event.status)) throw new AppError("EVENT_CANCELLED");
  if (scope.organiserDisabled || scope.event.status !== "published" || scope.date.endsAt.getTime() <= Date.now()) throw new AppError("EVENT_NOT_ON_SALE");
}

/**
 * A reseller's sale (issue 21, decision 022), in one transaction: the tickets' seats and places
 * move from the reseller's allocation into a cart of this sale (inventory/allocation.ts; nothing
 * moves unless the allocation holds all of them, so parallel sales can never sell past it), the
 * order is written at the reseller's prices with channel reseller and its id, and completed as
 * every order is (places sold, contingent, invoice, the confirmation mail when an email was
 * given). The same idempotency key again returns the sale it made.
 */
export async function sellFromAllocation(deps: AppDeps, reseller: Reseller, input: SellInput): Promise<ResellerSale> {
  const prior = await saleByKey(deps, reseller.id, input.idempotencyKey);
  if (prior) return prior;
  const allocation = await ownAllocation(deps, reseller, input.allocationId);
  const { scope } = allocation;
  assertSellable(scope);
  const prices = await resellerPrices(deps.database.db, reseller.id, scope.event.id);
  for (const t of input.tickets) {
    if (!prices.has(t.ticketCategoryId)) throw new AppError("RESELLER_TICKET_NOT_ASSIGNED", { field: "tickets", detail: t.ticketCategoryId });
  }
  const participants = participantsOf(scope, input.tickets);
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  // What the tickets take, as a hold would: seats by key, counted tickets per category and area.
  const counted = new Map<string, { ticketCategoryId: string; areaId: string | null; quantity: number }>();
  for (const t of input.tickets) {
    if (t.seatKeys.length > 0) continue;
    const key = `${t.ticketCategoryId}|${t.areaId ?? ""}`;
    const c = counted.get(key) ?? { ticketCategoryId: t.ticketCategoryId, areaId: t.areaId, quantity: 0 };
    c.quantity++;
    counted.set(key, c);
  }
  const plan = planRequest(
    scope,
    { seats: input.tickets.flatMap((t) => t.seatKeys.map((key) => ({ key, ticketCategoryId: t.ticketCategoryId }))), counts: [...counted.values()] },
    "boxoffice",
  );
  const buyer = { firstName: input.buyer?.firstName ?? "", lastName: input.buyer?.lastName ?? "", ...(input.buyer?.email ? { email: input.buyer.email } : {}) };
  const email = (input.buyer?.email ?? "").toLowerCase();
  const saleCart = { id: randomUUID(), secretHash: hashSecret(randomBytes(24).toString("base64url")), ttlSeconds: deps.config.HOLD_TTL_SECONDS };

  const changes: Changes = new Map();
  try {
    await deps.database.db.transaction(async (tx) => {
      const moved = await transferFromAllocation(
        tx,
        {
          scope,
          from: { cartId: allocation.cart_id, secretHash: allocation.secret_hash },
          to: saleCart,
          seats: plan.seats.map((s) => ({ key: s.key, tc: s.tc.id, cat: s.seatingCategory })),
          items: plan.counts.map((c) => ({ tc: c.tc.id, area: c.areaId, quantity: c.quantity, spt: byId.get(c.tc.id)!.seatsPerTicket })),
          quota: plan.quota,
          area: plan.area,
        },
        changes,
      );
      if (moved === "not_allocated") {
        const [cart] = await txRows<{ live: boolean }>(tx, sql`select state = 'active' and expires_at > now() as live from carts where id = ${allocation.cart_id}`);
        throw new AppError(cart?.live ? "ALLOCATION_EXCEEDED" : "ALLOCATION_RETURNED", { field: "tickets" });
      }
      if (moved === "counter_full") throw new AppError("SOLD_OUT", { field: "tickets" });
      const { orderId, free } = await writeOrder(tx, {
        scope,
        cartId: saleCart.id,
        idempotencyKey: input.idempotencyKey,
        tickets: input.tickets,
        participants,
        channel: "reseller",
        buyer,
        buyerEmail: email,
        locale: input.locale,
        payment: (isFree) => {
          const method = isFree ? "free_of_charge" : input.paymentMethod;
          return { method, provider: RESELLER_PROVIDER, providerRef: `${method}:${randomUUID()}` };
        },
        voucher: null,
        reseller: { id: reseller.id, prices },
      });
      if (input.paymentMethod === "free_of_charge" && !free) throw new AppError("SALE_NOT_FREE", { field: "paymentMethod" });
      const order = (await lockOrder(tx, orderId))!;
      const done = await completeOrder(deps, tx, order, scope, changes);
      if (done === "lost") throw new AppError("ALLOCATION_EXCEEDED", { field: "tickets" });
    });
  } catch (err) {
    // The same key committed meanwhile by a concurrent request (a double click: this one then finds
    // the places sold, or the key taken): that sale, not an error.
    const raced = await saleByKey(deps, reseller.id, input.idempotencyKey);
    if (raced) return raced;
    throw err;
  }
  await announceChanges(deps, changes);
  return (await saleByKey(deps, reseller.id, input.idempotencyKey))!;
}
