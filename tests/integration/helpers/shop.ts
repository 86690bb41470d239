import type { SeatingLayout } from "../../../shared/seating/layout";
import type { TTicketCategory } from "../../../shared/schemas/tickets";
import type { HoldResult } from "../../../server/modules/shop/holds";
import type { TestApp, TestClient } from "./app";
import { categoriesOf, createEventVia, datesOf, ok, saveTicketsVia, signedInOrganiser, ticketCategory, validEventStep1, type TicketCategoryRow } from "./events";
import { chooseTemplate, createTemplateVia, smallLayout } from "./stadiums";

export type ShopEvent = {
  organiser: TestClient;
  eventId: string;
  dateIds: string[];
  categories: TicketCategoryRow[];
  /** The category selling seats of seating category `cat` (by the `key` given). */
  category: (key: string) => TicketCategoryRow;
};

/**
 * A published event on `layout` (default: the small plan of the stadium tests) with one ticket
 * category per seating category ("a", "b", "c"), each linked to it.
 */
export async function createShopEvent(
  t: TestApp,
  options: { layout?: SeatingLayout | null; categories?: TTicketCategory[]; step1?: unknown; options?: Record<string, unknown> } = {},
): Promise<ShopEvent> {
  const { client: organiser } = await signedInOrganiser(t);
  const eventId = await createEventVia(organiser, options.step1 ?? validEventStep1());
  const layout = options.layout === undefined ? smallLayout() : options.layout;
  if (layout) {
    const templateId = await createTemplateVia(organiser, layout);
    ok(await chooseTemplate(organiser, eventId, templateId));
  }
  const categories =
    options.categories ??
    (layout
      ? layout.categories.map((c) => ticketCategory(c.id, { name: `Ticket ${c.id}`, seatingCategoryId: c.id }))
      : [ticketCategory("a", { name: "Ticket a" })]);
  await saveTicketsVia(organiser, eventId, categories);
  if (options.options) ok(await organiser.mutate("events.saveOptions", { id: eventId, ...options.options }));
  ok(await organiser.mutate("events.publish", { id: eventId, publishOption: "now" }));
  const rows = await categoriesOf(t.database.db, eventId);
  const dateIds = (await datesOf(t.database.db, eventId)).map((d) => d.id);
  return {
    organiser,
    eventId,
    dateIds,
    categories: rows,
    category: (key) => {
      const row = rows.find((r) => r.name === `Ticket ${key}`);
      if (!row) throw new Error(`no category ${key}`);
      return row;
    },
  };
}

export type Cart = { id: string; secret: string };

/** Holds seats (and counts) for a buyer; returns the hold result. */
export async function holdVia(
  buyer: TestClient,
  input: { scopeId: string; cart?: Cart | null; seats?: { key: string; ticketCategoryId: string }[]; counts?: { ticketCategoryId: string; areaId: string | null; quantity: number }[]; access?: string },
) {
  return buyer.mutate<HoldResult>("shop.hold", { cart: null, seats: [], counts: [], ...input });
}

/** The cart credentials of a successful first hold. */
export function cartOf(result: HoldResult | undefined, previous?: Cart): Cart {
  if (!result || result.status !== "held") throw new Error(`hold failed: ${JSON.stringify(result)}`);
  if (result.cart.secret) return { id: result.cart.id, secret: result.cart.secret };
  if (!previous) throw new Error("no secret");
  return previous;
}
