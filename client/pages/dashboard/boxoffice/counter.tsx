import { ActionIcon, Alert, Anchor, Badge, Box, Button, Drawer, Grid, Group, Kbd, NumberInput, Paper, Select, Stack, Text, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { formatCents } from "../../../../shared/rules/money";
import type { CounterPaymentMethod, SellInput } from "../../../../shared/schemas/boxoffice";
import type { CartCredentials } from "../../../../shared/schemas/shop";
import { useCountdown } from "../../../components/Shop/CartSummary";
import { SHOP_STATUS_COLORS } from "../../../components/Shop/ShopPanel";
import { seatIndex, seatTotals } from "../../../components/Shop/model";
import { SeatingPlan, type SeatingPlanHandle, type SeatVisual } from "../../../components/SeatingPlan";
import { PageLoader } from "../../../components/PageLoader";
import { useSeatFeed } from "../../../hooks/use-seat-feed";
import { appCodeOf, describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC, useTRPCClient } from "../../../lib/trpc";
import { type CounterCart, type CounterCategory, type CounterScope, isTyping, type ShiftDetail, METHOD_KEYS, newSaleKey, parseEuros, printPdf, saleAmounts, saleTickets } from "./model";
import { type Buyer, PaymentPanel, SaleDone, type SalePhase } from "./payment";
import { BoxOfficeSettingsForm, useBoxOfficeRights } from "./settings";
import { OpenShiftForm, ShiftPanel, ZReportView } from "./shifts";

type HoldOutcome = { status: "held"; cart: { id: string; secret: string | null } } | { status: "taken"; taken: string[] } | { status: "sold_out"; ticketCategoryIds: string[] };

const NO_BUYER: Buyer = { firstName: "", lastName: "", email: "" };
/** A sale whose answer takes longer than this is "not confirmed" (retry with the same key). */
const SALE_TIMEOUT_MS = 20_000;

/** The counter's cart per date, kept for this browser tab (a reload keeps the held seats). */
function useCounterCart(scopeId: string) {
  const key = `boxoffice-cart:${scopeId}`;
  const [cart, setState] = useState<CartCredentials | null>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? "null") as CartCredentials | null;
    } catch {
      return null;
    }
  });
  const ref = useRef(cart);
  const setCart = useCallback(
    (next: CartCredentials | null) => {
      ref.current = next;
      setState(next);
      if (next) sessionStorage.setItem(key, JSON.stringify(next));
      else sessionStorage.removeItem(key);
    },
    [key],
  );
  return [cart, setCart, ref] as const;
}

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

  // What is left changes with every sale and hold: read it again at most every 2 s while the plan moves.
  const revision = feed.revision;
  const leftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (revision === 0 || leftTimer.current) return;
    leftTimer.current = setTimeout(() => {
      leftTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.scope.queryKey({ scopeId }) });
    }, 2000);
  }, [revision, queryClient, trpc, scopeId]);
  useEffect(
    () => () => {
      if (leftTimer.current) clearTimeout(leftTimer.current);
    },
    [],
  );

  const money = (c: number) => formatCents(c, i18n.locale);
  const amounts = saleAmounts(cartData, scope);
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

  const sending = useRef(false);
  const complete = async () => {
    if (sending.current || phase.kind === "done") return;
    sending.current = true;
    try {
      await sell();
    } finally {
      sending.current = false;
    }
  };
  const newAttempt = async (): Promise<SellInput | null> => {
    // Holds still on their way finish first: the sale sells exactly what is held then.
    await chain.current;
    const cart = cartRef.current;
    const cartData = cart ? queryClient.getQueryData(trpc.boxOffice.cart.queryKey({ cart })) : undefined;
    const amounts = saleAmounts(cartData?.state === "active" ? cartData : undefined, scope);
    if (!shift || !cart || !cartData || cartData.state !== "active" || amounts.tickets === 0) {
      toast.error(t`Choose seats or tickets first.`);
      return null;
    }
    const given = method === "cash" && cash.trim() !== "" ? parseEuros(cash, i18n.locale) : undefined;
    if (given === null) {
      toast.error(t`Enter the amount given in euros.`);
      cashRef.current?.focus();
      return null;
    }
    if (given !== undefined && given < amounts.totalCents) {
      toast.error(t`The cash given is less than the total.`);
      cashRef.current?.focus();
      return null;
    }
    const { tickets, incomplete } = saleTickets(cartData, scope);
    if (incomplete) {
      toast.error(t`A ticket for several persons needs all its seats. Choose the missing seats.`);
      return null;
    }
    // One key per sale attempt, kept until the sale is confirmed: a retry can never sell twice.
    saleKey.current ??= newSaleKey();
    const hasBuyer = buyer.firstName.trim() || buyer.lastName.trim() || buyer.email.trim();
    attempt.current = {
      cart,
      idempotencyKey: saleKey.current,
      shiftId: shift.id,
      tickets,
      paymentMethod: method,
      ...(given !== undefined ? { cashGivenCents: given } : {}),
      ...(hasBuyer ? { buyer } : {}),
      locale: i18n.locale.startsWith("de") ? "de" : "en",
    };
    return attempt.current;
  };
  /** What the last attempt sent: a retry after a lost answer sends exactly this again (same key, same tickets). */
  const attempt = useRef<SellInput | null>(null);
  const sell = async () => {
    const input = (phase.kind === "unconfirmed" ? attempt.current : null) ?? (await newAttempt());
    if (!input) return;
    setPhase({ kind: "sending" });
    try {
      const result = await client.boxOffice.sell.mutate(input, { signal: AbortSignal.timeout(SALE_TIMEOUT_MS) });
      setPhase({ kind: "done", result });
      setCart(null);
      saleKey.current = null;
      attempt.current = null;
      void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.shift.queryKey({ shiftId: input.shiftId }) });
      void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.scope.queryKey({ scopeId }) });
      print(result.ticketsPdfUrl);
      queueMicrotask(() => newRef.current?.focus());
    } catch (error) {
      const answered = appCodeOf(error) !== null || (error instanceof TRPCClientError && error.data);
      if (!answered) {
        setPhase({ kind: "unconfirmed" });
        return;
      }
      // The server refused: nothing was sold, the seats are still held; a new attempt gets a new key.
      saleKey.current = null;
      attempt.current = null;
      setPhase({ kind: "idle" });
      toast.error(describeError(i18n, error));
      void refreshCart();
      if (appCodeOf(error) === "NO_OPEN_SHIFT") void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.currentShift.queryKey() });
      if (appCodeOf(error) === "CASH_BELOW_TOTAL") cashRef.current?.focus();
    }
  };

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

  // Keyboard first: one listener for the whole counter; quiet while typing and inside dialogs.
  const keyHandler = useRef<(e: KeyboardEvent) => void>(() => {});
  keyHandler.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || drawer !== null) return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target?.closest('[role="dialog"]')) return;
    const key = e.key;
    if (key === "F9") {
      e.preventDefault();
      void complete();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === "p") {
      if (phase.kind === "done") {
        e.preventDefault();
        print(phase.result.ticketsPdfUrl);
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (isTyping(target)) {
      if (key === "Escape" && target) target.blur();
      return;
    }
    const onControl = Boolean(target?.closest("button, a, [role='radio'], [role='tab']"));
    const upper = key.length === 1 ? key.toUpperCase() : key;
    if (phase.kind === "done") {
      if (upper === "N" || key === "Escape") {
        e.preventDefault();
        startNewSale(false);
        return;
      }
      if (upper === "P") {
        e.preventDefault();
        print(phase.result.ticketsPdfUrl);
        return;
      }
      // A category or B starts the next sale at once.
      if (!/^[1-9]$/.test(key) && upper !== "B") return;
      startNewSale(false);
    }
    if (phase.kind === "unconfirmed") {
      if (key === "Enter" && !onControl) {
        e.preventDefault();
        void complete();
      }
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const i = Number(key) - 1;
      if (i < categories.length) {
        e.preventDefault();
        setSelected(i);
        setAreaId(null);
      }
      return;
    }
    const method = METHOD_KEYS.find((m) => m.key === upper);
    if (method) {
      e.preventDefault();
      chooseMethod(method.method);
      return;
    }
    switch (upper) {
      case "+":
      case "=":
        e.preventDefault();
        setQuantity((q) => Math.min(q + 1, 50));
        return;
      case "-":
        e.preventDefault();
        setQuantity((q) => Math.max(q - 1, 1));
        return;
      case "B":
        e.preventDefault();
        addChosen();
        return;
      case "N":
      case "Escape":
        if (cartData) {
          e.preventDefault();
          startNewSale(true);
        }
        return;
      case "Enter":
        if (onControl) return;
        e.preventDefault();
        void complete();
        return;
      case "?":
        e.preventDefault();
        setDrawer("keys");
        return;
    }
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keyHandler.current(e);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);

  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: scope.timeZone });
  const countdown = useCountdown(cartData ? cartData.expiresAt : null, () => {
    if (phase.kind !== "idle") return;
    toast.error(t`The held seats have expired. Please choose them again.`);
    setCart(null);
  });
  const mm = countdown === null ? "--" : String(Math.floor(countdown / 60)).padStart(2, "0");
  const ss = countdown === null ? "--" : String(countdown % 60).padStart(2, "0");

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
    <Paper withBorder p="md" data-testid="counter-cart">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          <Trans>This sale</Trans>
        </Title>
        {cartData && (cartData.seats.length > 0 || cartData.items.length > 0) && (
          <Group gap="xs">
            <Badge size="lg" color={countdown !== null && countdown < 120 ? "red" : "blue"} variant="light" role="timer" aria-live="off" data-testid="hold-countdown">
              <Trans>
                Held for {mm}:{ss}
              </Trans>
            </Badge>
            {!cartData.extended && (
              <Button size="compact-xs" variant="subtle" onClick={() => cart && extend.mutate({ cart })} disabled={busy || locked}>
                <Trans>More time</Trans>
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!cartData || (cartData.seats.length === 0 && cartData.items.length === 0) ? (
        <Text size="sm" c="dimmed">
          {scope.layout ? <Trans>Click seats on the plan, or choose a category and press B.</Trans> : <Trans>Choose a category and press B to add the quantity.</Trans>}
        </Text>
      ) : (
        <Stack gap={2}>
          {cartData.seats.map((s) => {
            const name = scope.categories.find((c) => c.id === s.ticketCategoryId)?.name ?? "";
            const block = index.get(s.key)?.blockName ?? s.blockId;
            const row = s.rowLabel;
            const seat = s.seatLabel;
            return (
              <Group key={s.key} justify="space-between" wrap="nowrap" data-testid="cart-seat">
                <Text size="sm">
                  <Trans>
                    {block}, row {row}, seat {seat}
                  </Trans>{" "}
                  · {name}
                </Text>
                <Tooltip label={t`Remove`}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Remove ${block}, row ${row}, seat ${seat}`} disabled={busy || locked} onClick={() => clickSeat(s.key)}>
                    ×
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
          {cartData.items.map((item) => {
            const name = scope.categories.find((c) => c.id === item.ticketCategoryId)?.name ?? "";
            const area = standingAreas.find((a) => a.id === item.areaId)?.name;
            const qty = item.quantity;
            return (
              <Group key={`${item.ticketCategoryId}:${item.areaId ?? ""}`} justify="space-between" wrap="nowrap" data-testid="cart-item">
                <Text size="sm">
                  {qty} × {name}
                  {area ? ` · ${area}` : ""}
                </Text>
                <Tooltip label={t`Remove`}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Remove ${qty} × ${name}`}
                    disabled={busy || locked}
                    onClick={() => enqueue(async (c) => (c ? (await client.boxOffice.release.mutate({ cart: c, seatKeys: [], counts: [{ ticketCategoryId: item.ticketCategoryId, areaId: item.areaId, quantity: item.quantity }], all: false }), null) : null))}
                  >
                    ×
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
      <Stack gap={2} mt="sm">
        <Group justify="space-between">
          <Text size="sm">
            <Plural value={amounts.tickets} one="# ticket" other="# tickets" />
          </Text>
          <Text size="sm">{money(amounts.ticketsCents)}</Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Trans>Box office fees</Trans>{" "}
            <Text span size="xs" c="dimmed">
              <Trans>({money(scope.feeCents)} per ticket)</Trans>
            </Text>
          </Text>
          <Text size="sm" data-testid="fees-total">
            {money(amounts.boxOfficeFeesCents)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700} fz="lg">
            <Trans>Total</Trans>
          </Text>
          <Text fw={800} fz={28} data-testid="sale-total">
            {money(amounts.totalCents)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );

  const categoryPanel = (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs" id="counter-categories-title">
        <Trans>Categories</Trans>
      </Title>
      <Stack gap={4} role="radiogroup" aria-labelledby="counter-categories-title" id="counter-categories" tabIndex={-1}>
        {categories.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>No ticket categories for this date.</Trans>
          </Text>
        )}
        {categories.map((c, i) => {
          const active = c.id === category?.id;
          const price = c.kind === "free" ? t`Free of charge` : money(c.priceCents);
          const left = c.remaining;
          return (
            <UnstyledButton
              key={c.id}
              role="radio"
              aria-checked={active}
              onClick={() => {
                setSelected(i);
                setAreaId(null);
              }}
              p={6}
              style={{ borderRadius: 6, border: `2px solid ${active ? "var(--mantine-color-blue-6)" : "var(--mantine-color-gray-3)"}`, background: active ? "var(--mantine-color-blue-0)" : undefined }}
              data-testid="counter-category"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap">
                  {i < 9 && <Kbd size="xs">{i + 1}</Kbd>}
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  {c.appliesTo === "boxoffice" && (
                    <Badge size="xs" variant="light" color="grape">
                      {t`Box office only`}
                    </Badge>
                  )}
                </Group>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" fw={600}>
                    {price}
                  </Text>
                  <Text size="xs" c={c.status !== "available" || left === 0 ? "red.8" : "dimmed"}>
                    {c.status === "sold_out" || left === 0 ? t`Sold out` : c.status === "available" ? t`${left} left` : c.status === "not_yet_on_sale" ? t`Not on sale yet` : t`Sale ended`}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      {category && (
        <Group mt="sm" gap="xs" align="flex-end">
          <NumberInput
            label={t`Quantity (+/−)`}
            min={1}
            max={50}
            w={120}
            value={quantity}
            onChange={(v) => setQuantity(typeof v === "number" && v >= 1 ? v : 1)}
            clampBehavior="strict"
            allowDecimal={false}
            data-testid="quantity"
          />
          {hasSeats(category) && (
            <Button onClick={() => addChosen("best")} disabled={busy || locked} rightSection={<Kbd size="xs">B</Kbd>}>
              <Trans>Best available</Trans>
            </Button>
          )}
          {(!scope.layout || categoryAreas.length > 0) && (
            <>
              {categoryAreas.length > 1 && (
                <Select
                  label={t`Area`}
                  w={160}
                  allowDeselect={false}
                  value={chosenArea?.id ?? null}
                  data={categoryAreas.map((a) => ({ value: a.id, label: a.name }))}
                  onChange={setAreaId}
                />
              )}
              <Button variant={hasSeats(category) ? "light" : "filled"} onClick={() => addChosen("count")} disabled={busy || locked} rightSection={hasSeats(category) ? undefined : <Kbd size="xs">B</Kbd>}>
                {chosenArea && categoryAreas.length === 1 ? t`Add (${chosenArea.name})` : t`Add`}
              </Button>
            </>
          )}
        </Group>
      )}
    </Paper>
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
          canSell={amounts.tickets > 0 && !busy}
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
      <Drawer opened={drawer === "shift"} onClose={() => setDrawer(null)} title={t`My shift`} position="right" size="xl" closeButtonProps={{ "aria-label": t`Close` }}>
        <ShiftPanel
          shift={shift}
          onClosed={(closed) => {
            setDrawer(null);
            setClosedShift(closed);
          }}
        />
      </Drawer>
      <SettingsDrawer opened={drawer === "settings"} onClose={() => setDrawer(null)} eventId={scope.eventId} />
      <Drawer opened={drawer === "keys"} onClose={() => setDrawer(null)} title={t`Keyboard shortcuts`} position="right" closeButtonProps={{ "aria-label": t`Close` }}>
        <ShortcutLegend full />
      </Drawer>
    </Stack>
  );
}

function SettingsDrawer({ opened, onClose, eventId }: { opened: boolean; onClose: () => void; eventId: string }) {
  const { t } = useLingui();
  return (
    <Drawer opened={opened} onClose={onClose} title={t`Box office settings`} position="right" closeButtonProps={{ "aria-label": t`Close` }}>
      {opened && <BoxOfficeSettingsForm eventId={eventId} framed={false} onSaved={onClose} />}
    </Drawer>
  );
}

function CounterHeader({
  scope,
  when,
  onShift,
  onSettings,
  onKeys,
}: {
  scope: CounterScope;
  when: string;
  onShift: (() => void) | null;
  onSettings: (() => void) | null;
  onKeys: () => void;
}) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={0}>
        <Title order={1} size="h3">
          <Trans>Box office: {scope.eventName}</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          {when}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button component={Link} href="/" variant="default" size="xs">
          <Trans>Change date</Trans>
        </Button>
        {onShift && (
          <Button variant="default" size="xs" onClick={onShift} data-testid="open-shift-panel">
            <Trans>My shift</Trans>
          </Button>
        )}
        {onSettings && (
          <Button variant="default" size="xs" onClick={onSettings}>
            <Trans>Settings</Trans>
          </Button>
        )}
        <Button variant="subtle" size="xs" onClick={onKeys} aria-label={t`Keyboard shortcuts`}>
          ?
        </Button>
      </Group>
    </Group>
  );
}

/** The visible legend of the counter's keys (the full list in the "?" drawer). */
function ShortcutLegend({ full = false }: { full?: boolean }) {
  const { t } = useLingui();
  const keys: [string, string][] = [
    ["1–9", t`Category`],
    ["+ / −", t`Quantity`],
    ["B", t`Best available / add`],
    ["C", t`Cash`],
    ["K", t`Card`],
    ["P", t`PayPal`],
    ["F", t`Free of charge`],
    ["O", t`Other`],
    ["Enter / F9", t`Complete sale`],
    ["P / Ctrl+P", t`Print (after the sale)`],
    ["N / Esc", t`New sale`],
  ];
  if (full) {
    return (
      <Stack gap={6}>
        {keys.map(([k, label]) => (
          <Group key={k} justify="space-between">
            <Kbd>{k}</Kbd>
            <Text size="sm">{label}</Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          <Trans>Shortcuts do not fire while you type in a field. On the seating plan, + and − zoom and Enter picks the seat under the cursor.</Trans>
        </Text>
      </Stack>
    );
  }
  return (
    <Group gap="sm" aria-label={t`Keyboard shortcuts`} role="list" data-testid="shortcut-legend" visibleFrom="sm">
      {keys.map(([k, label]) => (
        <Group key={k} gap={4} role="listitem" wrap="nowrap">
          <Kbd size="xs">{k}</Kbd>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
