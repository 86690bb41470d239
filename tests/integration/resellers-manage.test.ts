/**
 * Issue 21, part 1: the owner manages resellers (SPEC §3 Reseller, §4, §5 reseller form):
 * creates them with their details, login and the events and tickets they sell at their own
 * price, edits them, resets a password, activates and deactivates them (signed out at once);
 * the list shows what each sold. Every bad input of the issue is refused and saves nothing.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, orderLines, orders, resellerProfiles, resellerTickets, sessions, users } from "../../server/db/schema";
import { fullPermissionSet } from "../../shared/permissions";
import { RESELLER_LIMIT } from "../../shared/schemas/resellers";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { categoriesOf, createEventVia, datesOf, saveTicketsVia, signedInOrganiser, signedInTeamMember, signIn, ticketCategory, validEventStep1, validSeasonStep1 } from "./helpers/events";
import { createUser } from "./helpers/factories";
import { failure, malformed, type RouterInput } from "./helpers/trpc";

const PASSWORD = "Sell-pass1!";
const NEW_PASSWORD = "Sell-pass2?";
type CreateInput = RouterInput["resellerManage"]["create"];
type UpdateInput = RouterInput["resellerManage"]["update"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An owner (drafts may be assigned, so no verification) with two draft events of two categories each. */
async function ownerWithEvents() {
  const owner = await signedInOrganiser(t, { publishable: false });
  const eventIds: string[] = [];
  for (const name of ["Summer Concert", "Winter Ball"]) {
    const id = await createEventVia(owner.client, validEventStep1({ name }));
    await saveTicketsVia(owner.client, id, [ticketCategory("a", { priceCents: 2500 }), ticketCategory("b", { priceCents: 4000 })]);
    eventIds.push(id);
  }
  const categories = await Promise.all(eventIds.map((id) => categoriesOf(t.database.db, id)));
  return { ...owner, eventIds, categories: categories.map((c) => c.map((x) => x.id)) };
}
type Owner = Awaited<ReturnType<typeof ownerWithEvents>>;

function resellerInput(owner: Owner, overrides: Partial<CreateInput> = {}): CreateInput {
  return {
    name: "Ticket Kiosk Mitte",
    address: "Torstraße 12",
    city: "Berlin",
    zip: "10119",
    state: "Berlin",
    country: "DE",
    mobile: "+49 170 1234567",
    email: `kiosk-${randomUUID().slice(0, 8)}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    events: [{ eventId: owner.eventIds[0]!, tickets: [{ ticketCategoryId: owner.categories[0]![0]!, priceCents: 2700 }] }],
    ...overrides,
  };
}

function updateOf(id: string, input: CreateInput, overrides: Partial<UpdateInput> = {}): UpdateInput {
  const { password: _p, confirmPassword: _c, ...details } = input;
  return { id, ...details, ...overrides };
}

/** Everything stored about the organiser's resellers. */
async function resellerState(organiserId: string) {
  const logins = await t.database.db.select().from(users).where(and(eq(users.organiserId, organiserId), eq(users.role, "reseller")));
  const ids = logins.map((u) => u.id);
  return {
    logins,
    profiles: await t.database.db.select().from(resellerProfiles).where(eq(resellerProfiles.organiserId, organiserId)),
    tickets: ids.length ? await t.database.db.select().from(resellerTickets).where(inArray(resellerTickets.resellerId, ids)) : [],
  };
}

async function login(email: string, password: string): Promise<TestClient> {
  const client = t.client();
  await client.trpc.auth.login.mutate({ email, password });
  return client;
}

describe("reseller management", () => {
  it("creates a reseller with every SPEC field, who logs in at once; get and list read it back", async () => {
    const owner = await ownerWithEvents();
    const input = resellerInput(owner, {
      email: `Kiosk-${randomUUID().slice(0, 8)}@Example.com`,
      events: [
        { eventId: owner.eventIds[0]!, tickets: [{ ticketCategoryId: owner.categories[0]![0]!, priceCents: 2700 }, { ticketCategoryId: owner.categories[0]![1]!, priceCents: 0 }] },
        { eventId: owner.eventIds[1]!, tickets: [{ ticketCategoryId: owner.categories[1]![1]!, priceCents: 3900 }] },
      ],
    });
    const { id } = await owner.client.trpc.resellerManage.create.mutate(input);
    const email = input.email.toLowerCase();

    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ role: "reseller", organiserId: owner.organiser.id, email, firstName: "Ticket Kiosk Mitte", lastName: "", status: "active", locale: owner.user.locale });
    expect(user!.activatedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).not.toContain(PASSWORD);

    const got = await owner.client.trpc.resellerManage.get.query({ id });
    expect(got).toMatchObject({ id, name: input.name, address: input.address, city: input.city, zip: input.zip, state: input.state, country: "DE", mobile: input.mobile, email, active: true });
    expect(got.events.map((e) => [e.eventId, e.eventName, e.tickets.map((x) => [x.ticketCategoryId, x.name, x.priceCents, x.listPriceCents])])).toEqual([
      [owner.eventIds[0], "Summer Concert", [[owner.categories[0]![0], "Ticket a", 2700, 2500], [owner.categories[0]![1], "Ticket b", 0, 4000]]],
      [owner.eventIds[1], "Winter Ball", [[owner.categories[1]![1], "Ticket b", 3900, 4000]]],
    ]);

    const [row] = await owner.client.trpc.resellerManage.list.query();
    expect(row).toEqual({
      id,
      name: input.name,
      email,
      city: "Berlin",
      country: "DE",
      mobile: input.mobile,
      active: true,
      ticketsSold: 0,
      revenueCents: 0,
      events: [
        { eventId: owner.eventIds[0], eventName: "Summer Concert", tickets: [{ ticketCategoryId: owner.categories[0]![0], name: "Ticket a", priceCents: 2700 }, { ticketCategoryId: owner.categories[0]![1], name: "Ticket b", priceCents: 0 }] },
        { eventId: owner.eventIds[1], eventName: "Winter Ball", tickets: [{ ticketCategoryId: owner.categories[1]![1], name: "Ticket b", priceCents: 3900 }] },
      ],
    });

    const reseller = await login(input.email, PASSWORD);
    expect((await reseller.trpc.auth.me.query())?.user).toMatchObject({ id, role: "reseller", organiserId: owner.organiser.id });
  });

  it("refuses every bad input of the form on its field with its message, saving nothing", async () => {
    const owner = await ownerWithEvents();
    const [a, b] = owner.eventIds as [string, string];
    const categoryA = owner.categories[0]![0]!;
    const cases: [Partial<CreateInput>, string, string][] = [
      [{ name: "" }, "name", "v.required"],
      [{ address: "  " }, "address", "v.required"],
      [{ city: "" }, "city", "v.required"],
      [{ zip: "" }, "zip", "v.required"],
      [{ state: "" }, "state", "v.required"],
      [{ country: malformed("") }, "country", "v.required"],
      [{ country: malformed("XX") }, "country", "v.required"],
      [{ mobile: "" }, "mobile", "v.required"],
      [{ mobile: "call me" }, "mobile", "v.phone"],
      [{ email: "" }, "email", "v.required"],
      [{ email: "kiosk.example.com" }, "email", "v.email"],
      [{ password: "Ab1!xyz", confirmPassword: "Ab1!xyz" }, "password", "v.passwordMin"],
      [{ password: "NoSpecial123", confirmPassword: "NoSpecial123" }, "password", "v.passwordSpecial"],
      [{ confirmPassword: "" }, "confirmPassword", "v.required"],
      [{ confirmPassword: "Sell-pass1?" }, "confirmPassword", "v.passwordsMismatch"],
      [{ events: [] }, "events", "v.eventsRequired"],
      [{ events: [{ eventId: a, tickets: [] }] }, "events.0.tickets", "v.ticketsRequired"],
      [{ events: [{ eventId: a, tickets: [{ ticketCategoryId: categoryA, priceCents: -1 }] }] }, "events.0.tickets.0.priceCents", "v.priceNegative"],
      [
        {
          events: [
            { eventId: a, tickets: [{ ticketCategoryId: categoryA, priceCents: 100 }] },
            { eventId: a, tickets: [{ ticketCategoryId: owner.categories[0]![1]!, priceCents: 100 }] },
          ],
        },
        "events.1.eventId",
        "v.duplicate",
      ],
      [
        { events: [{ eventId: b, tickets: [{ ticketCategoryId: owner.categories[1]![0]!, priceCents: 100 }, { ticketCategoryId: owner.categories[1]![0]!, priceCents: 200 }] }] },
        "events.0.tickets.1.ticketCategoryId",
        "v.duplicate",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await failure(owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, overrides)));
      expect(refused.appCode, field).toBe("VALIDATION");
      expect(refused.fieldErrors?.[field], JSON.stringify(overrides)).toContain(message);
    }
    expect(await resellerState(owner.organiser.id)).toEqual({ logins: [], profiles: [], tickets: [] });

    // The same rules hold when editing: nothing of a refused edit is saved.
    const input = resellerInput(owner);
    const { id } = await owner.client.trpc.resellerManage.create.mutate(input);
    const before = await resellerState(owner.organiser.id);
    for (const [overrides, field, message] of cases.filter(([o]) => !("password" in o) && !("confirmPassword" in o))) {
      const refused = await failure(owner.client.trpc.resellerManage.update.mutate(updateOf(id, input, { ...overrides, city: overrides.city ?? "Hamburg" } as Partial<UpdateInput>)));
      expect(refused.fieldErrors?.[field], JSON.stringify(overrides)).toContain(message);
    }
    for (const [password, confirmPassword, field, message] of [
      ["Ab1!xyz", "Ab1!xyz", "password", "v.passwordMin"],
      ["NoSpecial123", "NoSpecial123", "password", "v.passwordSpecial"],
      [NEW_PASSWORD, "", "confirmPassword", "v.required"],
      [NEW_PASSWORD, PASSWORD, "confirmPassword", "v.passwordsMismatch"],
    ] as const) {
      const refused = await failure(owner.client.trpc.resellerManage.resetPassword.mutate({ id, password, confirmPassword }));
      expect(refused.fieldErrors?.[field]).toContain(message);
    }
    expect(await resellerState(owner.organiser.id)).toEqual(before);
    await login(input.email, PASSWORD);
  });

  it("refuses an email any other login has, on the email field, when creating and when editing", async () => {
    const owner = await ownerWithEvents();
    const other = await signedInOrganiser(t, { publishable: false });
    const refused = await failure(owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, { email: other.user.email!.toUpperCase() })));
    expect(refused.appCode).toBe("EMAIL_TAKEN");
    expect(refused.fieldErrors).toEqual({ email: ["EMAIL_TAKEN"] });
    expect(await resellerState(owner.organiser.id)).toEqual({ logins: [], profiles: [], tickets: [] });

    const first = resellerInput(owner);
    const second = resellerInput(owner);
    await owner.client.trpc.resellerManage.create.mutate(first);
    const { id } = await owner.client.trpc.resellerManage.create.mutate(second);
    expect((await failure(owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, { email: first.email })))).appCode).toBe("EMAIL_TAKEN");
    const before = await resellerState(owner.organiser.id);
    const edit = await failure(owner.client.trpc.resellerManage.update.mutate(updateOf(id, second, { email: first.email, name: "Renamed Kiosk" })));
    expect(edit.fieldErrors).toEqual({ email: ["EMAIL_TAKEN"] });
    expect(await resellerState(owner.organiser.id)).toEqual(before);
  });

  it("edits details, email and the events and tickets sold, replacing them as a whole", async () => {
    const owner = await ownerWithEvents();
    const input = resellerInput(owner);
    const { id } = await owner.client.trpc.resellerManage.create.mutate(input);
    const email = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const changed = updateOf(id, input, {
      name: "Kiosk am Markt",
      address: "Markt 1",
      city: "Leipzig",
      zip: "04109",
      state: "Sachsen",
      country: "AT",
      mobile: "0341 123456",
      email,
      events: [{ eventId: owner.eventIds[1]!, tickets: [{ ticketCategoryId: owner.categories[1]![0]!, priceCents: 1999 }] }],
    });
    expect(await owner.client.trpc.resellerManage.update.mutate(changed)).toEqual({ id });
    const { id: _id, events: assigned, ...details } = changed;
    const got = await owner.client.trpc.resellerManage.get.query({ id });
    expect(got).toMatchObject({ ...details, active: true });
    expect(got.events.map((e) => [e.eventId, e.tickets.map((x) => [x.ticketCategoryId, x.priceCents])])).toEqual(
      assigned.map((e) => [e.eventId, e.tickets.map((x) => [x.ticketCategoryId, x.priceCents])]),
    );
    expect((await resellerState(owner.organiser.id)).tickets).toHaveLength(1);
    // The login moves with the email; the password stays.
    expect((await failure(t.client().trpc.auth.login.mutate({ email: input.email, password: PASSWORD }))).appCode).toBe("INVALID_CREDENTIALS");
    await login(email, PASSWORD);

    // An assigned event that was cancelled since may stay; a cancelled one cannot be added.
    await t.database.db.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, owner.eventIds[1]!));
    expect(await owner.client.trpc.resellerManage.update.mutate({ ...changed, name: "Kiosk am Markt 2" })).toEqual({ id });
    const third = await createEventVia(owner.client);
    await saveTicketsVia(owner.client, third, [ticketCategory("c")]);
    const [thirdCategory] = await categoriesOf(t.database.db, third);
    await t.database.db.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, third));
    const added = await failure(
      owner.client.trpc.resellerManage.update.mutate({ ...changed, events: [...changed.events, { eventId: third, tickets: [{ ticketCategoryId: thirdCategory!.id, priceCents: 100 }] }] }),
    );
    expect(added.fieldErrors).toEqual({ "events.1.eventId": ["EVENT_CANCELLED"] });
    expect((await failure(owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, { events: [{ eventId: third, tickets: [{ ticketCategoryId: thirdCategory!.id, priceCents: 1 }] }] })))).appCode).toBe(
      "EVENT_CANCELLED",
    );
  });

  it("keeps organisers apart: B neither sees nor changes A's resellers, nor assigns A's events or categories", async () => {
    const a = await ownerWithEvents();
    const b = await ownerWithEvents();
    const input = resellerInput(a);
    const { id } = await a.client.trpc.resellerManage.create.mutate(input);
    const before = await resellerState(a.organiser.id);

    expect(await b.client.trpc.resellerManage.list.query()).toEqual([]);
    expect((await failure(b.client.trpc.resellerManage.get.query({ id }))).appCode).toBe("NOT_FOUND");
    expect((await failure(b.client.trpc.resellerManage.update.mutate(updateOf(id, resellerInput(b), { email: input.email })))).appCode).toBe("NOT_FOUND");
    expect((await failure(b.client.trpc.resellerManage.setActive.mutate({ id, active: false }))).appCode).toBe("NOT_FOUND");
    expect((await failure(b.client.trpc.resellerManage.resetPassword.mutate({ id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))).appCode).toBe("NOT_FOUND");
    expect(await resellerState(a.organiser.id)).toEqual(before);

    // A's event, and A's category under B's own event, are unknown to B.
    const eventOfA = await failure(b.client.trpc.resellerManage.create.mutate(resellerInput(b, { events: [{ eventId: a.eventIds[0]!, tickets: [{ ticketCategoryId: a.categories[0]![0]!, priceCents: 100 }] }] })));
    expect(eventOfA.fieldErrors).toEqual({ "events.0.eventId": ["NOT_FOUND"] });
    const categoryOfA = await failure(b.client.trpc.resellerManage.create.mutate(resellerInput(b, { events: [{ eventId: b.eventIds[0]!, tickets: [{ ticketCategoryId: a.categories[0]![0]!, priceCents: 100 }] }] })));
    expect(categoryOfA.fieldErrors).toEqual({ "events.0.tickets.0.ticketCategoryId": ["NOT_FOUND"] });
    // B's own category named with B's other event.
    const otherEvent = await failure(
      b.client.trpc.resellerManage.create.mutate(
        resellerInput(b, { events: [{ eventId: b.eventIds[0]!, tickets: [{ ticketCategoryId: b.categories[0]![0]!, priceCents: 1 }, { ticketCategoryId: b.categories[1]![0]!, priceCents: 1 }] }] }),
      ),
    );
    expect(otherEvent.fieldErrors).toEqual({ "events.0.tickets.1.ticketCategoryId": ["NOT_FOUND"] });
    expect(await resellerState(b.organiser.id)).toEqual({ logins: [], profiles: [], tickets: [] });
    // Nor may A's edit move its reseller to B's event.
    const moved = await failure(a.client.trpc.resellerManage.update.mutate(updateOf(id, input, { events: [{ eventId: b.eventIds[0]!, tickets: [{ ticketCategoryId: b.categories[0]![0]!, priceCents: 1 }] }] })));
    expect(moved.fieldErrors).toEqual({ "events.0.eventId": ["NOT_FOUND"] });

    // Only resellers are resellers: the owner or a team member of A cannot be switched here.
    const member = await createUser(t.database.db, { role: "team_member", organiserId: a.organiser.id });
    expect((await failure(a.client.trpc.resellerManage.setActive.mutate({ id: member.id, active: false }))).appCode).toBe("NOT_FOUND");
    expect((await failure(a.client.trpc.resellerManage.get.query({ id: a.user.id }))).appCode).toBe("NOT_FOUND");
    expect(await resellerState(a.organiser.id)).toEqual(before);
  });

  it("offers the organiser's own events that are not cancelled, with their categories; a season container is refused", async () => {
    const owner = await ownerWithEvents();
    const other = await ownerWithEvents();
    const seasonId = await createEventVia(owner.client, validSeasonStep1([owner.eventIds[0]!]));
    await saveTicketsVia(owner.client, seasonId, [ticketCategory("s")]);
    const [seasonTicket] = await categoriesOf(t.database.db, seasonId);
    await t.database.db.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, owner.eventIds[1]!));

    const options = await owner.client.trpc.resellerManage.options.query();
    const [first] = await datesOf(t.database.db, owner.eventIds[0]!);
    expect(options).toEqual([
      expect.objectContaining({
        eventId: owner.eventIds[0],
        name: "Summer Concert",
        status: "draft",
        startsAt: first!.startsAt,
        categories: [
          { id: owner.categories[0]![0], name: "Ticket a", priceCents: 2500 },
          { id: owner.categories[0]![1], name: "Ticket b", priceCents: 4000 },
        ],
      }),
    ]);
    expect(options.flatMap((o) => o.categories.map((c) => c.id))).not.toContain(other.categories[0]![0]);
    const season = await failure(owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, { events: [{ eventId: seasonId, tickets: [{ ticketCategoryId: seasonTicket!.id, priceCents: 1 }] }] })));
    expect(season.fieldErrors).toEqual({ "events.0.eventId": ["NOT_FOUND"] });
  });

  it("is the owner's only: team members with every right, resellers and staff are refused", async () => {
    const owner = await ownerWithEvents();
    const { id } = await owner.client.trpc.resellerManage.create.mutate(resellerInput(owner));
    const member = await signedInTeamMember(t, owner.organiser.id, fullPermissionSet());
    const reseller = await signIn(t, id);
    const agent = await signIn(t, (await createUser(t.database.db, { role: "agent", organiserId: owner.organiser.id })).id);
    for (const client of [member.client, reseller, agent]) {
      expect((await failure(client.trpc.resellerManage.list.query())).appCode).toBe("FORBIDDEN");
      expect((await failure(client.trpc.resellerManage.options.query())).appCode).toBe("FORBIDDEN");
      expect((await failure(client.trpc.resellerManage.get.query({ id }))).appCode).toBe("FORBIDDEN");
      expect((await failure(client.trpc.resellerManage.create.mutate(resellerInput(owner)))).appCode).toBe("FORBIDDEN");
      expect((await failure(client.trpc.resellerManage.update.mutate(updateOf(id, resellerInput(owner))))).appCode).toBe("FORBIDDEN");
      expect((await failure(client.trpc.resellerManage.setActive.mutate({ id, active: false }))).appCode).toBe("FORBIDDEN");
      expect((await failure(client.trpc.resellerManage.resetPassword.mutate({ id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))).appCode).toBe("FORBIDDEN");
    }
    expect((await resellerState(owner.organiser.id)).logins).toMatchObject([{ id, status: "active" }]);
  });

  it("deactivating signs the reseller out at once and refuses its logins; activating lets it back", async () => {
    const owner = await ownerWithEvents();
    const input = resellerInput(owner);
    const { id } = await owner.client.trpc.resellerManage.create.mutate(input);
    const phone = await login(input.email, PASSWORD);
    const laptop = await login(input.email, PASSWORD);

    expect(await owner.client.trpc.resellerManage.setActive.mutate({ id, active: false })).toEqual({ ok: true });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await phone.trpc.auth.me.query()).toBeNull();
    expect(await laptop.trpc.auth.me.query()).toBeNull();
    expect((await failure(phone.trpc.resellers.home.query())).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(t.client().trpc.auth.login.mutate({ email: input.email, password: PASSWORD }))).appCode).toBe("ACCOUNT_DISABLED");
    expect((await owner.client.trpc.resellerManage.list.query())[0]?.active).toBe(false);
    expect((await owner.client.trpc.resellerManage.get.query({ id })).active).toBe(false);

    await owner.client.trpc.resellerManage.setActive.mutate({ id, active: true });
    expect((await owner.client.trpc.resellerManage.list.query())[0]?.active).toBe(true);
    const back = await login(input.email, PASSWORD);
    expect((await back.trpc.auth.me.query())?.user.id).toBe(id);
  });

  it("resets a password: the old one is refused, the new one works, every old session has ended", async () => {
    const owner = await ownerWithEvents();
    const input = resellerInput(owner);
    const { id } = await owner.client.trpc.resellerManage.create.mutate(input);
    const phone = await login(input.email, PASSWORD);

    await owner.client.trpc.resellerManage.resetPassword.mutate({ id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await phone.trpc.auth.me.query()).toBeNull();
    expect((await failure(t.client().trpc.auth.login.mutate({ email: input.email, password: PASSWORD }))).appCode).toBe("INVALID_CREDENTIALS");
    const again = await login(input.email, NEW_PASSWORD);
    expect((await again.trpc.auth.me.query())?.user.id).toBe(id);
  });

  it("lists tickets sold and revenue from the reseller's valid orders only", async () => {
    const owner = await ownerWithEvents();
    const first = await owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, { name: "Anna Kiosk" }));
    const second = await owner.client.trpc.resellerManage.create.mutate(resellerInput(owner, { name: "Bert Kiosk" }));
    const eventId = owner.eventIds[0]!;
    const [date] = await datesOf(t.database.db, eventId);
    const order = async (resellerId: string | null, status: "valid" | "cancelled" | "pending", totalCents: number, lineStatuses: ("active" | "canceled" | "checked_in")[]) => {
      const buyer = { firstName: "Bea", lastName: "Buyer", email: "bea@example.com" } as never;
      const [row] = await t.database.db
        .insert(orders)
        .values({ number: `R-${randomUUID().slice(0, 12)}`, organiserId: owner.organiser.id, eventId, scopeId: date!.id, idempotencyKey: randomUUID(), status, buyer, buyerEmail: "bea@example.com", amounts: {} as never, totalCents, paymentMethod: "cash", channel: resellerId ? "reseller" : "box_office", resellerId })
        .returning({ id: orders.id });
      for (const lineStatus of lineStatuses) {
        const line = { orderId: row!.id, eventId, scopeId: date!.id, ticketCategoryId: owner.categories[0]![0]!, categoryName: "Ticket a", priceCents: 2700, totalCents: 2700 };
        await t.database.db.insert(orderLines).values({ ...line, vatRateBp: 1900, vatCents: 431, status: lineStatus });
      }
    };
    await order(first.id, "valid", 5400, ["active", "checked_in", "canceled"]);
    await order(first.id, "valid", 2700, ["active"]);
    await order(first.id, "cancelled", 8100, ["canceled", "canceled", "canceled"]);
    await order(first.id, "pending", 2700, ["active"]);
    await order(second.id, "valid", 1000, ["active"]);
    await order(null, "valid", 9999, ["active", "active"]);

    // The figures equal direct sums over the ticket lines: revenue is what the lines not canceled
    // cost (a partial cancellation keeps the order's total and refunds the rest).
    const direct = async (resellerId: string) => {
      const [sold] = await t.database.db
        .select({ n: count(), cents: sql<number>`coalesce(sum(${orderLines.totalCents}), 0)`.mapWith(Number) })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.resellerId, resellerId), eq(orders.status, "valid"), sql`${orderLines.status} <> 'canceled'`));
      return { ticketsSold: sold!.n, revenueCents: sold!.cents };
    };
    const list = await owner.client.trpc.resellerManage.list.query();
    expect(list.map((r) => [r.name, r.ticketsSold, r.revenueCents])).toEqual([
      ["Anna Kiosk", 3, 8100],
      ["Bert Kiosk", 1, 2700],
    ]);
    expect(list.map(({ ticketsSold, revenueCents }) => ({ ticketsSold, revenueCents }))).toEqual([await direct(first.id), await direct(second.id)]);
  });

  it("allows at most RESELLER_LIMIT resellers per organiser", async () => {
    const owner = await ownerWithEvents();
    await t.database.rows(sql`
      insert into users (role, status, organiser_id, email, password_hash, first_name)
      select 'reseller', 'active', ${owner.organiser.id}, 'bulk-' || n || '-' || ${randomUUID()} || '@example.com', 'x', 'Bulk'
      from generate_series(1, ${RESELLER_LIMIT}) as n`);
    const refused = await failure(owner.client.trpc.resellerManage.create.mutate(resellerInput(owner)));
    expect(refused.appCode).toBe("RESELLER_LIMIT");
    expect((await resellerState(owner.organiser.id)).profiles).toEqual([]);
  });
});
