import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import type { ReactNode } from "react";
import type { LineCancelReason, LineStatus, OrderChannel, OrderStatus, PaymentMethod } from "../../../../shared/schemas/orders";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";

/** The orders area's enumerations as the organiser reads them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  valid: msg`Valid`,
  cancelled: msg`Cancelled`,
  pending: msg`Pending`,
  failed: msg`Failed`,
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  card: msg`Card`,
  paypal: msg`PayPal`,
  free_of_charge: msg`Free of charge`,
  other: msg`Other`,
  online: msg`Online payment`,
};

export const CHANNEL_LABELS: Record<OrderChannel, MessageDescriptor> = {
  online: msg`Online shop`,
  box_office: msg`Box office`,
  reseller: msg`Reseller`,
  hard_ticket: msg`Hard tickets`,
};

export const LINE_STATUS_LABELS: Record<LineStatus, MessageDescriptor> = {
  active: msg`Active`,
  canceled: msg`Cancelled`,
  checked_in: msg`Checked in`,
};

export const CANCEL_REASON_LABELS: Record<LineCancelReason, MessageDescriptor> = {
  organiser: msg`Cancelled by the organiser`,
  event_cancelled: msg`Event cancelled`,
  date_changed: msg`Date changed`,
  payment_lost: msg`Payment lost`,
  print_voided: msg`Print run voided`,
};

export const REFUND_STATUS_LABELS: Record<"pending" | "done" | "failed", MessageDescriptor> = {
  pending: msg`Refund pending`,
  done: msg`Refunded`,
  failed: msg`Refund failed`,
};

/** Why a refund was made (the server's reason codes); unknown ones are shown as they are. */
export const REFUND_REASON_LABELS: Record<string, MessageDescriptor> = {
  organiser_cancelled: msg`Tickets cancelled by the organiser`,
  event_cancelled: msg`Event cancelled`,
  payment_after_hold_lost: msg`Paid after the reservation had expired`,
  payment_for_cancelled_order: msg`Paid for a cancelled order`,
};

export const PAYMENT_STATUS_LABELS: Record<"paid" | "open" | "failed", MessageDescriptor> = {
  paid: msg`Paid`,
  open: msg`Payment processing`,
  failed: msg`Not paid`,
};

export const MAIL_TEMPLATE_LABELS: Record<string, MessageDescriptor> = {
  order_confirmation: msg`Order confirmation`,
  order_refunded: msg`Order could not be completed`,
  order_cancelled: msg`Order cancelled`,
  tickets_cancelled: msg`Tickets cancelled`,
};

export const MAIL_STATUS_LABELS: Record<"pending" | "sent" | "failed", MessageDescriptor> = {
  pending: msg`Queued`,
  sent: msg`Sent`,
  failed: msg`Not delivered`,
};

export type Tone = "ok" | "bad" | "wait" | "neutral" | "info";

/** Badge colours with enough contrast for their text (WCAG AA); "wait" is yellow with dark text. */
const TONES: Record<Tone, { color: string; c?: string }> = {
  ok: { color: "teal.9" },
  bad: { color: "red.9" },
  wait: { color: "yellow.3", c: "dark.9" },
  neutral: { color: "gray.7" },
  info: { color: "blue.9" },
};

export function ToneBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  // Never cut: the table cell grows to the label ("AUSSTEHEND", "EINGECHECKT").
  return (
    <Badge {...TONES[tone]} miw="max-content">
      {children}
    </Badge>
  );
}

const STATUS_TONES: Record<OrderStatus, Tone> = { valid: "ok", cancelled: "bad", pending: "wait", failed: "neutral" };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={STATUS_TONES[status]}>{i18n._(ORDER_STATUS_LABELS[status])}</ToneBadge>;
}

const LINE_TONES: Record<LineStatus, Tone> = { active: "ok", canceled: "bad", checked_in: "info" };

export function LineStatusBadge({ status }: { status: LineStatus }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={LINE_TONES[status]}>{i18n._(LINE_STATUS_LABELS[status])}</ToneBadge>;
}

/** `label[key]` translated, or the key itself when the server sent a value this client does not know. */
export function labelOf(i18n: { _: (d: MessageDescriptor) => string }, labels: Record<string, MessageDescriptor>, key: string): string {
  const descriptor = labels[key];
  return descriptor ? i18n._(descriptor) : key;
}

/** Date formatters of the orders area: order times in ORDERS_TIME_ZONE, event dates in the event's zone. */
export function useOrderDates() {
  const { i18n } = useLingui();
  const cache = new Map<string, Intl.DateTimeFormat>();
  const formatter = (timeZone: string, withTime: boolean) => {
    const key = `${timeZone}|${withTime}`;
    let f = cache.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(i18n.locale, withTime ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone });
      cache.set(key, f);
    }
    return f;
  };
  return {
    dateTime: (d: Date, timeZone: string = ORDERS_TIME_ZONE) => formatter(timeZone, true).format(d),
    day: (d: Date, timeZone: string = ORDERS_TIME_ZONE) => formatter(timeZone, false).format(d),
  };
}
