import { Alert, Anchor, Box, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import type { SeatStatus } from "../../../shared/enums";
import { isCancelled } from "../../../shared/rules/event-status";
import { PageLoader } from "../../components/PageLoader";
import { SeatingPlan, type SeatingPlanHandle, type SeatVisual } from "../../components/SeatingPlan";
import { seatIndex } from "../../components/Shop/model";
import { useSeatFeed } from "../../hooks/use-seat-feed";
import { describeCode, describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { printPdf } from "../dashboard/boxoffice/model";
import { useOrderDates } from "../dashboard/orders/labels";
import {
  type Buyer,
  categoriesForSeat,
  EMPTY_SELECTION,
  isSellableSeat,
  leftOf,
  looksLikeEmail,
  NO_BUYER,
  placeKey,
  type ResellerAllocation,
  type ResellerSaleMethod,
  saleTickets,
  saleTotalCents,
  type Selection,
} from "./model";
import { PaymentForm, SaleResultPanel, SelectionPanel } from "./sell-parts";
import { useAllocationRefresh, useResellerSale } from "./sell-state";

/** Seats that are not the reseller's to sell: light grey; sold ones a little darker. */
const OTHER_SEAT_COLORS: Record<Exclude<SeatStatus, "FREE">, string> = {
  SOLD: "#adb5bd",
  SEASON_SOLD: "#adb5bd",
  PAYMENT_PENDING: "#e9ecef",
  BLOCKED: "#e9ecef",
  SEASON_BLOCKED: "#e9ecef",
};

/** /reseller-dash/sell/{allocationId}: selling from one allocation. */
export function SellPage({ allocationId }: { allocationId: string }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const allocation = useQuery(trpc.resellers.allocation.queryOptions({ allocationId }));
  if (allocation.isPending) return <PageLoader />;
  if (allocation.isError) {
    return (
      <Stack>
        <Alert color="red">{describeError(i18n, allocation.error)}</Alert>
        <BackLink />
      </Stack>
    );
  }
  return <SellScreen allocation={allocation.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} href="/" size="sm">
      <Trans>All allocations</Trans>
    </Anchor>
  );
}

/** Why nothing can be sold from this allocation now, or null. */
function notSellable(a: ResellerAllocation): "ALLOCATION_RETURNED" | "EVENT_CANCELLED" | "EVENT_NOT_ON_SALE" | null {
  if (a.returned) return "ALLOCATION_RETURNED";
  if (isCancelled(a.eventStatus)) return "EVENT_CANCELLED";
  if (a.eventStatus !== "published" || a.endsAt.getTime() <= Date.now()) return "EVENT_NOT_ON_SALE";
  return null;
}

function SellScreen({ allocation }: { allocation: ResellerAllocation }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const blocked = notSellable(allocation);
  const feed = useSeatFeed(allocation.scopeId, allocation.access, blocked === null);
  useAllocationRefresh(allocation.id, feed.revision);
  const index = useMemo(() => seatIndex(allocation.layout), [allocation.layout]);
  const allocated = useMemo(() => new Set(allocation.seatKeys), [allocation.seatKeys]);
  const plan = useRef<SeatingPlanHandle>(null);

  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [method, setMethod] = useState<ResellerSaleMethod>("cash");
  const [buyer, setBuyer] = useState<Buyer>(NO_BUYER);
  const [emailError, setEmailError] = useState<string | null>(null);
  const sale = useResellerSale(() => setSelection(EMPTY_SELECTION));
  const { phase } = sale;
  const locked = phase.kind === "sending" || phase.kind === "unconfirmed";

  // Seats sold on another device (or given back by the organiser) and places no longer there leave the selection.
  const pruned = (() => {
    const seats = new Map([...selection.seats].filter(([key]) => isSellableSeat(key, allocated, feed)));
    const left = new Map(allocation.placesLeft.map((p) => [placeKey(p.tc, p.area), p.quantity]));
    const counts = new Map([...selection.counts].map(([k, n]) => [k, Math.min(n, left.get(k) ?? 0)] as const).filter(([, n]) => n > 0));
    const sum = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    return seats.size === selection.seats.size && sum(counts) === sum(selection.counts) ? null : { seats, counts };
  })();
  useEffect(() => {
    if (!pruned || phase.kind !== "idle") return;
    setSelection(pruned);
    toast.error(t`Some of the chosen seats or places were sold meanwhile and have been removed from this sale.`);
  }, [pruned, phase.kind, t]);

  const { tickets, incomplete, categories } = saleTickets(allocation, selection, index);
  const totalCents = saleTotalCents(categories, allocation.vatRateBp);

  /** Starts the next sale once the last one is done (a click on the plan or a quantity does it too). */
  const fresh = () => {
    if (phase.kind !== "done") return;
    sale.reset();
    setBuyer(NO_BUYER);
    setEmailError(null);
    setMethod("cash");
  };

  const clickSeat = (key: string) => {
    if (locked || blocked) return;
    fresh();
    if (selection.seats.has(key)) {
      setSelection((s) => ({ ...s, seats: new Map([...s.seats].filter(([k]) => k !== key)) }));
      return;
    }
    if (!isSellableSeat(key, allocated, feed)) {
      toast.error(allocated.has(key) ? t`This seat is no longer in your allocation.` : t`Only the seats of your allocation can be sold here.`);
      return;
    }
    const fits = categoriesForSeat(allocation.categories, index.get(key)?.categoryId ?? null);
    if (fits.length === 0) {
      toast.error(t`None of your ticket categories fits this seat.`);
      return;
    }
    setSelection((s) => ({ ...s, seats: new Map([...s.seats, [key, fits[0]!.id]]) }));
  };

  const sell = () =>
    void sale.sell((idempotencyKey) => {
      if (tickets.length === 0) {
        toast.error(t`Choose seats or tickets first.`);
        return null;
      }
      if (incomplete) {
        toast.error(t`A ticket for several persons needs all its seats. Choose the missing seats.`);
        return null;
      }
      const email = buyer.email.trim();
      if (email && !looksLikeEmail(email)) {
        setEmailError(t`Please enter a valid email address.`);
        return null;
      }
      setEmailError(null);
      const named = { firstName: buyer.firstName.trim(), lastName: buyer.lastName.trim(), email };
      return {
        allocationId: allocation.id,
        idempotencyKey,
        tickets,
        paymentMethod: totalCents === 0 ? "free_of_charge" : method,
        ...(named.firstName || named.lastName || named.email ? { buyer: named } : {}),
        locale: i18n.locale.startsWith("de") ? "de" : "en",
      };
    });

  const startOver = () =>
    modals.openConfirmModal({
      title: t`Start over without the answer?`,
      closeButtonProps: { "aria-label": t`Close` },
      children: (
        <Text size="sm">
          <Trans>The sale may have gone through. Check your orders before selling these seats again.</Trans>
        </Text>
      ),
      labels: { confirm: t`Start over`, cancel: t`Back` },
      onConfirm: () => {
        sale.reset();
        setSelection(EMPTY_SELECTION);
      },
    });

  const eventName = allocation.eventName;
  const returnAt = dates.dateTime(allocation.returnAt, allocation.timeZone);
  const header = (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={0}>
        <Title order={1} size="h3">
          <Trans>Sell tickets: {eventName}</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          {new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: allocation.timeZone }).format(allocation.startsAt)}
        </Text>
        {!allocation.returned && (
          <Text size="xs" c="dimmed">
            <Trans>Unsold places go back to public sale on {returnAt}.</Trans>
          </Text>
        )}
      </Stack>
      <BackLink />
    </Group>
  );

  if (blocked) {
    return (
      <Stack data-testid="reseller-sell">
        {header}
        <Alert color={blocked === "ALLOCATION_RETURNED" ? "gray" : "yellow"} data-testid="not-sellable">
          {describeCode(i18n, blocked)}
        </Alert>
      </Stack>
    );
  }

  const selectionPanel = (
    <SelectionPanel
      allocation={allocation}
      selection={selection}
      index={index}
      tickets={tickets.length}
      totalCents={totalCents}
      incomplete={incomplete}
      locked={locked || phase.kind === "done"}
      onRemoveSeat={clickSeat}
      onSeatCategory={(key, tc) => setSelection((s) => ({ ...s, seats: new Map([...s.seats].map(([k, v]) => [k, k === key ? tc : v])) }))}
      onCount={(tc, area, n) => {
        fresh();
        setSelection((s) => ({ ...s, counts: new Map([...s.counts, [placeKey(tc, area), n]]) }));
      }}
      onClear={() => setSelection(EMPTY_SELECTION)}
    />
  );

  const side =
    phase.kind === "done" ? (
      <SaleResultPanel phase={phase} onPrint={() => void printPdf(phase.result.ticketsPdfUrl)} onNext={fresh} />
    ) : (
      <>
        {selectionPanel}
        <PaymentForm
          totalCents={totalCents}
          method={method}
          onMethod={setMethod}
          buyer={buyer}
          onBuyer={(b) => {
            setBuyer(b);
            if (emailError) setEmailError(null);
          }}
          emailError={emailError}
          phase={phase}
          error={sale.error}
          canSell={tickets.length > 0 && !incomplete}
          onSell={sell}
          onStartOver={startOver}
        />
      </>
    );

  const nothingLeft = leftOf(allocation) === 0 && phase.kind !== "done";
  return (
    <Stack gap="sm" data-testid="reseller-sell" data-phase={phase.kind}>
      {header}
      {nothingLeft && (
        <Alert color="blue" data-testid="nothing-left">
          <Trans>Everything in this allocation has been sold.</Trans>
        </Alert>
      )}
      {allocation.layout ? (
        <Grid gap="sm" columns={24}>
          <Grid.Col span={{ base: 24, md: 14 }}>
            <Paper withBorder p="xs">
              <Box data-testid="seat-map" data-feed-ready={feed.ready ? "true" : "false"}>
                <SeatingPlan
                  layout={allocation.layout}
                  label={t`Seating plan of ${eventName}`}
                  height="max(420px, calc(100vh - 300px))"
                  statusColors={OTHER_SEAT_COLORS}
                  seatState={(key): SeatVisual | undefined => {
                    if (selection.seats.has(key)) return { selected: true };
                    if (isSellableSeat(key, allocated, feed)) return undefined;
                    const s = feed.seats.get(key)?.s ?? "FREE";
                    return { status: s === "FREE" ? "BLOCKED" : s };
                  }}
                  describeSeat={(seat, text) => {
                    if (selection.seats.has(seat.key)) return t`${text}, in this sale`;
                    return isSellableSeat(seat.key, allocated, feed) ? t`${text}, in your allocation` : t`${text}, not in your allocation`;
                  }}
                  onSeatClick={(seat) => clickSeat(seat.key)}
                  onBlockClick={(blockId) => {
                    if (blockId && allocation.layout?.blocks.some((b) => b.id === blockId && b.kind === "seated")) plan.current?.zoomToBlock(blockId);
                  }}
                  ref={plan}
                />
              </Box>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 24, md: 10 }}>
            <Stack gap="sm">{side}</Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <Box maw={560}>
          <Stack gap="sm">{side}</Stack>
        </Box>
      )}
    </Stack>
  );
}
