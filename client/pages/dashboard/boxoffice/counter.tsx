import { Alert, Anchor, Box, Button, Drawer, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import type { CounterPaymentMethod } from "../../../../shared/schemas/boxoffice";
import type { CartCredentials } from "../../../../shared/schemas/shop";
import { useCountdown } from "../../../components/Shop/CartSummary";
import { SHOP_STATUS_COLORS } from "../../../components/Shop/ShopPanel";
import { seatIndex, seatTotals } from "../../../components/Shop/model";
import { SeatingPlan, type SeatingPlanHandle, type SeatVisual } from "../../../components/SeatingPlan";
import { PageLoader } from "../../../components/PageLoader";
import { useSeatFeed } from "../../../hooks/use-seat-feed";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC, useTRPCClient } from "../../../lib/trpc";
import { CounterCartPanel } from "./counter-cart";
import { CategoryPanel } from "./counter-categories";
import { useCounterKeys } from "./counter-keys";
import { useCounterVoucher } from "./counter-voucher";
import { CounterHeader, SettingsDrawer, ShortcutLegend } from "./counter-parts";
import { type HoldOutcome, NO_BUYER, useCounterCart, useCounterSale, useLeftRefresh } from "./counter-state";
import { type CounterCart, type CounterCategory, type CounterScope, type ShiftDetail, printPdf, saleAmounts, saleTickets } from "./model";
import { type Buyer, PaymentPanel, SaleDone, type SalePhase } from "./payment";
import { useBoxOfficeRights } from "./settings";
import { OpenShiftForm, ShiftPanel, ZReportView } from "./shifts";

/** /dashboard/boxoffice/{scopeId}: the counter of one date. Without an open shift it asks for one first. */
export function CounterPage({ scopeId }: { scopeId: string }) {
  const trpc = useTRPC();
  const rights = useBoxOfficeRights();
  const scopeQ = useQuery(trpc.boxOffice.scope.queryOptions({ scopeId }));
  const shiftQ = useQuery(trpc.boxOffice.currentShift.queryOptions());
  if (!rights.counter) {
    return (
      <Alert color="yellow">
        <Trans>Your team account does not have the right to work the box office. Ask the organiser to grant it.</Trans>
      </Alert>
    );
  }
  if (scopeQ.isPending || shiftQ.isPending) return <PageLoader />;
  if (scopeQ.isError) return <CounterError error={scopeQ.error} />;
  if (shiftQ.isError) return <CounterError error={shiftQ.error} />;
  return <Counter scope={scopeQ.data} shift={shiftQ.data} />;
}

function CounterError({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <Stack>
      <Alert color="red">{describeError(i18n, error)}</Alert>
      <Anchor component={Link} href="/">
        <Trans>Choose another date</Trans>
      </Anchor>
    </Stack>
  );
}

function Counter({ scope, shift }: { scope: CounterScope; shift: ShiftDetail | null }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const rights = useBoxOfficeRights();
  const scopeId = scope.scopeId;
  const [cart, setCart, cartRef] = useCounterCart(scopeId);
  const cartQ = useQuery(trpc.boxOffice.cart.queryOptions(cart ? { cart } : skipToken));
  const cartData: CounterCart | undefined = cartQ.data?.state === "active" ? cartQ.data : undefined;
  const cartEnded = cart !== null && ((cartQ.data !== undefined && cartQ.data.state !== "active") || cartQ.isError);
  const feed = useSeatFeed(scopeId, scope.access, true);
  const index = useMemo(() => seatIndex(scope.layout), [scope.layout]);
  const totals = useMemo(() => seatTotals(index), [index]);

  const categories = scope.categories.filter((c) => c.visible);
  const [selected, setSelected] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [method, setMethod] = useState<CounterPaymentMethod>("cash");
  const [cash, setCash] = useState("");
  const [buyer, setBuyer] = useState<Buyer>(NO_BUYER);
  const [buyerOpen, setBuyerOpen] = useState(false);
  const [phase, setPhase] = useState<SalePhase>({ kind: "idle" });
  const [pending, setPending] = useState(0);
  const [drawer, setDrawer] = useState<null | "shift" | "settings" | "keys">(null);
  const [printed, setPrinted] = useState<string | null>(null);
  const [closedShift, setClosedShift] = useState<ShiftDetail | null>(null);
  const saleKey = useRef<string | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const cashRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLButtonElement>(null);
  const plan = useRef<SeatingPlanHandle>(null);

  useEffect(() => {
    if (cartEnded && phase.kind === "idle") setCart(null);
  }, [cartEnded, phase.kind, setCart]);

  useLeftRefresh(scopeId, feed.revision);

  // A voucher handed over: the sale's amounts with its discount (shared/rules/voucher.ts), as the server will charge them.
  const voucher = useCounterVoucher(cart === null || (cartData !== undefined && cartData.seats.length + cartData.items.length === 0));
  const amounts = saleAmounts(cartData, scope, voucher.applied);
  const voucherError = voucher.errorWith(amounts.voucherError);
  const voucherBlocked = voucher.applied !== null && voucherError !== null;
  const ownSeats = new Set((cartData?.seats ?? []).map((s) => s.key));
  const standingAreas = (scope.layout?.blocks ?? []).filter((b) => b.kind === "standing");
  const category: CounterCategory | undefined = categories[Math.min(selected, categories.length - 1)];
  const areasOf = (c: CounterCategory) => standingAreas.filter((a) => c.seatingCategoryId === null || a.categoryId === c.seatingCategoryId);
  const hasSeats = (c: CounterCategory) => scope.layout !== null && [...totals.keys()].some((cat) => c.seatingCategoryId === null || cat === c.seatingCategoryId);
  const categoryAreas = category ? areasOf(category) : [];
  const chosenArea = categoryAreas.find((a) => a.id === areaId) ?? categoryAreas[0] ?? null;
  const locked = phase.kind === "sending" || phase.kind === "unconfirmed";
  const busy = pending > 0;

  const refreshCart = () => queryClient.invalidateQueries({ queryKey: trpc.boxOffice.cart.pathKey() });
  /** The held cart as the server has it now (into the cache), so a sale right after a hold sells what is held. */
  const syncCart = async () => {
    const c = cartRef.current;
    if (c) await queryClient.fetchQuery({ ...trpc.boxOffice.cart.queryOptions({ cart: c }), staleTime: 0 }).catch(() => undefined);
  };
  const onError = (error: unknown) => {
    toast.error(describeError(i18n, error));
    void refreshCart();
  };
  const onOutcome = (result: HoldOutcome) => {
    if (result.status === "held") {
      if (result.cart.secret) setCart({ id: result.cart.id, secret: result.cart.secret });
      saleKey.current = null;
    } else if (result.status === "taken") {
      const labels = result.taken.map((k) => {
        const s = index.get(k);
        return s ? t`${s.blockName}, row ${s.rowLabel}, seat ${s.seatLabel}` : k;
      });
      toast.error(labels.length ? t`Just taken by someone else: ${labels.join("; ")}` : t`These seats were just taken. Please choose others.`);
    } else {
      toast.error(t`Not enough tickets are left.`);
    }
  };
  /** Holds and releases run one after another, each with the cart the previous one made. */
  const enqueue = (run: (cart: CartCredentials | null) => Promise<HoldOutcome | null>) => {
    setPending((n) => n + 1);
    chain.current = chain.current.then(async () => {
      try {
        const result = await run(cartRef.current);
        if (result) onOutcome(result);
        else saleKey.current = null;
      } catch (error) {
        onError(error);
      } finally {
        await syncCart();
        setPending((n) => n - 1);
      }
    });
  };
  const extend = useMutation(trpc.boxOffice.extend.mutationOptions({ onSuccess: () => void refreshCart(), onError }));

  /** Starts over: forgets the finished sale, or gives back what the open one holds. */
  const startNewSale = (release: boolean) => {
    const held = cartRef.current;
    if (release && held && phase.kind === "idle") enqueue(async (c) => (c ? (await client.boxOffice.release.mutate({ cart: c, seatKeys: [], counts: [], all: true }), null) : null));
    setCart(null);
    saleKey.current = null;
    setPhase({ kind: "idle" });
    setCash("");
    setBuyer(NO_BUYER);
    setBuyerOpen(false);
    voucher.clear();
    setMethod("cash");
    setQuantity(1);
    setPrinted(null);
    // The next sale starts with a category (digits, +/−, B) or a click on the plan.
    queueMicrotask(() => document.getElementById("counter-categories")?.focus());
  };
  const fresh = () => {
    if (phase.kind === "done") startNewSale(false);
  };

  const clickSeat = (key: string) => {
    if (locked) return;
    fresh();
    if (ownSeats.has(key) && phase.kind !== "done") {
      enqueue(async (c) => (c ? (await client.boxOffice.release.mutate({ cart: c, seatKeys: [key], counts: [], all: false }), null) : null));
      return;
    }
    if ((feed.seats.get(key)?.s ?? "FREE") !== "FREE") return;
    const info = index.get(key);
    const fits = (c: CounterCategory) => c.status === "available" && (c.seatingCategoryId === null || c.seatingCategoryId === (info?.categoryId ?? null));
    const ticket = category && fits(category) ? category : categories.find(fits);
    if (!ticket) {
      toast.error(t`No ticket for this seat can be sold at the moment.`);
      return;
    }
    enqueue((c) => client.boxOffice.hold.mutate({ scopeId, cart: c, seats: [{ key, ticketCategoryId: ticket.id }], counts: [] }));
  };

  /** B: best available seats of the chosen category, or the quantity in its standing area / without a plan. */
  const addChosen = (mode: "best" | "count" = category && hasSeats(category) ? "best" : "count") => {
    if (!category || locked) return;
    fresh();
    const c = category;
    if (mode === "best") enqueue((cr) => client.boxOffice.holdBest.mutate({ scopeId, cart: cr, ticketCategoryId: c.id, quantity }));
    else {
      const area = scope.layout ? (chosenArea?.id ?? null) : null;
      enqueue((cr) => client.boxOffice.hold.mutate({ scopeId, cart: cr, seats: [], counts: [{ ticketCategoryId: c.id, areaId: area, quantity }] }));
    }
  };

  const print = (url: string) => {
    setPrinted(null);
    // After the dialog, the cashier goes on with "New sale".
    void printPdf(url, () => newRef.current?.focus()).then((type) => setPrinted(type ? `${url} ${type}` : url));
  };

  const saleVoucher = { terms: voucher.applied, error: voucherBlocked ? voucherError : null, refused: voucher.refused };
  const complete = useCounterSale({ scope, shift, phase, setPhase, method, cash, buyer, voucher: saleVoucher, chain, cartRef, setCart, saleKey, cashRef, newRef, print, refreshCart });

  const chooseMethod = (m: CounterPaymentMethod) => {
    if (locked || phase.kind === "done") return;
    setMethod(m);
    if (m === "cash") setTimeout(() => cashRef.current?.focus(), 0);
  };

  const abandonUnconfirmed = () =>
    modals.openConfirmModal({
      title: t`Start over without the answer?`,
      children: (
        <Text size="sm">
          <Trans>The sale may have gone through. Check the shift's sales before selling these seats again.</Trans>
        </Text>
      ),
      labels: { confirm: t`Start over`, cancel: t`Back` },
      onConfirm: () => {
        setPhase({ kind: "idle" });
        startNewSale(false);
      },
    });

  useCounterKeys({ drawer, phase, categories, cartData, complete, print, startNewSale, chooseMethod, addChosen, setSelected, setAreaId, setQuantity, setDrawer });

  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: scope.timeZone });
  const countdown = useCountdown(cartData ? cartData.expiresAt : null, () => {
    if (phase.kind !== "idle") return;
    toast.error(t`The held seats have expired. Please choose them again.`);
    setCart(null);
  });

  if (!shift) {
    return (
      <Stack>
        <CounterHeader scope={scope} when={scope.startsAt ? when.format(scope.startsAt) : ""} onShift={null} onSettings={rights.setup ? () => setDrawer("settings") : null} onKeys={() => setDrawer("keys")} />
        {closedShift && (
          <Paper withBorder p="md" data-testid="closed-shift">
            <Title order={2} size="h4" mb="xs">
              <Trans>Shift closed: Z-report</Trans>
            </Title>
            <ZReportView report={closedShift.report} shiftId={closedShift.id} />
          </Paper>
        )}
        <OpenShiftForm />
        <SettingsDrawer opened={drawer === "settings"} onClose={() => setDrawer(null)} eventId={scope.eventId} />
      </Stack>
    );
  }

  const cartList = (
    <CounterCartPanel
      scope={scope}
      cartData={cartData}
      countdown={countdown}
      amounts={amounts}
      voucher={voucher}
      voucherError={voucherError}
      onApplyVoucher={() => void voucher.check(cartRef.current, cartData ? saleTickets(cartData, scope).tickets : [])}
      index={index}
      standingAreas={standingAreas}
      busy={busy}
      locked={locked}
      onExtend={() => cart && extend.mutate({ cart })}
      onRemoveSeat={clickSeat}
      onRemoveItem={(item) => enqueue(async (c) => (c ? (await client.boxOffice.release.mutate({ cart: c, seatKeys: [], counts: [{ ticketCategoryId: item.ticketCategoryId, areaId: item.areaId, quantity: item.quantity }], all: false }), null) : null))}
    />
  );

  const categoryPanel = (
    <CategoryPanel
      scope={scope}
      categories={categories}
      category={category}
      categoryAreas={categoryAreas}
      chosenArea={chosenArea}
      quantity={quantity}
      setQuantity={setQuantity}
      setSelected={setSelected}
      setAreaId={setAreaId}
      hasSeats={hasSeats}
      addChosen={addChosen}
      busy={busy}
      locked={locked}
    />
  );


  const saleSide =
    phase.kind === "done" ? (
      <SaleDone result={phase.result} onPrint={() => print(phase.result.ticketsPdfUrl)} onNew={() => startNewSale(false)} newRef={newRef} />
    ) : (
      <>
        <PaymentPanel
          totalCents={amounts.totalCents}
          method={method}
          onMethod={chooseMethod}
          cash={cash}
          onCash={setCash}
          cashRef={cashRef}
          buyer={buyer}
          onBuyer={setBuyer}
          buyerOpen={buyerOpen}
          onBuyerOpen={setBuyerOpen}
          phase={phase}
          canSell={amounts.tickets > 0 && !busy && !voucherBlocked}
          onComplete={() => void complete()}
        />
        {phase.kind === "unconfirmed" && (
          <Button variant="subtle" color="gray" onClick={abandonUnconfirmed}>
            <Trans>Start over without the answer</Trans>
          </Button>
        )}
      </>
    );

  return (
    <Stack gap="sm" data-testid="counter" data-printed={printed ?? undefined} data-phase={phase.kind}>
      <CounterHeader
        scope={scope}
        when={scope.startsAt ? when.format(scope.startsAt) : ""}
        onShift={() => setDrawer("shift")}
        onSettings={rights.setup ? () => setDrawer("settings") : null}
        onKeys={() => setDrawer("keys")}
      />
      <ShortcutLegend />
      <Grid gap="sm" columns={24}>
        <Grid.Col span={{ base: 24, md: 14, lg: 10 }}>
          {scope.layout ? (
            <Paper withBorder p="xs">
              <Box data-testid="seat-map" data-feed-ready={feed.ready ? "true" : "false"}>
                <SeatingPlan
                  layout={scope.layout}
                  label={t`Seating plan of ${scope.eventName}`}
                  height="max(420px, calc(100vh - 300px))"
                  statusColors={SHOP_STATUS_COLORS}
                  seatState={(key): SeatVisual | undefined => {
                    if (ownSeats.has(key)) return { selected: true };
                    const s = feed.seats.get(key);
                    return s && s.s !== "FREE" ? { status: s.s } : undefined;
                  }}
                  describeSeat={(seat, text) => {
                    if (ownSeats.has(seat.key)) return t`${text}, in this sale`;
                    const s = feed.seats.get(seat.key)?.s ?? "FREE";
                    return `${text}, ${s === "FREE" ? t`available` : s === "SOLD" ? t`sold` : s === "PAYMENT_PENDING" ? t`reserved` : t`not for sale`}`;
                  }}
                  onSeatClick={(seat) => clickSeat(seat.key)}
                  ref={plan}
                  onBlockClick={(blockId) => {
                    if (!blockId) return;
                    const i = categories.findIndex((c) => areasOf(c).some((a) => a.id === blockId));
                    if (i >= 0) {
                      // A standing area: its category and area, ready for a quantity (B).
                      setSelected(i);
                      setAreaId(blockId);
                    } else if (scope.layout?.blocks.some((b) => b.id === blockId && b.kind === "seated")) {
                      // A seated block: close enough to click its seats.
                      plan.current?.zoomToBlock(blockId);
                    }
                  }}
                />
              </Box>
            </Paper>
          ) : (
            categoryPanel
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 10, lg: 7 }}>
          <Stack gap="sm">
            {scope.layout && categoryPanel}
            {phase.kind !== "done" && cartList}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 10, lg: 7 }} offset={{ base: 0, md: 14, lg: 0 }}>
          <Stack gap="sm">{saleSide}</Stack>
        </Grid.Col>
      </Grid>
      <Drawer opened={drawer === "shift"} onClose={() => setDrawer(null)} title={t`My shift`} position="right" size="xl">
        <ShiftPanel
          shift={shift}
          onClosed={(closed) => {
            setDrawer(null);
            setClosedShift(closed);
          }}
        />
      </Drawer>
      <SettingsDrawer opened={drawer === "settings"} onClose={() => setDrawer(null)} eventId={scope.eventId} />
      <Drawer opened={drawer === "keys"} onClose={() => setDrawer(null)} title={t`Keyboard shortcuts`} position="right">
        <ShortcutLegend full />
      </Drawer>
    </Stack>
  );
}
