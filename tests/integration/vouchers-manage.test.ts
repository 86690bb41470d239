import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app";
import { categoriesOf, createPublishedEvent, daysFromNow, signedInTeamMember } from "./helpers/events";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { smallLayout } from "./helpers/stadiums";
import { attempt, failure, malformed } from "./helpers/trpc";
import { countAllVouchers, setUses, voucherInput, voucherOrganiser, voucherRow, vouchersOf } from "./helpers/voucher-forms";

let t: TestApp;
let org: Awaited<ReturnType<typeof voucherOrganiser>>;
let other: Awaited<ReturnType<typeof voucherOrganiser>>;

beforeAll(async () => {
  t = await createTestApp();
  org = await voucherOrganiser(t);
  other = await voucherOrganiser(t);
});
afterAll(async () => {
  await t.close();
});

describe("creating, reading and changing a voucher", () => {
  it("creates a voucher with every field; get and list return it as saved (code in upper case)", async () => {
    const input = voucherInput(org.freeId, org.freeCategories, {
      code: "  summer-10 ",
      kind: "fixed",
      value: 550,
      minOrderCents: 1000,
      maxOrderCents: 50_000,
      maxUses: 20,
      description: "Summer sale",
    });
    const { id } = await org.client.trpc.vouchers.create.mutate(input);
    const got = await org.client.trpc.vouchers.get.query({ voucherId: id });
    expect(got).toMatchObject({
      id,
      code: "SUMMER-10",
      kind: "fixed",
      value: 550,
      minOrderCents: 1000,
      maxOrderCents: 50_000,
      maxUses: 20,
      usedCount: 0,
      reservedCount: 0,
      eventId: org.freeId,
      eventName: "Free Concert",
      isSeason: false,
      status: "active",
      state: "active",
      description: "Summer sale",
      batchId: null,
      ticketCategoryIds: org.freeCategories,
      blockIds: [],
      seatKeys: [],
    });
    expect(got.validFrom.getTime()).toBe(input.validFrom.getTime());
    expect(got.validUntil.getTime()).toBe(input.validUntil.getTime());
    const row = await voucherRow(t.database.db, id);
    expect(row?.organiserId).toBe(org.organiserId);
    const list = await org.client.trpc.vouchers.list.query({ search: "summer" });
    expect(list.total).toBe(1);
    const { ticketCategoryIds: _c, blockIds: _b, seatKeys: _s, ...listed } = got;
    expect(list.rows).toEqual([listed]);
  });

  it("changes every field of a voucher; its batch and counts stay", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories, { code: "CHANGE-ME" }));
    await setUses(t.database.db, id, 2, 1);
    const validFrom = daysFromNow(2);
    const validUntil = daysFromNow(30);
    const res = await org.client.trpc.vouchers.update.mutate({
      ...voucherInput(org.freeId, [org.freeCategories[1]!], { code: "changed", kind: "fixed", value: 300, maxUses: 3, validFrom, validUntil }),
      status: "inactive",
      description: "Changed",
      minOrderCents: 500,
      maxOrderCents: 9000,
      voucherId: id,
    });
    expect(res).toEqual({ id });
    const got = await org.client.trpc.vouchers.get.query({ voucherId: id });
    expect(got).toMatchObject({
      code: "CHANGED",
      kind: "fixed",
      value: 300,
      maxUses: 3,
      minOrderCents: 500,
      maxOrderCents: 9000,
      status: "inactive",
      // Two of three used (one more reserved): the limit is not reached by paid uses.
      state: "inactive",
      description: "Changed",
      usedCount: 2,
      reservedCount: 1,
      ticketCategoryIds: [org.freeCategories[1]],
    });
    expect(got.validFrom.getTime()).toBe(validFrom.getTime());
    // Keeping its own code is no clash with itself.
    const again = await attempt(org.client.trpc.vouchers.update.mutate({ ...voucherInput(org.freeId, org.freeCategories, { code: "CHANGED", maxUses: null }), voucherId: id }));
    expect(again.error).toBeUndefined();
  });

  it("names blocks and seats of the event's plan; a season's voucher names the tickets of its events", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(
      voucherInput(org.seatedId, org.seatedCategories, { blockIds: ["A", "S"], seatKeys: ["B:1:4", "A:2:3"] }),
    );
    expect(await org.client.trpc.vouchers.get.query({ voucherId: id })).toMatchObject({ blockIds: ["A", "S"], seatKeys: ["B:1:4", "A:2:3"] });

    const season = await publishedSeasonWithMatchDay(t);
    const childCategory = (await categoriesOf(t.database.db, season.childId))[0]!.id;
    const made = await season.organiser.trpc.vouchers.create.mutate(
      voucherInput(season.seasonId, [season.seasonA, childCategory], { blockIds: ["B"], seatKeys: ["A:0:0"] }),
    );
    expect(await season.organiser.trpc.vouchers.get.query({ voucherId: made.id })).toMatchObject({ isSeason: true, eventId: season.seasonId });
  });

  it("refuses a limit below the uses made and reserved, and a new event once it has uses; nothing changes", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories, { maxUses: 10 }));
    await setUses(t.database.db, id, 2, 1);
    const before = await voucherRow(t.database.db, id);
    const base = { ...voucherInput(org.freeId, org.freeCategories, { code: before!.code }), voucherId: id };
    const below = await failure(org.client.trpc.vouchers.update.mutate({ ...base, maxUses: 2 }));
    expect(below).toMatchObject({ appCode: "VOUCHER_LIMIT_BELOW_USES", fieldErrors: { maxUses: ["VOUCHER_LIMIT_BELOW_USES"] } });
    const moved = await failure(org.client.trpc.vouchers.update.mutate({ ...base, eventId: org.seatedId, ticketCategoryIds: org.seatedCategories }));
    expect(moved).toMatchObject({ appCode: "CONFLICT", fieldErrors: { eventId: ["CONFLICT"] } });
    expect(await voucherRow(t.database.db, id)).toEqual(before);
    // Exactly the uses: allowed. Without uses, the event may change.
    expect((await attempt(org.client.trpc.vouchers.update.mutate({ ...base, maxUses: 3 }))).error).toBeUndefined();
    await setUses(t.database.db, id, 0, 0);
    await org.client.trpc.vouchers.update.mutate({ ...base, eventId: org.seatedId, ticketCategoryIds: org.seatedCategories });
    expect((await voucherRow(t.database.db, id))?.eventId).toBe(org.seatedId);
  });
});

describe("what a voucher names is checked against its event; a refusal saves nothing", () => {
  type Case = [string, () => ReturnType<typeof voucherInput>, string, string];
  const cases: Case[] = [
    ["another organiser's event", () => voucherInput(other.freeId, other.freeCategories), "VOUCHER_EVENT_NOT_FOUND", "eventId"],
    ["an event that does not exist", () => voucherInput("00000000-0000-4000-8000-000000000000", org.freeCategories), "VOUCHER_EVENT_NOT_FOUND", "eventId"],
    ["a ticket of another event", () => voucherInput(org.freeId, [org.seatedCategories[0]!]), "VOUCHER_TICKET_NOT_FOUND", "ticketCategoryIds"],
    ["a ticket of another organiser", () => voucherInput(org.freeId, [other.freeCategories[0]!]), "VOUCHER_TICKET_NOT_FOUND", "ticketCategoryIds"],
    ["a block not on the plan", () => voucherInput(org.seatedId, org.seatedCategories, { blockIds: ["A", "Z"] }), "VOUCHER_BLOCK_NOT_FOUND", "blockIds"],
    ["a block of an event without a plan", () => voucherInput(org.freeId, org.freeCategories, { blockIds: ["A"] }), "VOUCHER_BLOCK_NOT_FOUND", "blockIds"],
    ["a row past the block's last", () => voucherInput(org.seatedId, org.seatedCategories, { seatKeys: ["A:3:0"] }), "VOUCHER_SEAT_NOT_FOUND", "seatKeys"],
    ["a seat past the row's last", () => voucherInput(org.seatedId, org.seatedCategories, { seatKeys: ["A:0:4"] }), "VOUCHER_SEAT_NOT_FOUND", "seatKeys"],
    ["a seat of a standing area", () => voucherInput(org.seatedId, org.seatedCategories, { seatKeys: ["S:0:0"] }), "VOUCHER_SEAT_NOT_FOUND", "seatKeys"],
    ["a seat of a block not on the plan", () => voucherInput(org.seatedId, org.seatedCategories, { seatKeys: ["Z:0:0"] }), "VOUCHER_SEAT_NOT_FOUND", "seatKeys"],
    ["a seat key of another shape", () => voucherInput(org.seatedId, org.seatedCategories, { seatKeys: ["A-1-1"] }), "VOUCHER_SEAT_NOT_FOUND", "seatKeys"],
    ["a seat of an event without a plan", () => voucherInput(org.freeId, org.freeCategories, { seatKeys: ["A:0:0"] }), "VOUCHER_SEAT_NOT_FOUND", "seatKeys"],
  ];

  it.each(cases)("create: %s", async (_label, input, code, field) => {
    const before = await countAllVouchers(t.database.db);
    const error = await failure(org.client.trpc.vouchers.create.mutate(input()));
    expect(error.appCode).toBe(code);
    expect(error.fieldErrors).toEqual({ [field]: [code] });
    expect(await countAllVouchers(t.database.db)).toBe(before);
  });

  it.each(cases)("update: %s", async (_label, input, code, field) => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.seatedId, org.seatedCategories));
    const before = await voucherRow(t.database.db, id);
    const error = await failure(org.client.trpc.vouchers.update.mutate({ ...input(), voucherId: id }));
    expect(error.appCode).toBe(code);
    expect(error.fieldErrors).toEqual({ [field]: [code] });
    expect(await voucherRow(t.database.db, id)).toEqual(before);
  });

  it("a cancelled event takes no voucher (VOUCHER_EVENT_NOT_FOUND)", async () => {
    const eventId = await createPublishedEvent(org.client);
    const categories = (await categoriesOf(t.database.db, eventId)).map((c) => c.id);
    await org.client.trpc.events.cancel.mutate({ id: eventId });
    const before = await countAllVouchers(t.database.db);
    expect(await failure(org.client.trpc.vouchers.create.mutate(voucherInput(eventId, categories)))).toMatchObject({ appCode: "VOUCHER_EVENT_NOT_FOUND" });
    expect(await countAllVouchers(t.database.db)).toBe(before);
  });
});

describe("bad input is refused with a field error and saves nothing", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["letters as value", { value: "ten" }, "value"],
    ["NaN as value", { value: Number.NaN }, "value"],
    ["a negative value", { value: -5 }, "value"],
    ["a percentage over 100 %", { kind: "percent", value: 10001 }, "value"],
    ["a minimum above the maximum", { minOrderCents: 5000, maxOrderCents: 4999 }, "maxOrderCents"],
    ["a negative minimum", { minOrderCents: -1 }, "minOrderCents"],
    ["letters as maximum redemptions", { maxUses: "x" }, "maxUses"],
    ["an end before the start", { validFrom: daysFromNow(5), validUntil: daysFromNow(4) }, "validUntil"],
    ["an end equal to the start", { validFrom: daysFromNow(5), validUntil: daysFromNow(5) }, "validUntil"],
    ["a code with spaces", { code: "SUMMER SALE" }, "code"],
    ["a code of 65 characters", { code: "A".repeat(65) }, "code"],
    ["a code of 2 characters", { code: "AB" }, "code"],
    ["no ticket", { ticketCategoryIds: [] }, "ticketCategoryIds"],
  ];

  it.each(cases)("create: %s", async (_label, bad, field) => {
    const before = await countAllVouchers(t.database.db);
    const error = await failure(org.client.trpc.vouchers.create.mutate(malformed({ ...voucherInput(org.freeId, org.freeCategories), ...bad })));
    expect(error.appCode).toBe("VALIDATION");
    expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
    expect(await countAllVouchers(t.database.db)).toBe(before);
  });

  it.each(cases)("update: %s", async (_label, bad, field) => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories));
    const before = await voucherRow(t.database.db, id);
    const input = malformed<Parameters<typeof org.client.trpc.vouchers.update.mutate>[0]>({ ...voucherInput(org.freeId, org.freeCategories), ...bad, voucherId: id });
    const error = await failure(org.client.trpc.vouchers.update.mutate(input));
    expect(error.appCode).toBe("VALIDATION");
    expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
    expect(await voucherRow(t.database.db, id)).toEqual(before);
  });

  it("the largest code (64 characters) and 100 % are accepted", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories, { code: "B".repeat(64), value: 10000 }));
    expect((await voucherRow(t.database.db, id))?.code).toBe("B".repeat(64));
  });
});

describe("tenancy", () => {
  it("another organiser's voucher is NOT_FOUND for get and update, absent from the list, and stays unchanged", async () => {
    const { id } = await other.client.trpc.vouchers.create.mutate(voucherInput(other.freeId, other.freeCategories, { code: "THEIRS" }));
    const before = await voucherRow(t.database.db, id);
    expect(await failure(org.client.trpc.vouchers.get.query({ voucherId: id }))).toMatchObject({ appCode: "NOT_FOUND" });
    // Even naming the other organiser's own event and tickets.
    const update = await failure(org.client.trpc.vouchers.update.mutate({ ...voucherInput(other.freeId, other.freeCategories, { code: "MINE" }), voucherId: id }));
    expect(update.appCode).toBe("NOT_FOUND");
    expect(await voucherRow(t.database.db, id)).toEqual(before);
    expect((await org.client.trpc.vouchers.list.query({ search: "THEIRS" })).total).toBe(0);
    expect((await org.client.trpc.vouchers.list.query({ eventId: other.freeId })).total).toBe(0);
  });

  it("a voucher cannot be moved to another organiser's event", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories));
    const before = await voucherRow(t.database.db, id);
    const error = await failure(org.client.trpc.vouchers.update.mutate({ ...voucherInput(other.freeId, other.freeCategories), voucherId: id }));
    expect(error).toMatchObject({ appCode: "VOUCHER_EVENT_NOT_FOUND", fieldErrors: { eventId: ["VOUCHER_EVENT_NOT_FOUND"] } });
    expect(await voucherRow(t.database.db, id)).toEqual(before);
  });
});

describe("a code is unique for its event or series", () => {
  it("twice on one event is refused (any case); on two unrelated events it is fine", async () => {
    await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories, { code: "TWICE" }));
    const before = await countAllVouchers(t.database.db);
    const error = await failure(org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories, { code: "twice" })));
    expect(error).toMatchObject({ appCode: "VOUCHER_CODE_EXISTS", fieldErrors: { code: ["VOUCHER_CODE_EXISTS"] } });
    expect(await countAllVouchers(t.database.db)).toBe(before);
    expect((await attempt(org.client.trpc.vouchers.create.mutate(voucherInput(org.seatedId, org.seatedCategories, { code: "TWICE" })))).error).toBeUndefined();
    // Another organiser has codes of its own.
    expect((await attempt(other.client.trpc.vouchers.create.mutate(voucherInput(other.freeId, other.freeCategories, { code: "TWICE" })))).error).toBeUndefined();
  });

  it("a season and its events share codes, both ways, on create and on update", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const api = season.organiser.trpc.vouchers;
    const childCategories = (await categoriesOf(t.database.db, season.childId)).map((c) => c.id);
    await api.create.mutate(voucherInput(season.childId, childCategories, { code: "CHILD-FIRST" }));
    await api.create.mutate(voucherInput(season.seasonId, [season.seasonA], { code: "SEASON-FIRST" }));
    const count = await countAllVouchers(t.database.db);
    expect(await failure(api.create.mutate(voucherInput(season.seasonId, [season.seasonA], { code: "child-first" })))).toMatchObject({ appCode: "VOUCHER_CODE_EXISTS" });
    expect(await failure(api.create.mutate(voucherInput(season.childId, childCategories, { code: "SEASON-FIRST" })))).toMatchObject({ appCode: "VOUCHER_CODE_EXISTS" });
    expect(await countAllVouchers(t.database.db)).toBe(count);

    const { id } = await api.create.mutate(voucherInput(season.childId, childCategories, { code: "OTHER" }));
    const before = await voucherRow(t.database.db, id);
    const renamed = await failure(api.update.mutate({ ...voucherInput(season.childId, childCategories, { code: "SEASON-FIRST" }), voucherId: id }));
    expect(renamed.appCode).toBe("VOUCHER_CODE_EXISTS");
    expect(await voucherRow(t.database.db, id)).toEqual(before);
    // A child's voucher names only the child's tickets (the season ticket is the season's).
    expect(await failure(api.create.mutate(voucherInput(season.childId, [season.seasonA])))).toMatchObject({ appCode: "VOUCHER_TICKET_NOT_FOUND" });
  });
});

describe("rights", () => {
  it("createVoucher creates (one and bulk) but cannot change; updateVoucher changes but cannot create; both read", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories));
    const creator = await signedInTeamMember(t, org.organiserId, { createVoucher: true });
    const updater = await signedInTeamMember(t, org.organiserId, { updateVoucher: true });
    const made = await creator.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories));
    expect((await voucherRow(t.database.db, made.id))?.organiserId).toBe(org.organiserId);
    expect((await creator.client.trpc.vouchers.bulkCreate.mutate({ ...voucherInput(org.freeId, org.freeCategories), prefix: "TM", count: 2 })).count).toBe(2);
    const before = await voucherRow(t.database.db, id);
    const change = { ...voucherInput(org.freeId, org.freeCategories, { code: "BY-TEAM" }), voucherId: id };
    expect(await failure(creator.client.trpc.vouchers.update.mutate(change))).toMatchObject({ appCode: "FORBIDDEN" });
    expect(await voucherRow(t.database.db, id)).toEqual(before);

    const count = await countAllVouchers(t.database.db);
    expect(await failure(updater.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories)))).toMatchObject({ appCode: "FORBIDDEN" });
    expect(await failure(updater.client.trpc.vouchers.bulkCreate.mutate({ ...voucherInput(org.freeId, org.freeCategories), count: 2 }))).toMatchObject({ appCode: "FORBIDDEN" });
    expect(await countAllVouchers(t.database.db)).toBe(count);
    await updater.client.trpc.vouchers.update.mutate(change);
    expect((await voucherRow(t.database.db, id))?.code).toBe("BY-TEAM");

    for (const member of [creator, updater]) {
      expect((await member.client.trpc.vouchers.get.query({ voucherId: id })).code).toBe("BY-TEAM");
      expect((await member.client.trpc.vouchers.list.query({ search: "BY-TEAM" })).total).toBe(1);
      expect((await member.client.trpc.vouchers.targets.query()).map((e) => e.id)).toContain(org.freeId);
    }
  });

  it("a team member with neither right is FORBIDDEN everywhere and changes nothing", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories));
    const before = await voucherRow(t.database.db, id);
    const count = await countAllVouchers(t.database.db);
    const { client } = await signedInTeamMember(t, org.organiserId, { viewOrders: true, createEvent: true, updateEvent: true });
    const api = client.trpc.vouchers;
    const calls = [
      () => api.targets.query(),
      () => api.list.query({}),
      () => api.get.query({ voucherId: id }),
      () => api.create.mutate(voucherInput(org.freeId, org.freeCategories)),
      () => api.update.mutate({ ...voucherInput(org.freeId, org.freeCategories), voucherId: id }),
      () => api.bulkCreate.mutate({ ...voucherInput(org.freeId, org.freeCategories), count: 3 }),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ appCode: "FORBIDDEN", httpStatus: 403 });
    expect(await voucherRow(t.database.db, id)).toEqual(before);
    expect(await countAllVouchers(t.database.db)).toBe(count);
    // Signed out: UNAUTHENTICATED.
    const anonymous = await attempt(t.client().trpc.vouchers.list.query({}));
    expect(anonymous.error?.appCode).toBe("UNAUTHENTICATED");
  });
});

describe("targets", () => {
  it("lists the organiser's events and seasons not cancelled, drafts too, with their tickets and plan blocks", async () => {
    const cancelled = await createPublishedEvent(org.client);
    await org.client.trpc.events.cancel.mutate({ id: cancelled });
    const targets = await org.client.trpc.vouchers.targets.query();
    const ids = targets.map((e) => e.id);
    expect(ids).toContain(org.freeId);
    expect(ids).toContain(org.seatedId);
    expect(ids).not.toContain(cancelled);
    expect(ids).not.toContain(other.freeId);
    const free = targets.find((e) => e.id === org.freeId)!;
    expect(free).toEqual({
      id: org.freeId,
      name: "Free Concert",
      isSeason: false,
      seasonId: null,
      categories: [
        { id: org.freeCategories[0], name: "Stalls", eventId: org.freeId, eventName: "Free Concert", priceCents: 1500 },
        { id: org.freeCategories[1], name: "Balcony", eventId: org.freeId, eventName: "Free Concert", priceCents: 2500 },
      ],
      blocks: [],
    });
    // Seated blocks come with their numbering: the form's seat picker shows the printed rows and seats.
    const numbering = (id: string) => {
      const b = smallLayout().blocks.find((x) => x.id === id)!;
      if (b.kind !== "seated") throw new Error("seated");
      const { rows, seatsPerRow, rowSeats, firstRow, firstSeat, rowDirection, seatDirection } = b;
      return { rows, seatsPerRow, rowSeats, firstRow, firstSeat, rowDirection, seatDirection };
    };
    expect(targets.find((e) => e.id === org.seatedId)!.blocks).toEqual([
      { id: "A", name: "Block A", kind: "seated", ...numbering("A") },
      { id: "B", name: "Block B", kind: "seated", ...numbering("B") },
      { id: "S", name: "Area S", kind: "standing" },
    ]);
    expect(numbering("B")).toMatchObject({ firstRow: 10, firstSeat: 1, rowDirection: "UP", seatDirection: "LEFT" });
  });

  it("a season offers its own tickets and those of its events; its event names the season", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const targets = await season.organiser.trpc.vouchers.targets.query();
    const s = targets.find((e) => e.id === season.seasonId)!;
    const child = targets.find((e) => e.id === season.childId)!;
    expect(s.isSeason).toBe(true);
    expect(s.categories.map((c) => [c.name, c.eventId])).toEqual([
      ["Season a", season.seasonId],
      ["Ticket a", season.childId],
    ]);
    expect(s.blocks.map((b) => b.id)).toEqual(["A", "B"]);
    expect(child).toMatchObject({ isSeason: false, seasonId: season.seasonId, categories: [{ name: "Ticket a", eventName: "Match day" }] });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("races (Postgres)", () => {
  it("two creations of one code at the same time: exactly one succeeds", async () => {
    const input = voucherInput(org.freeId, org.freeCategories, { code: "RACE-ONE" });
    const results = await Promise.all([attempt(org.client.trpc.vouchers.create.mutate(input)), attempt(org.client.trpc.vouchers.create.mutate(input))]);
    expect(results.filter((r) => r.data)).toHaveLength(1);
    expect(results.flatMap((r) => (r.error ? [r.error.appCode] : []))).toEqual(["VOUCHER_CODE_EXISTS"]);
    expect((await vouchersOf(t.database.db, org.organiserId)).filter((r) => r.code === "RACE-ONE")).toHaveLength(1);
  });

  it("a season and its event taking one code at the same time: exactly one of each pair succeeds", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const childCategories = (await categoriesOf(t.database.db, season.childId)).map((c) => c.id);
    const api = season.organiser.trpc.vouchers;
    // Five codes, each tried on the season and on its event at once (no index covers this pair: the lock decides).
    const codes = [1, 2, 3, 4, 5].map((i) => `RACE-SERIES-${i}`);
    const results = await Promise.all(
      codes.flatMap((code) => [
        attempt(api.create.mutate(voucherInput(season.seasonId, [season.seasonA], { code }))),
        attempt(api.create.mutate(voucherInput(season.childId, childCategories, { code }))),
      ]),
    );
    expect(results.filter((r) => r.data)).toHaveLength(5);
    expect(results.flatMap((r) => (r.error ? [r.error.appCode] : []))).toEqual(Array(5).fill("VOUCHER_CODE_EXISTS"));
    const [row] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from vouchers where code like 'RACE-SERIES-%'`);
    expect(Number(row!.n)).toBe(5);
  });

  it("a limit change waits for a checkout holding the voucher's lock, then counts its use", async () => {
    const { id } = await org.client.trpc.vouchers.create.mutate(voucherInput(org.freeId, org.freeCategories, { maxUses: 5 }));
    await setUses(t.database.db, id, 1, 0);
    const code = (await voucherRow(t.database.db, id))!.code;
    let locked!: () => void;
    let finish!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const mayFinish = new Promise<void>((r) => (finish = r));
    // A checkout reserving a use under the voucher's row lock (as vouchers/uses.ts does).
    const checkout = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from vouchers where id = ${id} for update`);
      locked();
      await mayFinish;
      await tx.execute(sql`update vouchers set reserved_count = reserved_count + 1 where id = ${id}`);
    });
    await isLocked;
    const update = attempt(org.client.trpc.vouchers.update.mutate({ ...voucherInput(org.freeId, org.freeCategories, { code, maxUses: 1 }), voucherId: id }));
    await new Promise((r) => setTimeout(r, 150));
    finish();
    await checkout;
    // One used and one reserved: a limit of 1 is below them (never the check constraint's 500).
    expect((await update).error).toMatchObject({ appCode: "VOUCHER_LIMIT_BELOW_USES" });
    expect(await voucherRow(t.database.db, id)).toMatchObject({ maxUses: 5, usedCount: 1, reservedCount: 1 });
  });
});
