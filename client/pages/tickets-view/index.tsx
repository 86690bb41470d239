import { Alert, Badge, Button, Container, Divider, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { formatCents } from "../../../shared/rules/money";
import type { LineStatus, OrderStatus } from "../../../shared/schemas/orders";
import { PageLoader } from "../../components/PageLoader";
import { PublicLayout } from "../../layout/PublicLayout";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often a pending order is asked again ("payment processing"). */
const POLL_MS = 2000;

const LINE_STATUS: Record<LineStatus, { label: MessageDescriptor; color: string }> = {
  active: { label: msg`Active`, color: "green" },
  canceled: { label: msg`Canceled`, color: "red" },
  checked_in: { label: msg`Checked in`, color: "blue" },
};

/**
 * The buyer's order (SPEC §2 /event/{id}/tickets-view and /event-dates/{id}/tickets-view,
 * `?order=ID&key=KEY`): "payment processing" while unpaid (asked again every 2 s), then the
 * tickets with their download; failed and cancelled orders say so.
 */
export default function TicketsViewPage({ params }: { params: { id: string } }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [location] = useLocation();
  const search = new URLSearchParams(useSearch());
  const orderId = search.get("order") ?? "";
  const key = search.get("key") ?? "";
  const valid = UUID.test(orderId) && key.length > 0 && key.length <= 100;
  const q = useQuery(
    trpc.orders.view.queryOptions(
      { orderId, key },
      { enabled: valid, refetchInterval: (query) => (query.state.data?.status === "pending" ? POLL_MS : false) },
    ),
  );
  const routeEvent = `${location.startsWith("/event-dates/") ? "/event-dates" : "/event"}/${params.id}`;

  if (valid && q.isPending) return <PageLoader />;
  if (!valid || q.isError) {
    return (
      <Page>
        <Alert color="orange" title={t`Your order cannot be shown`} data-testid="order-unavailable">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {!valid || q.error?.data?.code === "NOT_FOUND" ? (
                <Trans>Your order cannot be shown at the moment. Please check your confirmation email.</Trans>
              ) : (
                describeError(i18n, q.error)
              )}
            </Text>
            <Button component={Link} href={routeEvent} variant="light">
              <Trans>Back to the event</Trans>
            </Button>
          </Stack>
        </Alert>
      </Page>
    );
  }

  const order = q.data;
  if (!order) return <PageLoader />;
  const number = order.number;
  const locale = i18n.locale === "en" ? "en" : "de";
  const money = (cents: number) => formatCents(cents, locale);
  const eventPath = order.isSeason ? `/event/${order.eventId}` : `/event-dates/${order.scopeId}`;
  const when = order.startsAt
    ? new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: order.timeZone }).format(order.startsAt)
    : null;
  const pdfUrl = `/api/orders/${order.id}/tickets.pdf?key=${encodeURIComponent(key)}&lang=${locale}`;
  const percent = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "percent", maximumFractionDigits: 2 });
  // The voucher the discount came from (decision 020): "Discount (CODE)".
  const code = order.amounts.voucherCode ?? "";

  return (
    <Page>
      <Stack gap="lg">
        <Stack gap={2}>
          <Text c="dimmed" size="sm">
            <Trans>Your order</Trans>
          </Text>
          <Title order={1}>{order.eventName}</Title>
          {when && <Text>{when}</Text>}
          <Group gap="xs" mt={4}>
            <Text size="sm">
              <Trans>
                Order number: <strong data-testid="order-number">{number}</strong>
              </Trans>
            </Text>
            <Badge data-testid="order-status" data-status={order.status} color={statusColor(order.status)} variant="light">
              {statusLabel(order.status)}
            </Badge>
          </Group>
        </Stack>

        {order.status === "pending" && (
          <Alert color="blue" variant="light" data-testid="order-pending">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" />
              <Stack gap={2}>
                <Text fw={600}>
                  <Trans>Payment processing…</Trans>
                </Text>
                <Text size="sm">
                  <Trans>Your tickets appear here as soon as the payment is confirmed. This usually takes only a few seconds.</Trans>
                </Text>
              </Stack>
            </Group>
          </Alert>
        )}
        {order.status === "failed" && (
          <Alert color="red" title={t`Not paid`}>
            <Trans>This order was not paid; the seats were released.</Trans>
          </Alert>
        )}
        {order.status === "cancelled" && (
          <Alert color="red" title={t`Cancelled`}>
            <Stack gap={4}>
              <Text size="sm">
                <Trans>This order was cancelled.</Trans>
              </Text>
              {order.refunded && (
                <Text size="sm">
                  <Trans>Your payment is being refunded.</Trans>
                </Text>
              )}
            </Stack>
          </Alert>
        )}

        {order.status === "valid" && (
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} size="h4">
                  <Trans>Your tickets</Trans>
                </Title>
                <DownloadButton href={pdfUrl} />
              </Group>
              <Stack gap={0}>
                {order.lines.map((line, i) => (
                  <Group
                    key={line.id}
                    justify="space-between"
                    align="flex-start"
                    wrap="nowrap"
                    py="sm"
                    style={i > 0 ? { borderTop: "1px solid var(--mantine-color-gray-3)" } : undefined}
                    data-testid="ticket-line"
                  >
                    <Stack gap={2}>
                      <Text fw={600}>{line.categoryName}</Text>
                      <Text size="sm" c="dimmed">
                        {line.places.length === 0
                          ? t`General admission`
                          : line.places.map((p) => ("area" in p ? p.area : placeLabel(p.block, p.row, p.seat))).join(" · ")}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end">
                      <Text fw={500} style={{ whiteSpace: "nowrap" }}>
                        {money(line.totalCents)}
                      </Text>
                      <Badge size="sm" variant="light" color={LINE_STATUS[line.status].color}>
                        {i18n._(LINE_STATUS[line.status].label)}
                      </Badge>
                    </Stack>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Paper>
        )}

        {order.status !== "failed" && (
          <Paper withBorder p="md" maw={420}>
            <Stack gap={4}>
              <AmountRow label={t`Tickets`} value={money(order.amounts.ticketsCents)} />
              {order.amounts.optionsCents > 0 && <AmountRow label={t`Booking options`} value={money(order.amounts.optionsCents)} />}
              {order.amounts.feesCents > 0 && <AmountRow label={t`Service fees`} value={money(order.amounts.feesCents)} />}
              {order.amounts.discountCents > 0 && (
                <AmountRow label={code ? t`Discount (${code})` : t`Discount`} value={`−${money(order.amounts.discountCents)}`} testId="order-discount" />
              )}
              <Divider my={4} />
              <AmountRow label={t`Total`} value={money(order.amounts.totalCents)} strong testId="order-total" />
              {order.amounts.vat
                .filter((v) => v.vatCents > 0)
                .map((v) => {
                  const rate = percent.format(v.rateBp / 10000);
                  return <AmountRow key={v.rateBp} label={t`Included VAT ${rate}`} value={money(v.vatCents)} dimmed />;
                })}
            </Stack>
          </Paper>
        )}

        {order.invoices.length > 0 && (
          <Paper withBorder p="md" maw={420} data-testid="order-invoices">
            <Stack gap="xs">
              <Title order={2} size="h5">
                <Trans>Invoices</Trans>
              </Title>
              {order.invoices.map((invoice) => (
                <Group key={invoice.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {invoice.kind === "invoice" ? t`Invoice ${invoice.number}` : t`Credit note ${invoice.number}`}
                  </Text>
                  <DownloadButton
                    href={`/api/orders/${order.id}/invoices/${invoice.id}.pdf?key=${encodeURIComponent(key)}`}
                    label={t`Download (PDF)`}
                    error={t`This document cannot be downloaded at the moment. Please try again later.`}
                    testId="download-invoice"
                    variant="light"
                  />
                </Group>
              ))}
            </Stack>
          </Paper>
        )}

        <Group>
          <Button component={Link} href={eventPath} variant="default" data-testid="back-to-event">
            <Trans>Back to the event</Trans>
          </Button>
        </Group>
      </Stack>
    </Page>
  );

  function placeLabel(block: string, row: string, seat: string): string {
    return t`${block}, row ${row}, seat ${seat}`;
  }

  function statusLabel(status: OrderStatus): string {
    switch (status) {
      case "pending":
        return t`Payment processing`;
      case "valid":
        return t`Valid`;
      case "failed":
        return t`Not paid`;
      case "cancelled":
        return t`Cancelled`;
    }
  }
}

function statusColor(status: string): string {
  return status === "valid" ? "green" : status === "pending" ? "blue" : "red";
}

function Page({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      <Container size="md" py="xl">
        {children}
      </Container>
    </PublicLayout>
  );
}

function AmountRow({ label, value, strong, dimmed, testId }: { label: string; value: string; strong?: boolean; dimmed?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : undefined} c={dimmed ? "dimmed" : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} c={dimmed ? "dimmed" : undefined} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The PDF download: fetched first so a refusal (SPEC §8 download error) shows its message
 * instead of saving an error as a file; the plain link still works without script.
 */
function DownloadButton(props: { href: string; label?: string; error?: string; testId?: string; variant?: string }) {
  const { href } = props;
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "document.pdf";
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <Button
        component="a"
        href={href}
        download
        variant={props.variant}
        size={props.variant ? "xs" : undefined}
        onClick={(e: MouseEvent<HTMLAnchorElement>) => void onClick(e)}
        loading={busy}
        data-testid={props.testId ?? "download-tickets"}
      >
        {props.label ?? t`Download tickets (PDF)`}
      </Button>
      {failed && (
        <Text size="sm" c="red" role="alert" data-testid="download-error">
          {props.error ?? <Trans>The tickets cannot be downloaded at the moment. Please download them from your confirmation email.</Trans>}
        </Text>
      )}
    </Stack>
  );
}
