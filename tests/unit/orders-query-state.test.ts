import { describe, expect, it } from "vitest";
import {
  DEFAULT_ORDERS_QUERY,
  exportUrlOf,
  listInputOf,
  ordersQueryString,
  parseOrdersQuery,
  withFilter,
  withSort,
} from "../../client/pages/dashboard/orders/query-state";

const EVENT = "6f1c3a52-8d2e-4b7a-9c11-0a3e5d7f9b21";
const DATE = "1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b";
const ORDER = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const parse = (qs: string) => parseOrdersQuery(new URLSearchParams(qs));

describe("orders list URL state", () => {
  it("an empty query string is the default list, and the default writes no parameters", () => {
    expect(parse("")).toEqual(DEFAULT_ORDERS_QUERY);
    expect(ordersQueryString(DEFAULT_ORDERS_QUERY)).toBe("");
  });

  it("every filter, the page, the sort and the open order survive the round trip", () => {
    const query = {
      ...DEFAULT_ORDERS_QUERY,
      search: "müller",
      eventId: EVENT,
      scopeId: DATE,
      from: "2026-11-01",
      to: "2026-11-30",
      status: "cancelled" as const,
      paymentMethod: "free_of_charge" as const,
      channel: "box_office" as const,
      page: 3,
      pageSize: 100 as const,
      sort: "buyer" as const,
      direction: "asc" as const,
      order: ORDER,
    };
    expect(parse(ordersQueryString(query))).toEqual(query);
  });

  it("drops what a hand-edited link gets wrong instead of failing", () => {
    const q = parse(`event=nope&date=${DATE}&from=2026-13-40&status=lost&method=bitcoin&channel=tv&page=-2&pageSize=7&sort=secret&dir=up&order=1`);
    expect(q).toEqual(DEFAULT_ORDERS_QUERY);
  });

  it("an event date without its event is ignored", () => {
    expect(parse(`date=${DATE}`).scopeId).toBeNull();
    expect(parse(`event=${EVENT}&date=${DATE}`).scopeId).toBe(DATE);
  });

  it("a changed filter goes back to page 1, a new event clears the chosen date", () => {
    const q = { ...DEFAULT_ORDERS_QUERY, eventId: EVENT, scopeId: DATE, page: 4 };
    expect(withFilter(q, { status: "valid" })).toMatchObject({ page: 1, scopeId: DATE, status: "valid" });
    expect(withFilter(q, { eventId: null })).toMatchObject({ page: 1, eventId: null, scopeId: null });
  });

  it("sorting: a new column in its natural direction, the same one again flips", () => {
    const byBuyer = withSort({ ...DEFAULT_ORDERS_QUERY, page: 2 }, "buyer");
    expect(byBuyer).toMatchObject({ sort: "buyer", direction: "asc", page: 1 });
    expect(withSort(byBuyer, "buyer").direction).toBe("desc");
    expect(withSort(byBuyer, "total").direction).toBe("desc");
    expect(withSort(DEFAULT_ORDERS_QUERY, "createdAt").direction).toBe("asc");
  });

  it("the list input and the export carry the same filters; the export adds the language", () => {
    const q = { ...DEFAULT_ORDERS_QUERY, search: " K7M2 ", eventId: EVENT, status: "valid" as const, page: 2, order: ORDER };
    expect(listInputOf(q)).toEqual({
      search: "K7M2",
      eventId: EVENT,
      scopeId: undefined,
      from: undefined,
      to: undefined,
      status: "valid",
      paymentMethod: undefined,
      channel: undefined,
      page: 2,
      pageSize: 25,
      sort: "createdAt",
      direction: "desc",
    });
    const url = new URL(exportUrlOf(q, "de"), "http://x");
    expect(url.pathname).toBe("/api/organiser/orders.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: "K7M2", eventId: EVENT, status: "valid", lang: "de" });
  });
});
