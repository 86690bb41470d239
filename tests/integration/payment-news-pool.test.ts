import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { handlePaymentNews } from "../../server/modules/orders/settle";
import { forgetShopScopes, loadScope } from "../../server/modules/shop/scope";
import { expectNoDrift } from "./helpers/inventory";
import { createOrdersApp, orderRow, type OrdersApp, placeSeatOrder } from "./helpers/orders";
import { createShopEvent, type ShopEvent } from "./helpers/shop";
import { gridLayout } from "./helpers/stadiums";

/**
 * A payment's news never waits inside its transaction for another pooled connection (issue 25):
 * with every connection of the pool held by such transactions, nothing would ever free one. Seen
 * in bench:onsale when the scope was loaded inside the transaction: it waited for another
 * caller's read of the same scope, queued for a connection (the shop's scopes are cached as
 * promises). Here the pool has one connection and that read is queued right behind the payment's
 * first statement: a payment that loads its scope inside the transaction waits for it forever.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("payment news on a full pool (Postgres)", () => {
  let t: OrdersApp;
  let shop: ShopEvent;
  let single: Database;

  beforeAll(async () => {
    t = await createOrdersApp();
    shop = await createShopEvent(t, { layout: gridLayout(1, 2, 10) });
    single = await openDatabase({ url: t.database.url, maxConnections: 1 });
  });
  afterAll(async () => {
    try {
      await expectNoDrift(t.database);
    } finally {
      await single.close();
      await t.close();
    }
  });

  it("completes while another read of its scope waits for the pool's only connection", async () => {
    const dateId = shop.dateIds[0]!;
    const placed = await placeSeatOrder(t, dateId, shop.category("cat1").id, ["G1:0:0", "G1:0:1"]);
    const deps = { ...t.deps, database: single };
    forgetShopScopes();
    const news = { provider: "test" as const, eventId: `evt-pool-${placed.orderId}`, type: "paid", orderId: placed.orderId, outcome: "paid" as const };
    const paying = handlePaymentNews(deps, news);
    const reading = loadScope(single.db, dateId);
    const stalled = new Promise<"stalled">((resolve) => setTimeout(() => resolve("stalled"), 10_000).unref());
    expect(await Promise.race([paying, stalled])).toBe("handled");
    expect((await reading)?.scopeId).toBe(dateId);
    expect((await orderRow(t.database, placed.orderId))!.status).toBe("valid");
  });
});
