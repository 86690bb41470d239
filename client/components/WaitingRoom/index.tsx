import { Alert, Button, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { WaitingRoomStatus } from "../../../shared/schemas/waiting-room";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { savePlace, storedPlace } from "../../lib/waiting-room-store";
import { WaitingPage } from "./WaitingPage";

/** While let in, the place is checked again at most this often (its admission may run out). */
const ADMITTED_RECHECK_MS = 60_000;

/**
 * The on-sale waiting room in front of an event's shop (decision 033): while the event's room is
 * on, the buyer joins the queue (or comes back to its place: the token is kept per event) and
 * sees its place, the people ahead and the estimated wait, updated by itself, until it is let in;
 * then the shop (`children`, given the admission its holds carry). With the room off, the shop.
 */
export function WaitingRoomGate({ scopeId, access, children }: { scopeId: string; access?: string | undefined; children: (admission: string | undefined) => ReactNode }) {
  const trpc = useTRPC();
  const scopeQ = useQuery(trpc.shop.scope.queryOptions({ scopeId, ...(access ? { access } : {}) }));
  const scope = scopeQ.data;
  // Loading, errors, locked or not on sale: the shop panel says so itself.
  if (!scope || !scope.waitingRoom || !scope.onSale || scope.locked) return children(undefined);
  return (
    <Queue eventId={scope.eventId} eventName={scope.eventName}>
      {children}
    </Queue>
  );
}

function Queue({ eventId, eventName, children }: { eventId: string; eventName: string; children: (admission: string | undefined) => ReactNode }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState(() => storedPlace(eventId));
  // The token this page's join confirmed (a stored one may have run out: the join says so).
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [off, setOff] = useState(false);
  const join = useMutation(
    trpc.waitingRoom.join.mutationOptions({
      onSuccess: (res) => {
        if (!res.token) {
          setOff(true);
          return;
        }
        const next = { token: res.token, firstWait: res.token === place?.token ? place.firstWait : null };
        queryClient.setQueryData(trpc.waitingRoom.status.queryKey({ eventId, token: res.token }), res.status);
        savePlace(eventId, next);
        setPlace(next);
        setConfirmed(res.token);
      },
    }),
  );
  const joinNow = () => join.mutate({ eventId, token: storedPlace(eventId)?.token ?? null });
  // Once per page (StrictMode runs effects twice): the place is (re)confirmed by joining.
  const joined = useRef(false);
  useEffect(() => {
    if (joined.current) return;
    joined.current = true;
    joinNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- joins once; later joins are explicit
  }, []);

  const statusQ = useQuery({
    ...trpc.waitingRoom.status.queryOptions(confirmed ? { eventId, token: confirmed } : skipToken),
    staleTime: 1000,
    refetchIntervalInBackground: true,
    refetchInterval: (q) => intervalOf(q.state.data),
  });
  const status = statusQ.data;

  // A place whose time ran out (or that the server does not know) queues again at the end.
  const lost = status?.state === "expired" || status?.state === "unknown";
  useEffect(() => {
    if (!lost || join.isPending) return;
    setConfirmed(null);
    joinNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to losing the place only
  }, [lost]);

  // The progress bar runs from the wait estimated when the place was first seen.
  useEffect(() => {
    if (status?.state !== "waiting" || !place || (place.firstWait ?? null) !== null) return;
    const next = { ...place, firstWait: status.waitSeconds };
    savePlace(eventId, next);
    setPlace(next);
  }, [status, place, eventId]);

  if (off || status?.state === "off") return children(undefined);
  if (status?.state === "admitted") {
    const until = new Intl.DateTimeFormat(i18n.locale, { timeStyle: "short" }).format(status.expiresAt);
    return (
      <>
        <Alert color="green" variant="light" mb="md" title={t`It's your turn`} data-testid="waiting-room-admitted">
          <Trans>You can choose your tickets until {until}. After that you would have to queue again.</Trans>
        </Alert>
        {children(confirmed ?? undefined)}
      </>
    );
  }
  if (join.isError && !status) {
    return (
      <Alert color="red" title={t`The queue could not be joined`}>
        <Text size="sm" mb="sm">
          {describeError(i18n, join.error)}
        </Text>
        <Button size="xs" variant="light" onClick={joinNow} loading={join.isPending}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  return <WaitingPage eventName={eventName} status={status?.state === "waiting" ? status : null} firstWait={place?.firstWait ?? null} />;
}

/** Waiting: as the server suggests; let in: now and then (the admission runs out); otherwise never. */
function intervalOf(status: WaitingRoomStatus | undefined): number | false {
  if (status?.state === "waiting") return status.pollMs;
  if (status?.state === "admitted") return Math.max(1000, Math.min(ADMITTED_RECHECK_MS, status.expiresAt.getTime() - Date.now() + 1000));
  return false;
}
