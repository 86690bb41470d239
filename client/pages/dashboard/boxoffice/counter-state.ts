import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import type { VoucherTerms } from "../../../../shared/rules/voucher";
import type { CounterPaymentMethod, SellInput } from "../../../../shared/schemas/boxoffice";
import type { CartCredentials } from "../../../../shared/schemas/shop";
import { appCodeOf, describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC, useTRPCClient } from "../../../lib/trpc";
import { type CounterScope, type ShiftDetail, newSaleKey, parseEuros, saleAmounts, saleTickets } from "./model";
import type { Buyer, SalePhase } from "./payment";

export type HoldOutcome = { status: "held"; cart: { id: string; secret: string | null } } | { status: "taken"; taken: string[] } | { status: "sold_out"; ticketCategoryIds: string[] };

export const NO_BUYER: Buyer = { firstName: "", lastName: "", email: "" };
/** A sale whose answer takes longer than this is "not confirmed" (retry with the same key). */
const SALE_TIMEOUT_MS = 20_000;

/** The counter's cart per date, kept for this browser tab (a reload keeps the held seats). */
export function useCounterCart(scopeId: string) {
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

/** What is left changes with every sale and hold: read it again at most every 2 s while the plan moves. */
export function useLeftRefresh(scopeId: string, revision: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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
}

/** Completing a sale: one attempt (and one idempotency key) until the server answers. */
export function useCounterSale({
  scope,
  shift,
  phase,
  setPhase,
  method,
  cash,
  buyer,
  voucher,
  chain,
  cartRef,
  setCart,
  saleKey,
  cashRef,
  newRef,
  print,
  refreshCart,
}: {
  scope: CounterScope;
  shift: ShiftDetail | null;
  phase: SalePhase;
  setPhase: Dispatch<SetStateAction<SalePhase>>;
  method: CounterPaymentMethod;
  cash: string;
  buyer: Buyer;
  /** The voucher handed over: its terms, its error while it does not apply, and where a refusal is shown. */
  voucher: { terms: VoucherTerms | null; error: string | null; refused: (error: unknown) => void };
  chain: RefObject<Promise<void>>;
  cartRef: RefObject<CartCredentials | null>;
  setCart: (next: CartCredentials | null) => void;
  saleKey: RefObject<string | null>;
  cashRef: RefObject<HTMLInputElement | null>;
  newRef: RefObject<HTMLButtonElement | null>;
  print: (url: string) => void;
  refreshCart: () => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const scopeId = scope.scopeId;
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
    const amounts = saleAmounts(cartData?.state === "active" ? cartData : undefined, scope, voucher.terms);
    if (!shift || !cart || !cartData || cartData.state !== "active" || amounts.tickets === 0) {
      toast.error(t`Choose seats or tickets first.`);
      return null;
    }
    if (voucher.error) {
      toast.error(voucher.error);
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
      voucherCode: voucher.terms?.code ?? null,
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
      if (appCodeOf(error)?.startsWith("VOUCHER_")) voucher.refused(error);
    }
  };
  return complete;
}
