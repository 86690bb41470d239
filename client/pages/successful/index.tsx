import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { forgetCart } from "../../lib/cart-store";
import { PublicLayout } from "../../layout/PublicLayout";

/** Seconds until the buyer is taken back to the event (SPEC §2 "redirect countdown"). */
const REDIRECT_SECONDS = 10;

/** Only an order view of this site: `/event-dates/{id}/tickets-view?…` or `/event/{id}/tickets-view?…`. */
const ORDER_VIEW = /^\/(event|event-dates)\/([0-9a-f-]{36})\/tickets-view\?[A-Za-z0-9=&_%.-]*$/i;

/**
 * /successful?order=ID&next=PATH: the payment went through. Thanks the buyer, forgets the
 * finished reservation, and counts down back to the event; "View your tickets" opens the order.
 */
export default function SuccessfulPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const next = params.get("next") ?? "";
  const match = ORDER_VIEW.exec(next);
  const orderView = match ? next : null;
  const eventPath = match ? `/${match[1]}/${match[2]}` : "/";
  // The scope of the order: the date (event-dates) or the season (its event id is its scope id).
  const scopeId = match?.[2] ?? null;
  const [left, setLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (scopeId) forgetCart(scopeId);
  }, [scopeId]);

  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) navigate(eventPath);
  }, [left, eventPath, navigate]);

  return (
    <PublicLayout>
      <Container size="xs" py={60}>
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="green" aria-hidden>
              ✓
            </ThemeIcon>
            <Title order={1} size="h2">
              <Trans>Thank you! Payment successful</Trans>
            </Title>
            <Text>
              <Trans>Your order is complete. The confirmation and your tickets are on their way to your email address.</Trans>
            </Text>
            <Text c="dimmed" size="sm" role="timer" aria-live="polite" data-testid="successful-countdown">
              {eventPath === "/" ? (
                <Trans>You will be taken to the start page in {left} seconds.</Trans>
              ) : (
                <Trans>You will be taken back to the event in {left} seconds.</Trans>
              )}
            </Text>
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
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
