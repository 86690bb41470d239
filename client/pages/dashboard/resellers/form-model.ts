import { z } from "zod";
import type { CountryCode } from "../../../../shared/countries";
import { V } from "../../../../shared/schemas/messages";
import { type TResellerCreate, type TResellerUpdate, ZResellerCreate, ZResellerUpdate } from "../../../../shared/schemas/resellers";
import type { ResellerOption, StoredReseller } from "./use-resellers";

/**
 * What the reseller form holds: the API's fields and paths (so the shared schema's and the
 * server's field errors land on the right field), a price null while its field is empty. The
 * tickets of an event are kept in the event's category order.
 */
export type ResellerFormValues = {
  name: string;
  address: string;
  city: string;
  zip: string;
  state: string;
  country: string;
  mobile: string;
  email: string;
  /** Creating only; an existing reseller's password is reset apart. */
  password: string;
  confirmPassword: string;
  events: { eventId: string; tickets: { ticketCategoryId: string; priceCents: number | null }[] }[];
};

/** A category the form offers for an event (from the options, or the stored reseller's own). */
export type OfferedCategory = { id: string; name: string; priceCents: number };

export function emptyReseller(): ResellerFormValues {
  return { name: "", address: "", city: "", zip: "", state: "", country: "DE", mobile: "", email: "", password: "", confirmPassword: "", events: [] };
}

export function valuesOf(r: StoredReseller): ResellerFormValues {
  return {
    name: r.name,
    address: r.address,
    city: r.city,
    zip: r.zip,
    state: r.state,
    country: r.country,
    mobile: r.mobile,
    email: r.email,
    password: "",
    confirmPassword: "",
    events: r.events.map((e) => ({ eventId: e.eventId, tickets: e.tickets.map((x) => ({ ticketCategoryId: x.ticketCategoryId, priceCents: x.priceCents })) })),
  };
}

function eventsInput(values: ResellerFormValues): TResellerCreate["events"] {
  return values.events.map((e) => ({ eventId: e.eventId, tickets: e.tickets.map((x) => ({ ticketCategoryId: x.ticketCategoryId, priceCents: x.priceCents ?? Number.NaN })) }));
}

const details = (v: ResellerFormValues) => ({
  name: v.name,
  address: v.address,
  city: v.city,
  zip: v.zip,
  state: v.state,
  country: v.country as CountryCode,
  mobile: v.mobile,
  email: v.email,
  events: eventsInput(v),
});

export const createInput = (v: ResellerFormValues): TResellerCreate => ({ ...details(v), password: v.password, confirmPassword: v.confirmPassword });
export const updateInput = (id: string, v: ResellerFormValues): TResellerUpdate => ({ id, ...details(v) });

const isEmptyPrice = (values: ResellerFormValues, path: PropertyKey[]) =>
  path[0] === "events" && path[2] === "tickets" && path[4] === "priceCents" && values.events[Number(path[1])]?.tickets[Number(path[3])]?.priceCents === null;

/**
 * The form's schema for useZodForm: the shared schema (create or update) run on what the form
 * would send, with its messages; an empty price says "required" rather than "not a number".
 */
export function resellerFormSchema(mode: "create" | "update") {
  const shared = mode === "create" ? ZResellerCreate : ZResellerUpdate;
  const placeholderId = "00000000-0000-4000-8000-000000000000";
  return z.custom<ResellerFormValues>(() => true).superRefine((values, ctx) => {
    const result = shared.safeParse(mode === "create" ? createInput(values) : updateInput(placeholderId, values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
      ctx.addIssue({ code: "custom", path, message: isEmptyPrice(values, path) ? V.required : issue.message });
    }
  });
}

/** An event's tickets with the categories in `offered` order, `selected` ones at their price. */
export function toggledTickets(
  offered: readonly OfferedCategory[],
  tickets: ResellerFormValues["events"][number]["tickets"],
  categoryId: string,
  selected: boolean,
): ResellerFormValues["events"][number]["tickets"] {
  const current = new Map(tickets.map((x) => [x.ticketCategoryId, x.priceCents]));
  if (selected) current.set(categoryId, current.get(categoryId) ?? offered.find((c) => c.id === categoryId)?.priceCents ?? null);
  else current.delete(categoryId);
  const order = offered.map((c) => c.id);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...current].map(([ticketCategoryId, priceCents]) => ({ ticketCategoryId, priceCents })).sort((a, b) => rank(a.ticketCategoryId) - rank(b.ticketCategoryId));
}

/**
 * The categories shown for an assigned event: the event's current ones from the options, or,
 * for an event no longer offered (cancelled since), the ones the reseller has.
 */
export function offeredCategories(eventId: string, options: readonly ResellerOption[], stored: StoredReseller | undefined): OfferedCategory[] {
  const option = options.find((o) => o.eventId === eventId);
  if (option) return option.categories;
  const own = stored?.events.find((e) => e.eventId === eventId);
  return own ? own.tickets.map((x) => ({ id: x.ticketCategoryId, name: x.name, priceCents: x.listPriceCents })) : [];
}
