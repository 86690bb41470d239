import type { useZodForm } from "../../hooks/use-zod-form";
import { groupCartTickets } from "../../../shared/rules/checkout";
import type { CheckoutFormValues } from "../../../shared/schemas/orders";
import type { CartData, ShopScopeData } from "../../components/Shop/model";

/** A random key per checkout form: a repeated submit (double click, retry) makes one order. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

type Category = ShopScopeData["categories"][number];

/** One ticket of the order as the cart holds it: its category and its seats or area. */
export type CheckoutTicket = {
  category: Category;
  seatKeys: string[];
  areaId: string | null;
  /** "Block, row R, seat S" per seat, or the area's name, or nothing (event without a plan). */
  places: string[];
};

/** The cart's tickets (shared/rules/checkout.ts groups them) with their printed places. */
export function ticketsOfCart(
  cart: CartData,
  scope: ShopScopeData,
  seatLabel: (blockName: string, row: string, seat: string) => string,
): { tickets: CheckoutTicket[]; incomplete: boolean } {
  const blocks = scope.layout?.blocks ?? [];
  const blockName = new Map(blocks.map((b) => [b.id, b.name]));
  const grouped = groupCartTickets(cart, scope.categories, blocks.map((b) => b.id));
  const tickets = grouped.tickets.map((tk): CheckoutTicket => {
    const area = tk.areaId ? (blockName.get(tk.areaId) ?? tk.areaId) : null;
    return {
      category: tk.category,
      seatKeys: tk.seats.map((s) => s.key),
      areaId: tk.areaId,
      places: tk.seats.length > 0 ? tk.seats.map((s) => seatLabel(blockName.get(s.blockId) ?? s.blockId, s.rowLabel, s.seatLabel)) : area ? [area] : [],
    };
  });
  return { tickets, incomplete: grouped.incomplete };
}

/** The form's values, as the shared checkout form schema (checkoutFormSchema) reads them. */
export type CheckoutValues = CheckoutFormValues;
export type TicketValues = CheckoutValues["tickets"][number];

const OPTIONAL_BUYER_FIELDS = [
  "title",
  "gender",
  "handicap",
  "phone",
  "mobile",
  "street",
  "zip",
  "city",
  "country",
  "company",
  "jobTitle",
  "website",
  "blog",
  "businessAddress",
  "businessPhone",
] as const;
export const isOptionalBuyerField = (path: string) => OPTIONAL_BUYER_FIELDS.some((f) => path === `buyer.${f}`);

export const blankTicket = (fields: ShopScopeData["participantFields"]): TicketValues => ({
  bookingOptions: [],
  participant: Object.fromEntries(fields.map((f) => [f.key, ""])),
});

/** The checkout's form, as the sections that fill it receive it. */
export type CheckoutFormHandle = ReturnType<typeof useZodForm<CheckoutValues>>;
