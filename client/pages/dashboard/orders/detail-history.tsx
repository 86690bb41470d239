import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Stack, Table, Text } from "@mantine/core";
import { formatCents } from "../../../../shared/rules/money";
import type { OrderDetail } from "./detail-sections";
import { Nothing, ScrollTable } from "./detail-sections";
import {
  labelOf,
  MAIL_STATUS_LABELS,
  MAIL_TEMPLATE_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  ToneBadge,
  useOrderDates,
} from "./labels";

const PAYMENT_TONES = { paid: "ok", open: "wait", failed: "neutral" } as const;
const REFUND_TONES = { pending: "wait", done: "ok", failed: "bad" } as const;
const MAIL_TONES = { pending: "wait", sent: "ok", failed: "bad" } as const;

/** The payment of the order and its refunds, each with its state; a failed refund can be tried again. */
export function PaymentsTable({
  order,
  onRetry,
  retrying,
}: {
  order: OrderDetail;
  /** Present with updateOrderDate: "Try again" on a failed refund. */
  onRetry: ((refundId: string) => void) | null;
  retrying: string | null;
}) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const money = (cents: number) => formatCents(cents, i18n.locale);
  if (order.payments.length === 0 && order.refunds.length === 0) return <Nothing>{t`No payment: this order is free of charge.`}</Nothing>;
  return (
    <ScrollTable minWidth={640} label={t`Payments and refunds`}>
      <Table verticalSpacing="xs" aria-label={t`Payments and refunds`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Kind`}</Table.Th>
            <Table.Th>{t`Date`}</Table.Th>
            <Table.Th ta="right">{t`Amount`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            <Table.Th>{t`Details`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.payments.map((p, i) => (
            <Table.Tr key={`p${i}`} data-testid="order-payment">
              <Table.Td>
                {t`Payment`}
                <Text size="xs" c="dimmed">
                  {i18n._(PAYMENT_METHOD_LABELS[p.method])}
                  {p.provider ? ` (${p.provider})` : ""}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{dates.dateTime(p.at)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {money(p.amountCents)}
              </Table.Td>
              <Table.Td>
                <ToneBadge tone={PAYMENT_TONES[p.status]}>{i18n._(PAYMENT_STATUS_LABELS[p.status])}</ToneBadge>
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          ))}
          {order.refunds.map((r) => (
            <Table.Tr key={r.id} data-testid="order-refund" data-status={r.status}>
              <Table.Td>
                {t`Refund`}
                <Text size="xs" c="dimmed">
                  {labelOf(i18n, REFUND_REASON_LABELS, r.reason)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                {dates.dateTime(r.createdAt)}
                {r.doneAt && (
                  <Text size="xs" c="dimmed">
                    <Trans>done {dates.dateTime(r.doneAt)}</Trans>
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {money(-r.amountCents)}
              </Table.Td>
              <Table.Td>
                <ToneBadge tone={REFUND_TONES[r.status]}>{i18n._(REFUND_STATUS_LABELS[r.status])}</ToneBadge>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  {r.attempts > 0 && <Text size="xs">{t`Attempts: ${r.attempts}`}</Text>}
                  {r.status === "failed" && r.lastError && (
                    <Text size="xs" c="red.9" style={{ overflowWrap: "anywhere" }}>
                      {t`Last error: ${r.lastError}`}
                    </Text>
                  )}
                  {r.status === "failed" && onRetry && (
                    <Button size="xs" variant="light" loading={retrying === r.id} onClick={() => onRetry(r.id)}>
                      <Trans>Try again</Trans>
                    </Button>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The mails sent about the order (template, subject, recipient, state, time). */
export function MailsTable({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  if (order.mails.length === 0) return <Nothing>{t`No mails have been sent about this order yet.`}</Nothing>;
  return (
    <ScrollTable minWidth={640} label={t`Mails sent`}>
      <Table verticalSpacing="xs" aria-label={t`Mails sent`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Mail`}</Table.Th>
            <Table.Th>{t`Subject`}</Table.Th>
            <Table.Th>{t`To`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            <Table.Th>{t`Sent`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.mails.map((m) => (
            <Table.Tr key={m.id} data-testid="order-mail">
              <Table.Td>{labelOf(i18n, MAIL_TEMPLATE_LABELS, m.template)}</Table.Td>
              <Table.Td>{m.subject}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{m.to}</Table.Td>
              <Table.Td>
                <ToneBadge tone={MAIL_TONES[m.status]}>{i18n._(MAIL_STATUS_LABELS[m.status])}</ToneBadge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{m.sentAt ? dates.dateTime(m.sentAt) : t`queued ${dates.dateTime(m.createdAt)}`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
