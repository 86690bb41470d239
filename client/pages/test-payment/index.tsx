import { Alert, Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { formatCents } from "../../../shared/rules/money";
import { planSummary } from "../../lib/plans";
import { PageLoader } from "../../components/PageLoader";
import { PublicLayout } from "../../layout/PublicLayout";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import NotFoundPage from "../not-found";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome = "paid" | "failed" | "abandoned";

/** The event page of a `/successful?order=…&next=<order view>` address (null when it is not one). */
function pathsOfSuccessUrl(url: string): { event: string | null; order: string | null } {
  const next = new URL(url, window.location.origin).searchParams.get("next") ?? "";
  const m = /^\/(event|event-dates)\/([0-9a-f-]{36})\/tickets-view\?/i.exec(next);
  return m ? { event: `/${m[1]}/${m[2]}`, order: next } : { event: null, order: null };
}

/**
 * The built-in test provider's payment page (/test-payment/{id}): clearly marked as a test, it
 * lets the buyer make the payment succeed, fail or give up. No real money is moved.
 */
export default function TestPaymentPage({ params }: { params: { id: string } }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const valid = UUID.test(params.id);
  const q = useQuery({ ...trpc.orders.testPayment.queryOptions({ paymentId: params.id }), enabled: valid });
  const [result, setResult] = useState<{ outcome: Outcome; event: string | null; order: string | null } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const decide = useMutation(
    trpc.orders.testDecide.mutationOptions({
      onSuccess: (res, vars) => {
        // A plan purchase: back to the plan tab, which tells how it went.
        if (res.kind === "plan") {
          setLeaving(true);
          window.location.assign(res.redirectUrl);
          return;
        }
        // Paid and complete (or still settling): on to the success page, as a real provider would.
        if (vars.outcome === "paid" && (res.status === "valid" || res.status === "pending")) {
          setLeaving(true);
          window.location.assign(res.redirectUrl);
          return;
        }
        setResult({ outcome: vars.outcome, ...pathsOfSuccessUrl(res.redirectUrl) });
        void q.refetch();
      },
    }),
  );

  if (!valid) return <NotFoundPage />;
  if (q.isPending) return <PageLoader />;
  if (q.isError) {
    if (q.error.data?.code === "NOT_FOUND") return <NotFoundPage />;
    return (
      <PublicLayout>
        <Container size="sm" py="xl">
          <Alert color="red">{describeError(i18n, q.error)}</Alert>
        </Container>
      </PublicLayout>
    );
  }
  const payment = q.data;
  const amount = formatCents(payment.amountCents, i18n.locale);
  const open = payment.status === "open" && !result;
  const busy = decide.isPending || leaving;

  return (
    <PublicLayout>
      <Container size="sm" py="xl">
        <Paper withBorder p="xl" radius="md" style={{ borderStyle: "dashed", borderWidth: 2, borderColor: "var(--mantine-color-orange-5)" }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Title order={1} size="h2">
                <Trans>Test payment</Trans>
              </Title>
              <Badge color="orange.4" autoContrast size="lg" variant="filled">
                <Trans>TEST</Trans>
              </Badge>
            </Group>
            <Alert color="orange" variant="light" data-testid="test-payment-banner">
              <Trans>Test payment – no real money is moved. This page stands in for a payment provider while the shop runs in test mode.</Trans>
            </Alert>
            <Stack gap={6}>
              {payment.kind === "plan" ? (
                <>
                  <Row label={t`Plan`} value={planSummary(i18n, payment)} />
                  <Row label={t`Invoice number`} value={payment.invoiceNumber} />
                </>
              ) : (
                <>
                  <Row label={t`Event`} value={payment.eventName} />
                  <Row label={t`Order number`} value={payment.orderNumber} />
                </>
              )}
              <Row label={t`Amount`} value={amount} strong testId="test-payment-amount" />
            </Stack>

            {result ? (
              <Alert color={result.outcome === "paid" ? "orange" : "red"} title={outcomeTitle(result.outcome)} data-testid="test-payment-result">
                <Stack gap="sm" align="flex-start">
                  <Text size="sm">
                    {result.outcome === "paid" ? (
                      <Trans>Your seats were no longer available, so the order could not be completed. The payment is refunded.</Trans>
                    ) : (
                      <Trans>No money was taken and your seats were released.</Trans>
                    )}
                  </Text>
                  <Group gap="xs">
                    {result.event && (
                      <Button component={Link} href={result.event} variant="light">
                        <Trans>Back to the event</Trans>
                      </Button>
                    )}
                    {result.outcome === "paid" && result.order && (
                      <Button component={Link} href={result.order} variant="subtle">
                        <Trans>View your order</Trans>
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Alert>
            ) : open ? (
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  <Trans>Choose how this test payment ends:</Trans>
                </Text>
                <Group grow wrap="wrap" gap="xs">
                  <Button color="teal.9" loading={busy && decide.variables?.outcome === "paid"} disabled={busy} onClick={() => decide.mutate({ paymentId: payment.id, outcome: "paid" })}>
                    <Trans>Pay successfully</Trans>
                  </Button>
                  <Button color="red" variant="light" loading={busy && decide.variables?.outcome === "failed"} disabled={busy} onClick={() => decide.mutate({ paymentId: payment.id, outcome: "failed" })}>
                    <Trans>Payment fails</Trans>
                  </Button>
                  <Button color="gray" variant="default" loading={busy && decide.variables?.outcome === "abandoned"} disabled={busy} onClick={() => decide.mutate({ paymentId: payment.id, outcome: "abandoned" })}>
                    <Trans>Cancel payment</Trans>
                  </Button>
                </Group>
                {decide.isError && <Alert color="red">{describeError(i18n, decide.error)}</Alert>}
              </Stack>
            ) : (
              <Alert color="gray" title={t`This payment is no longer open`} data-testid="test-payment-state">
                <Stack gap="sm" align="flex-start">
                  <Text size="sm">{statusText(payment.status)}</Text>
                  <Button
                    variant="light"
                    loading={busy}
                    onClick={() => {
                      const outcome: Outcome = payment.status === "paid" || payment.status === "refunded" ? "paid" : payment.status === "failed" ? "failed" : "abandoned";
                      decide.mutate({ paymentId: payment.id, outcome });
                    }}
                  >
                    <Trans>Continue</Trans>
                  </Button>
                </Stack>
              </Alert>
            )}
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );

  function outcomeTitle(outcome: Outcome): string {
    if (outcome === "failed") return t`The payment failed`;
    if (outcome === "abandoned") return t`The payment was cancelled`;
    return t`The order could not be completed`;
  }

  function statusText(status: string): string {
    switch (status) {
      case "paid":
        return t`This payment has been made.`;
      case "refunded":
        return t`This payment has been made and refunded.`;
      case "failed":
        return t`This payment failed. No money was taken.`;
      case "abandoned":
        return t`This payment was cancelled. No money was taken.`;
      default:
        return status;
    }
  }
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? "lg" : "sm"} data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
}
