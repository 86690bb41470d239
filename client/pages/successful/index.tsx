import { Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { forgetCart } from "../../lib/cart-store";
import { useTRPC } from "../../lib/trpc";
import { PublicLayout } from "../../layout/PublicLayout";
import { usePreloading } from "../../layout/RootLayout";

/** Seconds until the buyer is taken back to the event (SPEC §2 "redirect countdown"). */
const REDIRECT_SECONDS = 10;
/** How often an order whose payment is not confirmed yet is asked again. */
const POLL_MS = 2000;

/** Only an order view of this site: `/event-dates/{id}/tickets-view?…` or `/event/{id}/tickets-view?…`. */
const ORDER_VIEW = /^\/(event|event-dates)\/([0-9a-f-]{36})\/tickets-view\?[A-Za-z0-9=&_%.-]*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /successful?order=ID&next=PATH: after the checkout. Reads the order through its order view's
 * link and says what is true (issue 24 item 5): a paid order "payment successful", a free one
 * "order complete", one still being confirmed so, a failed one that it failed; without an order
 * nothing is claimed. A completed order forgets the reservation and counts down back to the
 * event, from when the start splash is gone.
 */
export default function SuccessfulPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const params = new URLSearchParams(useSearch());
  const next = params.get("next") ?? "";
  const match = ORDER_VIEW.exec(next);
  const orderView = match ? next : null;
  const eventPath = match ? `/${match[1]}/${match[2]}` : "/";
  // The scope of the order: the date (event-dates) or the season (its event id is its scope id).
  const scopeId = match?.[2] ?? null;
  const link = new URLSearchParams(orderView?.split("?")[1] ?? "");
  const orderId = link.get("order") ?? "";
  const key = link.get("key") ?? "";
  const known = UUID.test(orderId) && key.length > 0 && key.length <= 100;
  const order = useQuery(
    trpc.orders.view.queryOptions(
      { orderId, key },
      { enabled: known, retry: false, refetchInterval: (query) => (query.state.data?.status === "pending" ? POLL_MS : false) },
    ),
  );
  const complete = order.data?.status === "valid";

  useEffect(() => {
    if (scopeId && complete) forgetCart(scopeId);
  }, [scopeId, complete]);

  if (known && order.isPending) {
    return (
      <Frame>
        <Loader aria-label={t`Loading`} />
      </Frame>
    );
  }
  if (!known || order.isError) {
    return (
      <Frame>
        <Title order={1} size="h2">
          <Trans>No order to show</Trans>
        </Title>
        <Text>
          <Trans>This page confirms an order after the checkout. If you placed one, the confirmation email has the link to your tickets.</Trans>
        </Text>
        <Button component={Link} href="/" variant="default">
          <Trans>Back to the start page</Trans>
        </Button>
      </Frame>
    );
  }
  const data = order.data!;
  if (data.status === "pending") {
    return (
      <Frame>
        <Loader aria-hidden />
        <Title order={1} size="h2">
          <Trans>Your payment is being confirmed</Trans>
        </Title>
        <Text role="status">
          <Trans>This usually takes only a few seconds. This page updates by itself.</Trans>
        </Text>
      </Frame>
    );
  }
  if (!complete) {
    return (
      <Frame>
        <Title order={1} size="h2">
          <Trans>The order was not completed</Trans>
        </Title>
        <Text>
          <Trans>The payment did not go through or the order was cancelled.</Trans>
        </Text>
        <Group justify="center">
          {orderView && (
            <Button component={Link} href={orderView} variant="light">
              <Trans>View the order</Trans>
            </Button>
          )}
          <Button component={Link} href={eventPath} variant="default">
            <Trans>Back to the event</Trans>
          </Button>
        </Group>
      </Frame>
    );
  }
  const free = data.amounts.totalCents === 0;
  return (
    <Frame>
      <ThemeIcon size={56} radius="xl" color="green" aria-hidden>
        ✓
      </ThemeIcon>
      <Title order={1} size="h2">
        {free ? <Trans>Thank you! Your order is complete</Trans> : <Trans>Thank you! Payment successful</Trans>}
      </Title>
      <Text>
        <Trans>Your order is complete. The confirmation and your tickets are on their way to your email address.</Trans>
      </Text>
      <Countdown to={eventPath} />
      <Group justify="center">
        {orderView && (
          <Button component={Link} href={orderView} data-testid="view-tickets">
            <Trans>View your tickets</Trans>
          </Button>
        )}
        <Button component={Link} href={eventPath} variant="default">
          {eventPath === "/" ? <Trans>Back to the start page</Trans> : <Trans>Back to the event</Trans>}
        </Button>
      </Group>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            {children}
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}

/** Counts down to `to` and goes there; starts once the start splash is gone. */
function Countdown({ to }: { to: string }) {
  const [, navigate] = useLocation();
  const preloading = usePreloading();
  const [left, setLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (preloading) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [preloading]);

  useEffect(() => {
    if (left === 0) navigate(to);
  }, [left, to, navigate]);

  return (
    <Text c="dimmed" size="sm" role="timer" aria-live="polite" data-testid="successful-countdown">
      {to === "/" ? (
        <Plural value={left} one="You will be taken to the start page in # second." other="You will be taken to the start page in # seconds." />
      ) : (
        <Plural value={left} one="You will be taken back to the event in # second." other="You will be taken back to the event in # seconds." />
      )}
    </Text>
  );
}
