import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { processRefunds } from "../../../server/modules/orders/jobs";
import { signedTicketCode } from "../../../server/modules/orders/ticket-code";
import { ok } from "./events";
import { createUser } from "./factories";
import { buySeats, createOrdersApp, decideVia, linesOf, type OrdersApp, paymentIdOf, placeSeatOrder } from "./orders";
import { allocateVia, countedTickets, createReseller, organiserIdOf, saleInput as resellerSale, sellVia } from "./resellers";
import { cartOf, createShopEvent, type ShopEvent } from "./shop";
import { attempt } from "./trpc";
import { insertVoucher } from "./vouchers";

/**
 * The orders, shift and check-ins the reports tests read (decision 025): an online order paid with
 * the test provider, a partly cancelled one with its refund done, a voucher order, a box office
 * shift (a cash sale, a card sale, a cash sale cancelled at the counter) closed with counted cash
 * 70 cents short, a reseller sale with one ticket cancelled by the organiser, a pending and a
 * failed order, orders paid 2 and 8 days ago; at the door two online admissions on "Gate 1" (a
 * third undone), one offline on "Gate 2" three hours ago and its conflict from "Gate 1". Another
 * organiser has one order of its own. A cancelled online order's refund is still pending.
 */

export const TZ = "Europe/Berlin";

export type Scene = {
  t: OrdersApp;
  shop: ShopEvent;
  other: ShopEvent;
  organiserId: string;
  dateId: string;
  shiftId: string;
  /** Every order of `shop`'s organiser the scene made, by what it is. */
  made: Record<string, string>;
  startingCashCents: number;
  countedCashCents: number;
};

/** A calendar day in Berlin, `daysAgo` before today: "2026-11-26". */
export function berlinDay(daysAgo = 0, from = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: TZ }).format(new Date(from.getTime() - daysAgo * 86_400_000));
}

/** "2026-11-26 18:00" (the hour) or "2026-11-26 18:07" (the minute) of an instant in Berlin. */
export function berlinTime(at: Date, hourOnly = false): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: TZ, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${hourOnly ? "00" : p.minute}`;
}

async function setPaidAt(t: OrdersApp, orderId: string, daysAgo: number) {
  await t.database.rows(
    sql`update orders set paid_at = now() - make_interval(days => ${daysAgo}), created_at = now() - make_interval(days => ${daysAgo}) - interval '5 minutes'
        where id = ${orderId} returning id`,
  );
}

/** A signed-in staff member of `eventId`, and a device of it at `dateId`. */
async function doorOf(s: Pick<Scene, "t" | "organiserId">, eventId: string, dateId: string) {
  const username = `door-${randomUUID().slice(0, 8)}`;
  const user = await createUser(s.t.database.db, { role: "agent", organiserId: s.organiserId, eventId, username, firstName: "Dora", lastName: "Door" });
  const client = s.t.client();
  ok(await attempt(client.trpc.auth.agentLogin.mutate({ username, password: user.password })));
  const device = (label: string) => {
    const deviceId = `device-${randomUUID()}`;
    return {
      scan: (code: string) => client.trpc.staff.checkin.scan.mutate({ dateId, code, nonce: randomUUID(), deviceId, deviceLabel: label }),
      upload: (code: string, scannedAt: Date) =>
        client.trpc.staff.checkin.upload.mutate({ dateId, deviceId, deviceLabel: label, scans: [{ code, nonce: randomUUID(), scannedAt }] }),
    };
  };
  return { client, device };
}

export async function buildScene(): Promise<Scene> {
  const t = await createOrdersApp({ LOG_LEVEL: "silent" });
  const shop = await createShopEvent(t);
  const other = await createShopEvent(t);
  const dateId = shop.dateIds[0]!;
  const organiserId = await organiserIdOf(t, shop.eventId);
  // Tickets at 7 % VAT (the service fee keeps 19 %: two rates), each category at its own price.
  await t.database.rows(sql`update events set vat_rate_bp = 700 where id = ${shop.eventId} returning id`);
  await t.database.rows(
    sql`update ticket_categories set price_cents = case name when 'Ticket a' then 1499 when 'Ticket b' then 2390 else 990 end where event_id = ${shop.eventId} returning id`,
  );
  const keys = async (category: string) =>
    (await t.database.rows<{ k: string }>(sql`select seat_key as k from seat_inventory where event_date_id = ${dateId} and category_id = ${category} order by seat_key`)).map(
      (r) => r.k,
    );
  const seatsA = await keys("a");
  const seatsB = await keys("b");
  const [tcA, tcB, tcC] = ["a", "b", "c"].map((k) => shop.category(k).id) as [string, string, string];
  const made: Record<string, string> = {};

  made.online = (await buySeats(t, dateId, tcA, seatsA.slice(0, 2))).orderId;
  // Three tickets, one cancelled by the organiser; its refund carried out by the job.
  made.partial = (await buySeats(t, dateId, tcA, seatsA.slice(2, 5))).orderId;
  const [first] = await linesOf(t.database, made.partial);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.partial, lineIds: [first!.id] })));
  await processRefunds(t.deps);
  await insertVoucher(t.database, shop.eventId, { code: "REPORT10", ticketCategoryIds: [tcA] });
  made.voucher = (await buySeats(t, dateId, tcA, seatsA.slice(5, 7), { voucherCode: "REPORT10" })).orderId;

  // The counter: 1.50 fee per ticket; a cash sale of two, a card sale of one, a cash sale cancelled.
  ok(await attempt(shop.organiser.trpc.boxOffice.updateSettings.mutate({ eventId: shop.eventId, feeCents: 150, printFormat: "a4" })));
  const startingCashCents = 2000;
  const shiftId = ok(await attempt(shop.organiser.trpc.boxOffice.openShift.mutate({ startingCashCents }))).id;
  const counterSale = async (seats: string[], paymentMethod: "cash" | "card") => {
    const cart = cartOf(
      ok(await attempt(shop.organiser.trpc.boxOffice.hold.mutate({ scopeId: dateId, cart: null, seats: seats.map((key) => ({ key, ticketCategoryId: tcB })), counts: [] }))),
    );
    const tickets = seats.map((k) => ({ ticketCategoryId: tcB, seatKeys: [k] }));
    return ok(await attempt(shop.organiser.trpc.boxOffice.sell.mutate({ cart, idempotencyKey: `sale-${randomUUID()}`, shiftId, tickets, paymentMethod, locale: "en" }))).orderId;
  };
  made.boxCash = await counterSale(seatsB.slice(0, 2), "cash");
  made.boxCard = await counterSale([seatsB[2]!], "card");
  made.boxCancelled = await counterSale([seatsB[3]!], "cash");
  ok(await attempt(shop.organiser.trpc.boxOffice.cancelSale.mutate({ orderId: made.boxCancelled })));
  const z = ok(await attempt(shop.organiser.trpc.boxOffice.shift.query({ shiftId }))).report;
  const countedCashCents = z.cashExpectedCents - 70;
  ok(await attempt(shop.organiser.trpc.boxOffice.closeShift.mutate({ shiftId, countedCashCents })));

  // A reseller sells three standing places at its own price; the organiser cancels one of them.
  const kiosk = await createReseller(t, organiserId, shop.eventId, { [tcC]: 1250 }, "Kiosk Report");
  const { allocationId } = ok(await allocateVia(shop.organiser, { resellerId: kiosk.id, eventDateId: dateId, counts: [{ ticketCategoryId: tcC, areaId: "S", quantity: 4 }] }));
  made.reseller = ok(await sellVia(kiosk.client, resellerSale(allocationId, countedTickets(tcC, "S", 3)))).orderId;
  const [resold] = await linesOf(t.database, made.reseller);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.reseller, lineIds: [resold!.id] })));
  await processRefunds(t.deps);

  // An order of one ticket cancelled (so the order is), its refund not carried out yet by the job.
  made.refundPending = (await buySeats(t, dateId, tcA, seatsA.slice(7, 8))).orderId;
  const [later] = await linesOf(t.database, made.refundPending);
  ok(await attempt(shop.organiser.trpc.organiserOrders.cancel.mutate({ orderId: made.refundPending, lineIds: [later!.id] })));

  made.pending = (await placeSeatOrder(t, dateId, tcB, [seatsB[4]!])).orderId;
  const failing = await placeSeatOrder(t, dateId, tcB, [seatsB[5]!]);
  ok(await decideVia(failing.client, paymentIdOf(failing.result), "failed"));
  made.failed = failing.orderId;
  made.twoDays = (await buySeats(t, dateId, tcB, [seatsB[6]!])).orderId;
  await setPaidAt(t, made.twoDays, 2);
  made.eightDays = (await buySeats(t, dateId, tcB, [seatsB[7]!])).orderId;
  await setPaidAt(t, made.eightDays, 8);
  await buySeats(t, other.dateIds[0]!, other.category("a").id, ["A:0:0"]);

  // The door: Gate 1 admits the online order's two tickets and the voucher order's first (then
  // undone); Gate 2 uploads an offline admission of the partial order's ticket from three hours
  // ago, which Gate 1 then meets again offline (a conflict, not a second admission).
  const door = await doorOf({ t, organiserId }, shop.eventId, dateId);
  const code = async (orderId: string, i: number) => {
    const line = (await t.database.rows<{ id: string; event_id: string; scope_id: string }>(
      sql`select id::text, event_id::text, scope_id::text from order_lines where order_id = ${orderId} and status <> 'canceled' order by created_at, id`,
    ))[i]!;
    return signedTicketCode(t.config.APP_SECRET, { lineId: line.id, eventId: line.event_id, scopeId: line.scope_id });
  };
  const gate1 = door.device("Gate 1");
  const gate2 = door.device("Gate 2");
  for (const c of [await code(made.online, 0), await code(made.online, 1)]) expect((await gate1.scan(c)).outcome, "admitted");
  const undone = await gate1.scan(await code(made.voucher, 0));
  ok(await attempt(door.client.trpc.staff.checkin.undo.mutate({ checkinId: undone.checkinId! })));
  const early = new Date(Date.now() - 3 * 3600_000);
  await gate2.upload(await code(made.partial, 0), early);
  await gate1.upload(await code(made.partial, 0), new Date(early.getTime() + 60_000));
  return { t, shop, other, organiserId, dateId, shiftId, made, startingCashCents, countedCashCents };
}

function expect(actual: unknown, wanted: unknown) {
  if (actual !== wanted) throw new Error(`scene: expected ${String(wanted)}, got ${String(actual)}`);
}
