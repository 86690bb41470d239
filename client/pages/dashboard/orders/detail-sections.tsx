import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, useLingui } from "@lingui/react/macro";
import { Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { formatCents } from "../../../../shared/rules/money";
import type { BuyerDetails } from "../../../../shared/schemas/orders";
import type { RouterOutputs } from "../../../lib/trpc";
import { CHANNEL_LABELS, labelOf, OrderStatusBadge, PAYMENT_METHOD_LABELS, useOrderDates } from "./labels";

export type OrderDetail = RouterOutputs["organiserOrders"]["detail"];

/** A titled box of the detail modal. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Label and value pairs as a description list. */
export function Facts({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} m={0}>
      {items.map(([label, value], i) => (
        <div key={i}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** SPEC §3 Order: the state, dates, payment method, channel and check-ins. */
export function OrderOverview({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const tickets = order.lines.filter((l) => l.status !== "canceled").length;
  const checkIns = order.checkIns;
  const items: [ReactNode, ReactNode][] = [
    [t`Event`, order.event.name],
    [
      order.event.isSeason ? t`Season starts` : t`Event date`,
      order.startsAt ? dates.dateTime(order.startsAt, order.event.timeZone) : "-",
    ],
    [t`Order date`, dates.dateTime(order.createdAt)],
    [t`Status`, <OrderStatusBadge key="s" status={order.status} />],
    [t`Payment method`, i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])],
    [t`Channel`, order.resellerName ? `${i18n._(CHANNEL_LABELS[order.channel])} · ${order.resellerName}` : i18n._(CHANNEL_LABELS[order.channel])],
    [t`Check-ins`, <Plural key="c" value={tickets} one={`${checkIns} of # ticket`} other={`${checkIns} of # tickets`} />],
    [t`Language of the buyer's mails`, order.locale === "de" ? t`German` : t`English`],
  ];
  if (order.paidAt) items.push([t`Paid on`, dates.dateTime(order.paidAt)]);
  if (order.cancelledAt) items.push([t`Cancelled on`, dates.dateTime(order.cancelledAt)]);
  if (order.failedAt) items.push([t`Failed on`, dates.dateTime(order.failedAt)]);
  return <Facts items={items} />;
}

const BUYER_FIELDS: [keyof BuyerDetails, MessageDescriptor][] = [
  ["title", msg`Title`],
  ["firstName", msg`First name`],
  ["lastName", msg`Last name`],
  ["email", msg`Email`],
  ["gender", msg`Gender`],
  ["handicap", msg`Handicap`],
  ["phone", msg`Phone`],
  ["mobile", msg`Mobile`],
  ["street", msg`Street`],
  ["zip", msg`ZIP code`],
  ["city", msg`City`],
  ["country", msg`Country`],
  ["website", msg`Website`],
  ["blog", msg`Blog`],
  ["jobTitle", msg`Job title`],
  ["company", msg`Company`],
  ["businessAddress", msg`Business address`],
  ["businessPhone", msg`Business phone`],
];

const GENDER_LABELS: Record<string, MessageDescriptor> = {
  female: msg`Female`,
  male: msg`Male`,
  diverse: msg`Diverse`,
  unspecified: msg`Not specified`,
};

/** Every buyer field the buyer gave (SPEC §3 Order buyer). */
export function BuyerFacts({ buyer }: { buyer: BuyerDetails }) {
  const { t, i18n } = useLingui();
  const items: [ReactNode, ReactNode][] = [];
  for (const [key, label] of BUYER_FIELDS) {
    const value = buyer[key];
    if (value === undefined || value === null || value === "") continue;
    const shown = key === "gender" ? labelOf(i18n, GENDER_LABELS, String(value)) : key === "handicap" ? (value ? t`Yes` : t`No`) : String(value);
    items.push([i18n._(label), shown]);
  }
  return <Facts items={items} />;
}

/** Revenue, fees, discount, VAT per rate, total and refunded (SPEC §3 Order amounts). */
export function AmountsTable({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const a = order.amounts;
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const percent = (bp: number) => new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(bp / 100);
  // The voucher the discount came from (decision 020): "Discount (CODE)".
  const code = a.voucherCode ?? "";
  const rows: [string, string, boolean?][] = [
    [t`Tickets`, money(a.ticketsCents)],
    ...(a.optionsCents ? [[t`Booking options`, money(a.optionsCents)] as [string, string]] : []),
    [code ? t`Discount (${code})` : t`Discount`, a.discountCents ? money(-a.discountCents) : money(0)],
    [t`Revenue`, money(a.revenueCents), true],
    [t`Box office fees`, money(a.boxOfficeFeesCents)],
    [t`Service and processing fees`, money(a.feesCents)],
    ...a.vat.map((v) => [t`incl. VAT ${percent(v.rateBp)} %`, money(v.vatCents)] as [string, string]),
    ...(a.vat.length === 0 ? [[t`incl. VAT`, money(a.vatCents)] as [string, string]] : []),
    [t`Total`, money(a.totalCents), true],
    [t`Refunded`, money(a.refundedCents)],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} aria-label={t`Amounts`}>
      <Table.Tbody>
        {rows.map(([label, value, strong]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={strong ? 700 : 400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={strong ? 700 : 400} style={{ whiteSpace: "nowrap" }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A table that scrolls sideways inside its own box on narrow screens (never the page); the box
 * is focusable so keyboard users can scroll it too.
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}

/** Shown when a section has nothing yet. */
export function Nothing({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
