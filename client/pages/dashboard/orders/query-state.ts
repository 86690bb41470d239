import { z } from "zod";
import { ORDER_CHANNELS, ORDER_STATUSES, PAYMENT_METHODS } from "../../../../shared/schemas/orders";
import { ORDER_PAGE_SIZES, ORDER_SORTS, type OrderListInput, type OrderSort } from "../../../../shared/schemas/organiser-orders";

/**
 * The orders list's state as it lives in the URL query string (reload and back keep it):
 * filters, page, page size, sort, and the order whose detail is open. Anything unreadable in a
 * hand-edited or old link is dropped, never an error.
 */
export type OrdersQuery = {
  search: string;
  eventId: string | null;
  scopeId: string | null;
  from: string | null;
  to: string | null;
  status: (typeof ORDER_STATUSES)[number] | null;
  paymentMethod: (typeof PAYMENT_METHODS)[number] | null;
  channel: (typeof ORDER_CHANNELS)[number] | null;
  page: number;
  pageSize: (typeof ORDER_PAGE_SIZES)[number];
  sort: OrderSort;
  direction: "asc" | "desc";
  /** The order whose detail modal is open. */
  order: string | null;
};

export const DEFAULT_ORDERS_QUERY: OrdersQuery = {
  search: "",
  eventId: null,
  scopeId: null,
  from: null,
  to: null,
  status: null,
  paymentMethod: null,
  channel: null,
  page: 1,
  pageSize: 25,
  sort: "createdAt",
  direction: "desc",
  order: null,
};

const uuid = z.uuid();
const day = z.iso.date();

function pick<T>(schema: z.ZodType<T>, value: string | null): T | null {
  if (value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseOrdersQuery(params: URLSearchParams): OrdersQuery {
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  const eventId = pick(uuid, params.get("event"));
  return {
    search: (params.get("q") ?? "").slice(0, 200),
    eventId,
    // A date only means something together with its event.
    scopeId: eventId ? pick(uuid, params.get("date")) : null,
    from: pick(day, params.get("from")),
    to: pick(day, params.get("to")),
    status: pick(z.enum(ORDER_STATUSES), params.get("status")),
    paymentMethod: pick(z.enum(PAYMENT_METHODS), params.get("method")),
    channel: pick(z.enum(ORDER_CHANNELS), params.get("channel")),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (ORDER_PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as OrdersQuery["pageSize"]) : 25,
    sort: pick(z.enum(ORDER_SORTS), params.get("sort")) ?? "createdAt",
    direction: params.get("dir") === "asc" ? "asc" : "desc",
    order: pick(uuid, params.get("order")),
  };
}

/** The query string of `query` (without "?"); defaults are left out so links stay short. */
export function ordersQueryString(query: OrdersQuery): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value !== null && value !== "" && value !== fallback) params.set(key, String(value));
  };
  set("q", query.search.trim());
  set("event", query.eventId);
  set("date", query.eventId ? query.scopeId : null);
  set("from", query.from);
  set("to", query.to);
  set("status", query.status);
  set("method", query.paymentMethod);
  set("channel", query.channel);
  set("page", query.page, 1);
  set("pageSize", query.pageSize, 25);
  set("sort", query.sort, "createdAt");
  set("dir", query.direction, "desc");
  set("order", query.order);
  return params.toString();
}

/** The filter part of `query` as the list and the export take it. */
function filterOf(query: OrdersQuery) {
  return {
    search: query.search.trim(),
    eventId: query.eventId ?? undefined,
    scopeId: query.eventId ? (query.scopeId ?? undefined) : undefined,
    from: query.from ?? undefined,
    to: query.to ?? undefined,
    status: query.status ?? undefined,
    paymentMethod: query.paymentMethod ?? undefined,
    channel: query.channel ?? undefined,
  };
}

export function listInputOf(query: OrdersQuery): OrderListInput {
  return { ...filterOf(query), page: query.page, pageSize: query.pageSize, sort: query.sort, direction: query.direction };
}

/** GET /api/organiser/orders.csv with the list's filters and the UI language. */
export function exportUrlOf(query: OrdersQuery, lang: "de" | "en"): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterOf(query))) if (value) params.set(key, value);
  params.set("lang", lang);
  return `/api/organiser/orders.csv?${params.toString()}`;
}

/** A filter changed: back to page 1, the rest kept. */
export function withFilter(query: OrdersQuery, change: Partial<OrdersQuery>): OrdersQuery {
  const next = { ...query, ...change, page: 1 };
  if ("eventId" in change && change.eventId !== query.eventId) next.scopeId = null;
  return next;
}

/** Columns first sorted newest or largest first; the others from A. */
const DESCENDING_FIRST: readonly OrderSort[] = ["createdAt", "total"];

/** A column header clicked: a new column in its natural direction, the same one again flips. */
export function withSort(query: OrdersQuery, sort: OrderSort): OrdersQuery {
  const first = DESCENDING_FIRST.includes(sort) ? "desc" : "asc";
  const direction = query.sort === sort ? (query.direction === "desc" ? "asc" : "desc") : first;
  return { ...query, sort, direction, page: 1 };
}
