import { Alert, Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { AccessCodeForm, storedAccess } from "../../components/Shop/AccessCodeForm";
import { ShopPanel } from "../../components/Shop/ShopPanel";
import { WaitingRoomGate } from "../../components/WaitingRoom";
import { PublicLayout } from "../../layout/PublicLayout";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import NotFoundPage from "../not-found";

/** /event-dates/{id}: the tickets and seats of one date of an event. */
export default function EventDatePage({ params }: { params: { id: string } }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const valid = /^[0-9a-f-]{36}$/i.test(params.id);
  const [access, setAccess] = useState<string | undefined>(undefined);
  const scopeQ = useQuery({ ...trpc.shop.scope.queryOptions({ scopeId: params.id, ...(access ? { access } : {}) }), enabled: valid });
  const eventId = scopeQ.data?.eventId;
  const stored = eventId ? storedAccess(eventId) : undefined;
  if (stored && stored !== access) setAccess(stored);
  if (!valid) return <NotFoundPage />;
  if (scopeQ.isPending) return <PageLoader />;
  if (scopeQ.isError) {
    if (scopeQ.error.data?.code === "NOT_FOUND") return <NotFoundPage />;
    return (
      <PublicLayout>
        <Container py="xl">
          <Alert color="red">{describeError(i18n, scopeQ.error)}</Alert>
        </Container>
      </PublicLayout>
    );
  }
  const scope = scopeQ.data;
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: scope.timeZone });
  const when = scope.startsAt ? format.format(scope.startsAt) : "";
  return (
    <PublicLayout>
      <Container size="lg" py="xl">
        <Stack>
          <Stack gap={2}>
            <Anchor component={Link} href={`~/event/${scope.eventId}`} size="sm">
              {t`Back to the event`}
            </Anchor>
            <Title order={1}>{scope.eventName}</Title>
            <Text c="dimmed">{when}</Text>
          </Stack>
          {scope.status === "canceled" && (
            <Alert color="red" title={t`This event has been cancelled`}>
              <Trans>No tickets are sold any more. Buyers of tickets were informed by email.</Trans>
            </Alert>
          )}
          {scope.status === "expired" && (
            <Alert color="gray" title={t`This event is over`}>
              <Trans>All dates of this event have passed.</Trans>
            </Alert>
          )}
          {scope.locked ? (
            <AccessCodeForm eventId={scope.eventId} onUnlocked={setAccess} />
          ) : (
            <WaitingRoomGate scopeId={scope.scopeId} access={access}>
              {(admission) => <ShopPanel scopeId={scope.scopeId} access={access} admission={admission} />}
            </WaitingRoomGate>
          )}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
