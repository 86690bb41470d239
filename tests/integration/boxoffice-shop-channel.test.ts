/**
 * Box office only (SPEC §3): seats and areas of a block flagged `boxofficeOnly` are sold at the
 * counter alone; online buyers never hold them, neither picked nor as best available.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, ticketCategory } from "./helpers/events";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, type OrdersApp } from "./helpers/orders";
import { createShopEvent, holdVia, seatRows, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";
import { attempt } from "./helpers/trpc";

let t: OrdersApp;
let shop: ShopEvent;
beforeAll(async () => {
  t = await createOrdersApp();
  const layout = gridLayout(2, 1, 4);
  layout.blocks[1]!.boxofficeOnly = true;
  shop = await createShopEvent(t, { layout, categories: [ticketCategory("cat1", { name: "Ticket cat1", seatingCategoryId: "cat1" })] });
});
afterAll(async () => {
  try {
    await expectNoDrift(t.database);
  } finally {
    await t.close();
  }
});

describe("an online buyer and a box-office-only block", () => {
  it("is refused a seat of the block, and nothing is held", async () => {
    const res = await holdVia(t.client(), { scopeId: shop.dateIds[0]!, seats: [{ key: "G2:0:0", ticketCategoryId: shop.category("cat1").id }] });
    expect(res.error?.appCode).toBe("TICKET_BOXOFFICE_ONLY");
    expect((await seatRows(t.database, shop.dateIds)).filter((s) => s.key.startsWith("G2:"))).toEqual([]);
  });

  it("still holds seats of the other block", async () => {
    const res = ok(await holdVia(t.client(), { scopeId: shop.dateIds[0]!, seats: [{ key: "G1:0:0", ticketCategoryId: shop.category("cat1").id }] }));
    expect(res.status).toBe("held");
  });

  it("never gets the block's seats as best available", async () => {
    const buyer = t.client();
    const first = ok(await attemptBest(buyer, 3));
    expect(first.status).toBe("held");
    if (first.status === "held") expect(first.seats.every((k) => k.startsWith("G1:"))).toBe(true);
    // G1 has no 3 more seats left: best available says sold out rather than offering G2.
    const second = ok(await attemptBest(t.client(), 3));
    expect(second.status).not.toBe("held");
  });
});

function attemptBest(client: ReturnType<OrdersApp["client"]>, quantity: number) {
  return attempt(client.trpc.shop.holdBest.mutate({ scopeId: shop.dateIds[0]!, cart: null, ticketCategoryId: shop.category("cat1").id, quantity }));
}
