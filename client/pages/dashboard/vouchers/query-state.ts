import { z } from "zod";
import { VOUCHER_STATES, type VoucherState } from "../../../../shared/rules/voucher";
import type { VoucherListInput } from "../../../../shared/schemas/vouchers";

export const VOUCHER_PAGE_SIZES = [25, 50, 100] as const;

/**
 * The voucher list's state as it lives in the URL query string (reload and back keep it):
 * filters, page, page size and the voucher whose form is open. Anything unreadable in a
 * hand-edited or old link is dropped, never an error.
 */
export type VouchersQuery = {
  search: string;
  eventId: string | null;
  state: VoucherState | null;
  /** The codes of one bulk creation. */
  batchId: string | null;
  page: number;
  pageSize: (typeof VOUCHER_PAGE_SIZES)[number];
  /** The voucher whose form is open. */
  voucher: string | null;
};

export const DEFAULT_VOUCHERS_QUERY: VouchersQuery = { search: "", eventId: null, state: null, batchId: null, page: 1, pageSize: 25, voucher: null };

const uuid = z.uuid();

function pick<T>(schema: z.ZodType<T>, value: string | null): T | null {
  if (value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseVouchersQuery(params: URLSearchParams): VouchersQuery {
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  return {
    search: (params.get("q") ?? "").slice(0, 64),
    eventId: pick(uuid, params.get("event")),
    state: pick(z.enum(VOUCHER_STATES), params.get("state")),
    batchId: pick(uuid, params.get("batch")),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (VOUCHER_PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as VouchersQuery["pageSize"]) : 25,
    voucher: pick(uuid, params.get("voucher")),
  };
}

/** The query string of `query` (without "?"); defaults are left out so links stay short. */
export function vouchersQueryString(query: VouchersQuery): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value !== null && value !== "" && value !== fallback) params.set(key, String(value));
  };
  set("q", query.search.trim());
  set("event", query.eventId);
  set("state", query.state);
  set("batch", query.batchId);
  set("page", query.page, 1);
  set("pageSize", query.pageSize, 25);
  set("voucher", query.voucher);
  return params.toString();
}

/** The filter part of `query` as the list and the export take it. */
function filterOf(query: Pick<VouchersQuery, "search" | "eventId" | "state" | "batchId">) {
  return {
    search: query.search.trim(),
    eventId: query.eventId ?? undefined,
    state: query.state ?? undefined,
    batchId: query.batchId ?? undefined,
  };
}

export function listInputOf(query: VouchersQuery): VoucherListInput {
  return { ...filterOf(query), page: query.page, pageSize: query.pageSize };
}

/** GET /api/organiser/vouchers.csv with the list's filters (or one batch) and the UI language. */
export function exportUrlOf(query: Partial<Pick<VouchersQuery, "search" | "eventId" | "state" | "batchId">>, lang: "de" | "en"): string {
  const params = new URLSearchParams();
  const filter = filterOf({ search: "", eventId: null, state: null, batchId: null, ...query });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  params.set("lang", lang);
  return `/api/organiser/vouchers.csv?${params.toString()}`;
}

/** A filter changed: back to page 1, the rest kept. */
export function withFilter(query: VouchersQuery, change: Partial<VouchersQuery>): VouchersQuery {
  return { ...query, ...change, page: 1 };
}

export function isFiltered(query: VouchersQuery): boolean {
  return query.search.trim() !== "" || query.eventId !== null || query.state !== null || query.batchId !== null;
}
