import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useEffect, useRef } from "react";
import type { SeatInfo } from "../../../../components/Shop/model";
import { appCodeOf, describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { type RouterInputs, useTRPC } from "../../../../lib/trpc";

export type AllocateInput = RouterInputs["allocations"]["allocate"];
export type ReturnInput = RouterInputs["allocations"]["returnUnsold"];

/** Errors that name a seat in their detail: the seat's printed label is added to the sentence. */
const SEAT_CODES = new Set(["ALLOCATION_SEATS_TAKEN", "SEAT_NOT_FOUND", "TICKET_NOT_SELECTABLE"]);

/**
 * The allocation mutations of one screen. Every one refetches the allocation queries when it is
 * done (the plan itself follows the live feed); a refusal is shown as a toast, with the seat in
 * the way when the server names one.
 */
export function useAllocationActions(index?: ReadonlyMap<string, SeatInfo>) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.allocations.pathKey() });

  const describe = (error: unknown) => {
    const base = describeError(i18n, error);
    const detail = error instanceof TRPCClientError ? (error.data as { detail?: string | null } | undefined)?.detail : null;
    const s = detail && SEAT_CODES.has(appCodeOf(error) ?? "") ? index?.get(detail) : undefined;
    return s ? `${base} (${t`${s.blockName}, row ${s.rowLabel}, seat ${s.seatLabel}`})` : base;
  };
  const onError = (error: unknown) => {
    toast.error(describe(error));
  };
  const onSettled = () => void refresh();

  const allocate = useMutation(trpc.allocations.allocate.mutationOptions({ onError, onSettled }));
  const returnUnsold = useMutation(trpc.allocations.returnUnsold.mutationOptions({ onError, onSettled }));
  const setReturnAt = useMutation(trpc.allocations.setReturnAt.mutationOptions({ onError, onSettled }));

  return {
    allocate,
    returnUnsold,
    setReturnAt,
    busy: allocate.isPending || returnUnsold.isPending || setReturnAt.isPending,
  };
}

/**
 * The date's allocations follow the live feed: a sale by a reseller, an automatic return or
 * another organiser's tab changes seats, and the figures are read again a moment later.
 */
export function useRefreshOnFeed(eventDateId: string, revision: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    // The first snapshot is what the page was read with.
    if (revision <= 1 || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: trpc.allocations.date.queryKey({ eventDateId }) });
    }, 2000);
  }, [revision, queryClient, trpc, eventDateId]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
