import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_VOUCHER, seedDemoVouchers } from "../../server/demo/vouchers";
import { DEMO_MATCH } from "../../server/demo/events";
import { seedDemoData } from "../../server/demo/seed";
import { txRows } from "../../server/db/sql";
import { voucherStateSql } from "../../server/modules/vouchers/list";
import { bulkCreateVouchers } from "../../server/modules/vouchers/manage";
import { BULK_CODE_ALPHABET, VOUCHER_STATES, voucherState, type VoucherState } from "../../shared/rules/voucher";
import { ZBulkVoucherInput } from "../../shared/schemas/vouchers";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { categoriesOf, daysFromNow, eventRow, signedInTeamMember } from "./helpers/events";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { failure } from "./helpers/trpc";
import { countAllVouchers, setUses, voucherInput, voucherOrganiser, vouchersOf } from "./helpers/voucher-forms";

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

const bulkInput = (eventId: string, categories: string[], prefix: string, count: number) => ({ ...voucherInput(eventId, categories), prefix, count });

/** GET /api/organiser/vouchers.csv with `query` as the browser sends it. */
function exportVia(client: TestClient, query: Record<string, string> = {}) {
  return client.request({ method: "GET", url: "/api/organiser/vouchers.csv", query });
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, `delimiter`), without the BOM. */
function parseCsv(body: string, delimiter: string): string[][] {
  const text = body.replace(/^\ufeff/, "");
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      record.push(field);
      field = "";
    } else if (c === "\n") {
      records.push([...record, field]);
      record = [];
      field = "";
    } else if (c !== "\r") field += c;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

describe("bulk creation", () => {
  it("makes 500 unique codes with the prefix in one batch; list and export find the batch", async () => {
    const before = await countAllVouchers(t.database.db);
    const res = await org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(org.freeId, org.freeCategories, "sommer-", 500));
    expect(res.count).toBe(500);
    expect(res.codes).toHaveLength(500);
    expect(new Set(res.codes).size).toBe(500);
    const shape = new RegExp(`^SOMMER-[${BULK_CODE_ALPHABET}]{8}$`);
    expect(res.codes.every((c) => shape.test(c))).toBe(true);
    expect(await countAllVouchers(t.database.db)).toBe(before + 500);
    const rows = (await vouchersOf(t.database.db, org.organiserId)).filter((r) => r.batchId === res.batchId);
    expect(rows.map((r) => r.code).sort()).toEqual([...res.codes].sort());
    expect(rows.every((r) => r.eventId === org.freeId && r.kind === "percent" && r.value === 1000 && r.maxUses === null)).toBe(true);

    const page = await org.client.trpc.vouchers.list.query({ batchId: res.batchId, pageSize: 100, page: 5 });
    expect(page).toMatchObject({ total: 500, page: 5, pageSize: 100 });
    expect(page.rows.every((r) => r.batchId === res.batchId)).toBe(true);
    const csv = parseCsv((await exportVia(org.client, { batchId: res.batchId, lang: "en" })).body, ",");
    expect(csv).toHaveLength(501);
    expect(csv.slice(1).map((r) => r[0]).sort()).toEqual([...res.codes].sort());
  });

  it("draws a code again when it is taken on the event or in its series: none is dropped", async () => {
    const taken = await org.client.trpc.vouchers.create.mutate(voucherInput(org.seatedId, org.seatedCategories, { code: "PX22222222" }));
    // The first code drawn is the taken one ("2" is the alphabet's first character), then random ones.
    let calls = 0;
    const random = (n: number) => (calls++ < 8 ? 0 : Math.floor(Math.random() * n));
    const input = ZBulkVoucherInput.parse(bulkInput(org.seatedId, org.seatedCategories, "PX", 3));
    const res = await bulkCreateVouchers(t.database.db, org.organiserId, input, random);
    expect(res.count).toBe(3);
    expect(res.codes).not.toContain("PX22222222");
    expect(new Set(res.codes).size).toBe(3);
    expect((await vouchersOf(t.database.db, org.organiserId)).filter((r) => r.batchId === res.batchId)).toHaveLength(3);
    expect((await vouchersOf(t.database.db, org.organiserId)).filter((r) => r.code === "PX22222222").map((r) => r.id)).toEqual([taken.id]);
  });

  it("draws again a code its season has (the series rule, which no index enforces)", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const organiserId = (await eventRow(t.database.db, season.seasonId))!.organiserId;
    await season.organiser.trpc.vouchers.create.mutate(voucherInput(season.seasonId, [season.seasonA], { code: "PY22222222" }));
    const childCategories = (await categoriesOf(t.database.db, season.childId)).map((c) => c.id);
    let calls = 0;
    const random = (n: number) => (calls++ < 8 ? 0 : Math.floor(Math.random() * n));
    const res = await bulkCreateVouchers(t.database.db, organiserId, ZBulkVoucherInput.parse(bulkInput(season.childId, childCategories, "PY", 2)), random);
    expect(res.count).toBe(2);
    expect(res.codes).not.toContain("PY22222222");
    expect((await vouchersOf(t.database.db, organiserId)).filter((r) => r.code === "PY22222222")).toHaveLength(1);
  });

  it("a refused bulk creation saves nothing", async () => {
    const before = await countAllVouchers(t.database.db);
    const refusals: [() => Promise<unknown>, string][] = [
      [() => org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(other.freeId, other.freeCategories, "X", 5)), "VOUCHER_EVENT_NOT_FOUND"],
      [() => org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(org.freeId, org.seatedCategories, "X", 5)), "VOUCHER_TICKET_NOT_FOUND"],
      [() => org.client.trpc.vouchers.bulkCreate.mutate({ ...bulkInput(org.freeId, org.freeCategories, "X", 5), blockIds: ["A"] }), "VOUCHER_BLOCK_NOT_FOUND"],
      [() => org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(org.freeId, org.freeCategories, "X", 0)), "VALIDATION"],
      [() => org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(org.freeId, org.freeCategories, "X", 10_001)), "VALIDATION"],
      [() => org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(org.freeId, org.freeCategories, "A B", 5)), "VALIDATION"],
      [() => org.client.trpc.vouchers.bulkCreate.mutate({ ...bulkInput(org.freeId, org.freeCategories, "X", 5), kind: "percent", value: 10001 }), "VALIDATION"],
    ];
    for (const [call, code] of refusals) expect((await failure(call())).appCode).toBe(code);
    expect(await countAllVouchers(t.database.db)).toBe(before);
  });

  it("makes 10,000 codes in one transaction within seconds", async () => {
    const started = Date.now();
    const res = await org.client.trpc.vouchers.bulkCreate.mutate(bulkInput(org.freeId, org.freeCategories, "BIG", 10_000));
    const ms = Date.now() - started;
    expect(res.count).toBe(10_000);
    expect(new Set(res.codes).size).toBe(10_000);
    const [n] = await txRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from vouchers where batch_id = ${res.batchId}`);
    expect(Number(n!.n)).toBe(10_000);
    expect(ms).toBeLessThan(10_000);
  }, 30_000);
});

describe("the list's states", () => {
  it("filters by every state in SQL, with the same result as voucherState", async () => {
    const o = await voucherOrganiser(t);
    const make = async (state: VoucherState, overrides: Parameters<typeof voucherInput>[2], uses?: [number, number]) => {
      const { id } = await o.client.trpc.vouchers.create.mutate(voucherInput(o.freeId, o.freeCategories, overrides));
      if (uses) await setUses(t.database.db, id, ...uses);
      return { state, id };
    };
    const made = [
      await make("active", {}),
      await make("active", { maxUses: 2 }, [1, 1]), // reservations do not count for the state
      await make("inactive", { status: "inactive" }),
      await make("inactive", { status: "inactive", validFrom: daysFromNow(1), validUntil: daysFromNow(5) }),
      await make("upcoming", { validFrom: daysFromNow(1), validUntil: daysFromNow(5) }),
      await make("expired", { validFrom: daysFromNow(-5), validUntil: daysFromNow(-1) }),
      await make("expired", { status: "inactive", validFrom: daysFromNow(-5), validUntil: daysFromNow(-1) }),
      await make("used", { maxUses: 1 }, [1, 0]),
      await make("limit_reached", { maxUses: 3 }, [3, 0]),
      await make("limit_reached", { maxUses: 3, status: "inactive", validFrom: daysFromNow(-5), validUntil: daysFromNow(-1) }, [3, 0]),
    ];
    for (const state of VOUCHER_STATES) {
      const page = await o.client.trpc.vouchers.list.query({ state, pageSize: 100 });
      expect(page.rows.map((r) => r.id).sort(), state).toEqual(made.filter((m) => m.state === state).map((m) => m.id).sort());
      expect(page.rows.every((r) => r.state === state)).toBe(true);
      expect(page.total).toBe(made.filter((m) => m.state === state).length);
    }
  });

  it("voucherStateSql equals voucherState for every combination, at the boundaries too", async () => {
    const now = new Date("2030-06-01T12:00:00.000Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    const windows: [Date, Date][] = [
      [at(1), at(86400_000)], // starts a millisecond from now
      [now, at(86400_000)], // starts now
      [at(-86400_000), at(86400_000)],
      [at(-86400_000), now], // ends now
      [at(-86400_000), at(-1)],
    ];
    const uses: [number | null, number, number][] = [[null, 0, 0], [null, 7, 2], [1, 0, 1], [1, 1, 0], [3, 2, 1], [3, 3, 0]];
    const ev = org.freeId;
    const expected = new Map<string, VoucherState>();
    let i = 0;
    for (const status of ["active", "inactive"] as const)
      for (const [from, until] of windows)
        for (const [maxUses, used, reserved] of uses) {
          const code = `STATE-${i++}`;
          const [row] = await txRows<{ id: string }>(
            t.database.db,
            sql`insert into vouchers (organiser_id, event_id, code, kind, value, max_order_cents, max_uses, used_count, reserved_count, valid_from, valid_until, status)
                values (${org.organiserId}, ${ev}, ${code}, 'percent', 100, 1000, ${maxUses}, ${used}, ${reserved}, ${from.toISOString()}::timestamptz,
                  ${until.toISOString()}::timestamptz, ${status}) returning id::text`,
          );
          const standing = { status, validFrom: from, validUntil: until, maxUses, usedCount: used, reservedCount: reserved };
          expected.set(row!.id, voucherState(standing, now));
        }
    const rows = await txRows<{ id: string; state: string }>(
      t.database.db,
      sql`select v.id::text, ${voucherStateSql(now)} as state from vouchers v where v.code like 'STATE-%' and v.organiser_id = ${org.organiserId}`,
    );
    expect(rows).toHaveLength(expected.size);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual(Object.fromEntries(expected));
    expect(new Set(expected.values())).toEqual(new Set(VOUCHER_STATES));
  });

  it("searches a part of the code in any case and filters by event, newest first", async () => {
    const o = await voucherOrganiser(t);
    const a = await o.client.trpc.vouchers.create.mutate(voucherInput(o.freeId, o.freeCategories, { code: "EARLY-BIRD" }));
    const b = await o.client.trpc.vouchers.create.mutate(voucherInput(o.seatedId, o.seatedCategories, { code: "LATE-BIRD" }));
    const c = await o.client.trpc.vouchers.create.mutate(voucherInput(o.seatedId, o.seatedCategories, { code: "STAFF_50" }));
    expect((await o.client.trpc.vouchers.list.query({})).rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect((await o.client.trpc.vouchers.list.query({ search: "bird" })).rows.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await o.client.trpc.vouchers.list.query({ search: "ly-b" })).rows.map((r) => r.id)).toEqual([a.id]);
    // "%" and "_" are characters, not wildcards.
    expect((await o.client.trpc.vouchers.list.query({ search: "%" })).total).toBe(0);
    expect((await o.client.trpc.vouchers.list.query({ search: "F_5" })).rows.map((r) => r.id)).toEqual([c.id]);
    expect((await o.client.trpc.vouchers.list.query({ eventId: o.seatedId })).rows.map((r) => r.id)).toEqual([c.id, b.id]);
    expect((await o.client.trpc.vouchers.list.query({ eventId: o.seatedId, search: "early" })).total).toBe(0);
    expect((await o.client.trpc.vouchers.list.query({ pageSize: 25, page: 2 })).rows).toEqual([]);
  });
});

describe("CSV export", () => {
  it("exports the filtered vouchers with translated headers and the list's values", async () => {
    const o = await voucherOrganiser(t);
    await o.client.trpc.vouchers.create.mutate(
      voucherInput(o.freeId, o.freeCategories, {
        code: "FIXED-5",
        kind: "fixed",
        value: 550,
        minOrderCents: 1000,
        maxOrderCents: 250_075,
        maxUses: 10,
        validFrom: new Date("2025-01-31T23:00:00Z"),
        validUntil: new Date("2025-02-10T22:59:00Z"),
        description: '=HYPERLINK("x"), with "quotes"',
      }),
    );
    const { id } = await o.client.trpc.vouchers.create.mutate(voucherInput(o.seatedId, o.seatedCategories, { code: "TENPC", value: 1250 }));
    await setUses(t.database.db, id, 3, 1);
    const res = await exportVia(o.client, { lang: "en" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="vouchers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body.startsWith("\ufeff")).toBe(true);
    const records = parseCsv(res.body, ",");
    expect(records[0]).toEqual([
      "Code",
      "Event",
      "Value",
      "Kind",
      "Minimum order value (EUR)",
      "Maximum order value (EUR)",
      "Maximum redemptions",
      "Used",
      "State",
      "Valid from",
      "Valid until",
      "Description",
    ]);
    expect(records).toHaveLength(3);
    expect(records[1]!.slice(0, 9)).toEqual(["TENPC", "Seated Concert", "12.50", "Percentage (%)", "0.00", "1000.00", "Unlimited", "3", "Active"]);
    expect(records[2]).toEqual([
      "FIXED-5",
      "Free Concert",
      "5.50",
      "Fixed amount (EUR)",
      "10.00",
      "2500.75",
      "10",
      "0",
      "Expired",
      "2025-02-01 00:00",
      "2025-02-10 23:59",
      `'=HYPERLINK("x"), with "quotes"`,
    ]);

    const de = await exportVia(o.client, { lang: "de", search: "fixed", state: "expired", eventId: "" });
    expect(de.statusCode).toBe(200);
    const german = parseCsv(de.body, ";");
    expect(german).toHaveLength(2);
    expect(german[0]).toHaveLength(12);
    expect(german[1]!.slice(0, 7)).toEqual(["FIXED-5", "Free Concert", "5,50", german[1]![3], "10,00", "2500,75", "10"]);
    // Only what the filters keep; nothing matching is the header alone.
    const seated = parseCsv((await exportVia(o.client, { eventId: o.seatedId, lang: "en" })).body, ",");
    expect(seated.slice(1).map((r) => r[0])).toEqual(["TENPC"]);
    const none = parseCsv((await exportVia(o.client, { state: "used", lang: "en" })).body, ",");
    expect(none).toEqual([records[0]]);
  });

  it("is for the organiser and holders of createVoucher or updateVoucher; another organiser's codes never appear", async () => {
    const o = await voucherOrganiser(t);
    await o.client.trpc.vouchers.create.mutate(voucherInput(o.freeId, o.freeCategories, { code: "MINE-ONLY" }));
    await other.client.trpc.vouchers.create.mutate(voucherInput(other.freeId, other.freeCategories, { code: "NOT-MINE" }));
    for (const rights of [{ createVoucher: true }, { updateVoucher: true }]) {
      const member = await signedInTeamMember(t, o.organiserId, rights);
      const res = await exportVia(member.client, { lang: "en" });
      expect(res.statusCode).toBe(200);
      expect(parseCsv(res.body, ",").slice(1).map((r) => r[0])).toEqual(["MINE-ONLY"]);
    }
    // Another organiser's event as filter: nothing.
    expect(parseCsv((await exportVia(o.client, { eventId: other.freeId, lang: "en" })).body, ",")).toHaveLength(1);
    const outsider = await signedInTeamMember(t, o.organiserId, { viewOrders: true, createEvent: true });
    const refused = await exportVia(outsider.client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "FORBIDDEN" });
    const anonymous = await exportVia(t.client());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "UNAUTHENTICATED" });
  });

  it("answers VALIDATION for a malformed filter", async () => {
    const queries: Record<string, string>[] = [{ state: "gone" }, { eventId: "not-a-uuid" }, { lang: "fr" }, { batchId: "1" }];
    for (const query of queries) {
      const res = await exportVia(org.client, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ error: "VALIDATION" });
    }
  });
});

describe("the demo voucher", () => {
  it("DEMO10 is seeded once on the demo match: 10 %, unlimited, every category, active now", async () => {
    expect(await seedDemoData(t.database.db)).toBe(true);
    const [match] = await txRows<{ id: string; organiser_id: string }>(t.database.db, sql`select id::text, organiser_id::text from events where name = ${DEMO_MATCH}`);
    const rows = (await vouchersOf(t.database.db, match!.organiser_id)).filter((r) => r.code === DEMO_VOUCHER);
    expect(rows).toHaveLength(1);
    const v = rows[0]!;
    const categories = (await categoriesOf(t.database.db, match!.id)).map((c) => c.id);
    expect(categories).toHaveLength(3);
    expect(v).toMatchObject({ eventId: match!.id, kind: "percent", value: 1000, maxUses: null, status: "active", minOrderCents: 0, blockIds: [], seatKeys: [] });
    expect([...v.ticketCategoryIds].sort()).toEqual([...categories].sort());
    expect(voucherState(v, new Date())).toBe("active");
    expect(Math.round((v.validUntil.getTime() - v.validFrom.getTime()) / 86400_000)).toBe(365);
    expect(v.validFrom.getTime()).toBeLessThan(Date.now() - 23 * 3600_000);
    // Seeding again changes nothing.
    expect(await seedDemoVouchers(t.database.db, match!.organiser_id)).toBe(false);
    expect((await vouchersOf(t.database.db, match!.organiser_id)).filter((r) => r.code === DEMO_VOUCHER)).toHaveLength(1);
  }, 60_000);
});
