import { Alert, Button, Container, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { ShopScopeData } from "../../components/Shop/model";
import { PublicLayout } from "../../layout/PublicLayout";

/** Where the buyer's way back to the event leads, remembered per order for a cancelled payment. */
export const BACK_KEY = (orderId: string) => `checkout-back:${orderId}`;

/** The event page of a shop scope: a date's own page, or the season's event page. */
export function backPathOf(scope: Pick<ShopScopeData, "kind" | "eventId" | "scopeId">): string {
  return scope.kind === "season" ? `/event/${scope.eventId}` : `/event-dates/${scope.scopeId}`;
}

export function Shell({ children, size = "lg" }: { children: ReactNode; size?: string }) {
  return (
    <PublicLayout>
      <Container size={size} py="xl">
        {children}
      </Container>
    </PublicLayout>
  );
}

/** A message instead of the checkout, with the way back to the event. */
export function Notice({ title, children, backPath, color = "orange" }: { title: string; children?: ReactNode; backPath: string; color?: string }) {
  return (
    <Shell size="sm">
      <Alert color={color} title={title} data-testid="checkout-notice">
        <Stack gap="sm" align="flex-start">
          {children && <Text size="sm">{children}</Text>}
          <Button component={Link} href={backPath} variant="light">
            {backPath === "/" ? <Trans>Back to the start page</Trans> : <Trans>Back to the event</Trans>}
          </Button>
        </Stack>
      </Alert>
    </Shell>
  );
}
