import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useRef, useState } from "react";
import type { TResellerSellInput } from "../../../shared/schemas/resellers";
import { appCodeOf, describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { newSaleKey } from "../dashboard/boxoffice/model";
import type { ResellerSale } from "./model";

/** The sale's progress: a lost answer is "not confirmed" (a retry sends the same sale with the same key). */
export type SalePhase = { kind: "idle" } | { kind: "sending" } | { kind: "unconfirmed" } | { kind: "done"; result: ResellerSale; email: string };

/** A sale whose answer takes longer than this is "not confirmed". */
const SALE_TIMEOUT_MS = 20_000;

/** Everything that shows what is left (the figures too): read again after a sale or a refusal. */
export function useResellerRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.resellers.allocation.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.resellers.allocations.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.resellers.home.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.resellers.orders.pathKey() });
  };
}

/**
 * What is left changes with every sale (on another device too, and by the organiser): while the
 * live feed moves, the allocation is read again at most every 3 s (its counted places are not in
 * the seat feed).
 */
export function useAllocationRefresh(allocationId: string, revision: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (revision === 0 || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: trpc.resellers.allocation.queryKey({ allocationId }) });
    }, 3000);
  }, [revision, queryClient, trpc, allocationId]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

/**
 * One sale at a time: `sell(build)` sends a new sale (built with a fresh idempotency key), or the
 * unconfirmed one again, unchanged. The server's refusal (nothing sold) ends the attempt and
 * names why; the allocation is read again in every case.
 */
export function useResellerSale(onSold: () => void) {
  const { i18n } = useLingui();
  const client = useTRPCClient();
  const refresh = useResellerRefresh();
  const [phase, setPhase] = useState<SalePhase>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<TResellerSellInput | null>(null);
  const sending = useRef(false);

  const sell = async (build: (idempotencyKey: string) => TResellerSellInput | null) => {
    if (sending.current || phase.kind === "done") return;
    const input = (phase.kind === "unconfirmed" ? attempt.current : null) ?? build(newSaleKey());
    if (!input) return;
    attempt.current = input;
    sending.current = true;
    setError(null);
    setPhase({ kind: "sending" });
    try {
      const result = await client.resellers.sell.mutate(input, { signal: AbortSignal.timeout(SALE_TIMEOUT_MS) });
      attempt.current = null;
      setPhase({ kind: "done", result, email: input.buyer?.email ?? "" });
      onSold();
      refresh();
    } catch (err) {
      const answered = appCodeOf(err) !== null || (err instanceof TRPCClientError && Boolean(err.data));
      if (!answered) {
        setPhase({ kind: "unconfirmed" });
        refresh();
        return;
      }
      // Refused: nothing was sold; the next attempt is a new sale with a new key.
      attempt.current = null;
      setPhase({ kind: "idle" });
      const text = describeError(i18n, err);
      setError(text);
      toast.error(text);
      refresh();
    } finally {
      sending.current = false;
    }
  };

  /** The next sale (after a sale, or giving up on an unconfirmed one). */
  const reset = () => {
    attempt.current = null;
    setError(null);
    setPhase({ kind: "idle" });
  };

  return { phase, error, sell, reset };
}
