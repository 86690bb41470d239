import { z } from "zod";
import { MY_TICKET_STATES, MY_TICKETS_PAGE_SIZES, type MyTicketState, type MyTicketsListInput } from "../../../../shared/schemas/my-tickets";

/**
 * My Tickets' state as it lives in the URL query string (reload and Back keep it): the event and
 * state filters, the page and the page size. Anything unreadable in an old or hand-edited link is
 * dropped, never an error.
 */
export type MyTicketsQuery = {
  eventId: string | null;
  state: MyTicketState | null;
  page: number;
  pageSize: (typeof MY_TICKETS_PAGE_SIZES)[number];
};

export const DEFAULT_MY_TICKETS_QUERY: MyTicketsQuery = { eventId: null, state: null, page: 1, pageSize: 25 };

function pick<T>(schema: z.ZodType<T>, value: string | null): T | null {
  if (value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseMyTicketsQuery(params: URLSearchParams): MyTicketsQuery {
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  return {
    eventId: pick(z.uuid(), params.get("event")),
    state: pick(z.enum(MY_TICKET_STATES), params.get("state")),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (MY_TICKETS_PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as MyTicketsQuery["pageSize"]) : 25,
  };
}

/** The query string of `query` (without "?"); defaults are left out so links stay short. */
export function myTicketsQueryString(query: MyTicketsQuery): string {
  const params = new URLSearchParams();
  if (query.eventId) params.set("event", query.eventId);
  if (query.state) params.set("state", query.state);
  if (query.page !== 1) params.set("page", String(query.page));
  if (query.pageSize !== 25) params.set("pageSize", String(query.pageSize));
  return params.toString();
}

export function listInputOf(query: MyTicketsQuery): MyTicketsListInput {
  return { eventId: query.eventId, state: query.state, page: query.page, pageSize: query.pageSize };
}

/** A filter changed: back to page 1, the rest kept. */
export function withFilter(query: MyTicketsQuery, change: Partial<MyTicketsQuery>): MyTicketsQuery {
  return { ...query, ...change, page: 1 };
}

export function isFiltered(query: MyTicketsQuery): boolean {
  return query.eventId !== null || query.state !== null;
}
