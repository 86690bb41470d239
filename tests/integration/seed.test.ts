import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoOrders } from "../../server/demo/orders";
import { seedDemoResellers } from "../../server/demo/resellers";
import { DEMO_MATCH } from "../../server/demo/events";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "../../server/demo/seed";
import { expectNoDrift } from "./helpers/inventory";
import { organisers, users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "./helpers/app";
import { attempt } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("demo data", () => {
  it("seeds once: a second run changes nothing", async () => {
    expect(await seedDemoData(t.database.db)).toBe(true);
    const counted = async () => ({
      users: (await t.database.db.select().from(users)).length,
      organisers: (await t.database.db.select().from(organisers)).length,
    });
    const afterFirst = await counted();
    expect(afterFirst).toEqual({ users: 6, organisers: 2 });
    expect(await seedDemoData(t.database.db)).toBe(false);
    expect(await counted()).toEqual(afterFirst);
  });

  it.each([
    ["admin", DEMO_ACCOUNTS.admin, "admin"],
    ["organiser", DEMO_ACCOUNTS.organiser, "organiser"],
    ["unverified organiser", DEMO_ACCOUNTS.unverifiedOrganiser, "organiser"],
    ["team member", DEMO_ACCOUNTS.teamMember, "team_member"],
    ["reseller", DEMO_ACCOUNTS.reseller, "reseller"],
  ])("the %s logs in with the demo password", async (_label, email, role) => {
    const browser = t.client();
    const res = await attempt(browser.trpc.auth.login.mutate({ email, password: DEMO_PASSWORD }));
    expect(res.error).toBeUndefined();
    expect(res.data?.user.role).toBe(role);
    expect((await browser.trpc.auth.me.query())?.user.id).toBe(res.data?.user.id);
  });

  it("the agent logs in through agent login with the username", async () => {
    const browser = t.client();
    const res = await attempt(browser.trpc.auth.agentLogin.mutate({ username: DEMO_ACCOUNTS.agent, password: DEMO_PASSWORD }));
    expect(res.error).toBeUndefined();
    expect(res.data?.user.role).toBe("agent");
    const home = await attempt(browser.trpc.staff.home.query());
    expect(home.data?.organiserName).toBe("Stadtbühne Musterstadt");
  });

  it("the verified organiser can publish, the new one cannot", async () => {
    const overview = async (email: string) => {
      const browser = t.client();
      await browser.trpc.auth.login.mutate({ email, password: DEMO_PASSWORD });
      return await browser.trpc.account.overview.query();
    };
    expect(await overview(DEMO_ACCOUNTS.organiser)).toMatchObject({ canPublish: true });
    expect(await overview(DEMO_ACCOUNTS.unverifiedOrganiser)).toMatchObject({ canPublish: false });
    // The demo team member has the dashboard right.
    expect(await overview(DEMO_ACCOUNTS.teamMember)).toMatchObject({ canPublish: true });
  });

  it("places demo orders the way buyers do: the organiser and the team member see them, the inventory is exact", async () => {
    expect(await seedDemoOrders(t.deps)).toBe(5);
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: DEMO_ACCOUNTS.teamMember, password: DEMO_PASSWORD });
    const list = await browser.trpc.organiserOrders.list.query({});
    expect(list.total).toBe(5);
    expect(list.rows.map((r) => r.status).sort()).toEqual(["pending", "valid", "valid", "valid", "valid"]);
    const cancelledOne = list.rows.find((r) => r.buyerName === "Sophie Martin")!;
    const detail = await browser.trpc.organiserOrders.detail.query({ orderId: cancelledOne.id });
    expect(detail.lines.map((l) => l.status)).toEqual(["canceled", "active"]);
    await expectNoDrift(t.database);
  });

  it("the demo reseller sells the demo match from an allocation of seats and standing places", async () => {
    expect(await seedDemoResellers(t.deps)).toBe(true);
    expect(await seedDemoResellers(t.deps)).toBe(false);
    const browser = t.client();
    await browser.trpc.auth.login.mutate({ email: DEMO_ACCOUNTS.reseller, password: DEMO_PASSWORD });
    const [allocation] = await browser.trpc.resellers.allocations.query();
    expect(allocation).toMatchObject({ eventName: DEMO_MATCH, seatsLeft: 10, returned: false });
    expect(allocation!.placesLeft.map((p) => p.quantity)).toEqual([20]);
    const view = await browser.trpc.resellers.allocation.query({ allocationId: allocation!.id });
    expect(view.categories.length).toBeGreaterThan(0);
    await expectNoDrift(t.database);
  });

  it("the demo season is seated: its season tickets take a seat of the theatre on every date and the shop lists the dates (issue 24 item 6)", async () => {
    const [season] = await t.database.rows<{ id: string }>(sql`select id::text from events where type = 'SEASONAL' and name = 'Theatersaison 2026/27'`);
    const scope = await t.client().trpc.shop.scope.query({ scopeId: season!.id });
    expect(scope.kind).toBe("season");
    expect(scope.layout).not.toBeNull();
    expect(scope.categories.length).toBeGreaterThan(0);
    expect(scope.categories.every((c) => c.seatingCategoryId !== null)).toBe(true);
    const dates = await t.database.rows<{ id: string }>(
      sql`select d.id::text from event_dates d join events e on e.id = d.event_id where e.season_id = ${season!.id} order by d.starts_at`,
    );
    expect(dates.length).toBeGreaterThan(1);
    expect(scope.seasonDates.map((d) => d.id)).toEqual(dates.map((d) => d.id));
    expect(scope.dateCount).toBe(dates.length);
  });

  it("the demo team member belongs to the verified organiser", async () => {
    const [member] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.teamMember));
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.organiser));
    expect(member?.organiserId).toBe(owner?.organiserId);
  });
});
