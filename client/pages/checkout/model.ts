import { z } from "zod";
import type { useZodForm } from "../../hooks/use-zod-form";
import { ZBuyer } from "../../../shared/schemas/orders";
import { V } from "../../../shared/schemas/messages";
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

/**
 * The cart's tickets as the server expects them: held seats of a category in groups of its
 * seats per ticket (plan order), each counted item as `quantity` tickets of its area.
 */
export function ticketsOfCart(
  cart: CartData,
  scope: ShopScopeData,
  seatLabel: (blockName: string, row: string, seat: string) => string,
): { tickets: CheckoutTicket[]; incomplete: boolean } {
  const byId = new Map(scope.categories.map((c) => [c.id, c]));
  const blocks = scope.layout?.blocks ?? [];
  const blockName = new Map(blocks.map((b) => [b.id, b.name]));
  const blockOrder = new Map(blocks.map((b, i) => [b.id, i]));
  const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : Number.NaN);
  const compare = (a: string, b: string) => {
    const na = num(a);
    const nb = num(b);
    return Number.isNaN(na) || Number.isNaN(nb) ? a.localeCompare(b) : na - nb;
  };
  const seats = [...cart.seats].sort(
    (a, b) =>
      (blockOrder.get(a.blockId) ?? 0) - (blockOrder.get(b.blockId) ?? 0) || compare(a.rowLabel, b.rowLabel) || compare(a.seatLabel, b.seatLabel),
  );
  const tickets: CheckoutTicket[] = [];
  let incomplete = false;
  const seatsByCategory = new Map<string, typeof seats>();
  for (const s of seats) seatsByCategory.set(s.ticketCategoryId, [...(seatsByCategory.get(s.ticketCategoryId) ?? []), s]);
  for (const [categoryId, list] of seatsByCategory) {
    const category = byId.get(categoryId);
    if (!category) {
      incomplete = true;
      continue;
    }
    const per = Math.max(1, category.seatsPerTicket);
    if (list.length % per !== 0) incomplete = true;
    for (let i = 0; i < list.length; i += per) {
      const group = list.slice(i, i + per);
      tickets.push({
        category,
        seatKeys: group.map((s) => s.key),
        areaId: null,
        places: group.map((s) => seatLabel(blockName.get(s.blockId) ?? s.blockId, s.rowLabel, s.seatLabel)),
      });
    }
  }
  for (const item of cart.items) {
    const category = byId.get(item.ticketCategoryId);
    if (!category) {
      incomplete = true;
      continue;
    }
    const area = item.areaId ? (blockName.get(item.areaId) ?? item.areaId) : null;
    for (let i = 0; i < item.quantity; i++) tickets.push({ category, seatKeys: [], areaId: item.areaId, places: area ? [area] : [] });
  }
  return { tickets, incomplete };
}

export type TicketValues = { bookingOptions: number[]; participant: Record<string, string> };
type BuyerValues = z.input<typeof ZBuyer>;
export type CheckoutValues = { buyer: BuyerValues; tickets: TicketValues[]; acceptTerms: boolean };

/** The buyer form's rules: the server's buyer schema, the event's required participant fields, the terms. */
export function checkoutSchema(fields: ShopScopeData["participantFields"]) {
  const participant = z.object(
    Object.fromEntries(
      fields.map((f) => [f.key, f.required ? z.string().trim().min(1, V.required).max(300, V.maxLength) : z.string().trim().max(300, V.maxLength)]),
    ),
  );
  return z.object({
    // Empty email: "required" rather than "invalid format".
    buyer: ZBuyer.extend({ email: z.string().trim().min(1, V.required).pipe(ZBuyer.shape.email) }),
    tickets: z.array(z.object({ bookingOptions: z.array(z.number().int()), participant })),
    acceptTerms: z.boolean().refine((v) => v, V.required),
  });
}

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
