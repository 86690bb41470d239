import { useLingui } from "@lingui/react/macro";
import { z } from "zod";
import { type TTicketCategory, ZTicketCategories } from "../../../../../../shared/schemas/tickets";
import { useZodForm } from "../../../../../hooks/use-zod-form";
import type { EventDetail, WizardKind } from "../types";

/** The server's input is `{ eventId, categories }`, so field paths match: "categories.0.priceCents". */
const ZTicketsForm = z.object({ categories: ZTicketCategories });

type SavedCategory = EventDetail["categories"][number];

/**
 * A saved category in the form's shape; its id doubles as the key conditions refer to. Without a
 * seating plan a ticket sells no seating category: a link left from an earlier plan is dropped.
 */
function toFormCategory(c: SavedCategory, seated: boolean): TTicketCategory {
  return {
    key: c.id,
    id: c.id,
    name: c.name,
    kind: c.kind,
    area: c.area,
    seatingCategoryId: seated ? c.seatingCategoryId : null,
    priceCents: c.priceCents,
    dailyQuantity: c.dailyQuantity,
    seatsPerTicket: c.seatsPerTicket,
    bookingOptions: c.bookingOptions.map((o) => ({ name: o.name, priceCents: o.priceCents, description: o.description })),
    webDescription: c.webDescription,
    pdfDescription: c.pdfDescription,
    saleStartMode: c.saleStartMode,
    saleStartAt: c.saleStartAt,
    saleEndMode: c.saleEndMode,
    saleEndAt: c.saleEndAt,
    validityStartTime: c.validityStartTime,
    validityEndTime: c.validityEndTime,
    visibility: c.visibility,
    selectability: c.selectability,
    conditionKey: c.conditionCategoryId,
    minPerOrder: c.minPerOrder,
    maxPerOrder: c.maxPerOrder,
    showRemaining: c.showRemaining,
    appliesTo: c.appliesTo,
  };
}

export function useTicketsForm(detail: EventDetail) {
  return useZodForm(ZTicketsForm, {
    mode: "controlled",
    initialValues: { categories: detail.categories.map((c) => toFormCategory(c, detail.event.seatingMode === "template")) },
  });
}
export type TicketsForm = ReturnType<typeof useTicketsForm>;

/** The texts that differ between an event's tickets and a season's season tickets. */
export function useWording(kind: WizardKind) {
  const { t } = useLingui();
  if (kind === "season") {
    return {
      title: t`Season tickets`,
      intro: t`The season tickets buyers can choose. Prices are in euros.`,
      add: t`Add season ticket category`,
      emptyTitle: t`No season tickets yet`,
      emptyText: t`Publishing the season needs at least one season ticket category. You can save the draft without one.`,
      untitled: (position: number) => t`Season ticket ${position}`,
      quantityLabel: t`Number of season tickets`,
      quantityHelp: t`How many of these season tickets can be sold.`,
      quantitySummary: (quantity: number) => t`${quantity} available`,
      removeTitle: t`Remove this season ticket category?`,
    };
  }
  return {
    title: t`Tickets`,
    intro: t`The ticket categories buyers can choose. Prices are in euros.`,
    add: t`Add ticket category`,
    emptyTitle: t`No ticket categories yet`,
    emptyText: t`Publishing the event needs at least one ticket category. You can save the draft without one.`,
    untitled: (position: number) => t`Ticket category ${position}`,
    quantityLabel: t`Quantity per day`,
    quantityHelp: t`How many of these tickets can be sold for each date of the event.`,
    quantitySummary: (quantity: number) => t`${quantity} per day`,
    removeTitle: t`Remove this ticket category?`,
  };
}
export type Wording = ReturnType<typeof useWording>;
