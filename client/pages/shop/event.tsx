import { Alert, Button, Container } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { EventPreview } from "../../components/EventPreview";
import { PageLoader } from "../../components/PageLoader";
import { AccessCodeForm, storedAccess } from "../../components/Shop/AccessCodeForm";
import { ShopPanel } from "../../components/Shop/ShopPanel";
import { WaitingRoomGate } from "../../components/WaitingRoom";
import { PublicLayout } from "../../layout/PublicLayout";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import NotFoundPage from "../not-found";
import { isOnSaleLabel } from "../../../shared/rules/event-status";

/**
 * The public event page (/event/{id}): the event, its dates and its shop. One date: its tickets
 * right here; several dates: each date links to its own page; a season sells season tickets here.
 */
export default function PublicEventPage({ params }: { params: { id: string } }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const eventId = params.id;
  const [access, setAccess] = useState(() => storedAccess(eventId));
  const q = useQuery(trpc.shop.event.queryOptions({ eventId, ...(access ? { access } : {}) }, { enabled: /^[0-9a-f-]{36}$/i.test(eventId) }));
  if (!/^[0-9a-f-]{36}$/i.test(eventId)) return <NotFoundPage />;
  if (q.isPending) return <PageLoader />;
  if (q.isError) {
    if (q.error.data?.code === "NOT_FOUND") return <NotFoundPage />;
    return (
      <PublicLayout>
        <Container py="xl">
          <Alert color="red">{describeError(i18n, q.error)}</Alert>
        </Container>
      </PublicLayout>
    );
  }
  const data = q.data;
  const upcoming = data.dates.filter((d) => !d.past);
  const isSeason = data.event.type === "SEASONAL";
  const shopScope = isSeason ? data.event.id : data.dates.length === 1 && upcoming.length === 1 ? upcoming[0]!.id : null;
  const onSale = isOnSaleLabel(data.status);

  return (
    <PublicLayout>
      <Container size="lg" py="xl">
        <EventPreview
          event={data.event}
          dates={data.dates}
          categories={data.categories}
          status={data.status}
          organiser={data.organiser}
          dateAction={
            !isSeason && data.dates.length > 1 && onSale && !data.locked
              ? (d) =>
                  upcoming.some((u) => u.id === d.id) ? (
                    <Button component={Link} href={`~/event-dates/${d.id}`} size="compact-xs" variant="light">
                      <Trans>Tickets</Trans>
                    </Button>
                  ) : null
              : undefined
          }
        >
          {data.locked && onSale ? (
            <AccessCodeForm eventId={eventId} onUnlocked={setAccess} />
          ) : data.season && !isSeason ? (
            <Alert color="violet" variant="light">
              <Trans>
                Part of the season <Link href={`~/event/${data.season.id}`}>{data.season.name}</Link>: season tickets include this event.
              </Trans>
            </Alert>
          ) : null}
          {!data.locked && onSale && shopScope && (
            <WaitingRoomGate scopeId={shopScope} access={access}>
              {(admission) => <ShopPanel scopeId={shopScope} access={access} admission={admission} />}
            </WaitingRoomGate>
          )}
          {!data.locked && onSale && !shopScope && !isSeason && upcoming.length > 1 && (
            <Alert color="blue" variant="light">
              <Trans>Choose a date above to see its tickets and seats.</Trans>
            </Alert>
          )}
        </EventPreview>
      </Container>
    </PublicLayout>
  );
}
