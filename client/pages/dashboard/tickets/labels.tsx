import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { MyTicketState } from "../../../../shared/schemas/my-tickets";
import type { TICKET_VISIBILITY } from "../../../../shared/schemas/tickets";
import { formatCents } from "../../../../shared/rules/money";
import type { RouterOutputs } from "../../../lib/trpc";
import { type Tone, ToneBadge, useOrderDates } from "../orders/labels";

export type TicketRow = RouterOutputs["myTickets"]["list"]["rows"][number];
export type TicketDate = TicketRow["dates"][number];

export const TICKET_STATE_LABELS: Record<MyTicketState, MessageDescriptor> = {
  on_sale: msg`On sale`,
  scheduled: msg`Not yet on sale`,
  sold_out: msg`Sold out`,
  ended: msg`Sale ended`,
  draft: msg`Draft`,
  cancelled: msg`Event cancelled`,
};

const STATE_TONES: Record<MyTicketState, Tone> = { on_sale: "ok", scheduled: "info", sold_out: "wait", ended: "neutral", draft: "neutral", cancelled: "bad" };

export function TicketStateBadge({ state }: { state: MyTicketState }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={STATE_TONES[state]}>{i18n._(TICKET_STATE_LABELS[state])}</ToneBadge>;
}

export const VISIBILITY_LABELS: Record<(typeof TICKET_VISIBILITY)[number], MessageDescriptor> = {
  always: msg`Always`,
  with_other_selected: msg`Only when another ticket is selected`,
};

/** The tickets step of the event form, where everything else about a ticket is changed. */
export function ticketsStepHref(row: Pick<TicketRow, "event">): string {
  return `~/dashboard/${row.event.type === "SEASONAL" ? "seasons" : "events"}/${row.event.id}/edit/4`;
}

/** The texts a row shows in the table and on a card, in the event's time zone. */
export function useTicketTexts() {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  /** A sale start or end in a narrow column: "26.11.26, 18:45". */
  const short = (d: Date, timeZone: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "short", timeStyle: "short", timeZone }).format(d);
  return {
    price: (row: TicketRow) => (row.kind === "free" ? t`Free of charge` : formatCents(row.priceCents, i18n.locale)),
    dateTime: (d: Date, row: TicketRow) => dates.dateTime(d, row.event.timeZone),
    /** "From …": the sale start, or when it is not known yet, what it waits for. */
    saleStart: (row: TicketRow) => {
      if (row.saleStart) return short(row.saleStart, row.event.timeZone);
      return row.saleStartMode === "on_release" ? t`when the event is published` : "–";
    },
    /** "Until …": the set sale end, else the end of the last date it sells for. */
    saleEnd: (row: TicketRow) => {
      const end = row.saleEndAt ?? row.saleEnd;
      return end ? short(end, row.event.timeZone) : t`when the event ends`;
    },
    visibility: (row: TicketRow) => {
      const other = row.conditionCategoryName;
      if (row.visibility === "always") return t`Always visible`;
      return other ? t`Only with ${other}` : i18n._(VISIBILITY_LABELS[row.visibility]);
    },
    /** The event's dates: how many, and the next one. */
    eventDates: (row: TicketRow) => {
      const count = row.event.dateCount;
      const next = row.event.nextStartsAt ? dates.dateTime(row.event.nextStartsAt, row.event.timeZone) : null;
      if (count === 0) return t`No dates yet`;
      if (!next) return t({ message: plural(count, { one: "# date, over", other: "# dates, all over" }) });
      if (count === 1) return next;
      return t({ message: plural(count, { one: `# date, next ${next}`, other: `# dates, next ${next}` }) });
    },
  };
}
