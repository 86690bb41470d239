import { useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { ApplyVoucherInput } from "../../../shared/schemas/orders";
import { describeCode, voucherErrorOf } from "../../lib/errors";
import { type RouterOutputs, useTRPC } from "../../lib/trpc";
import { priceWithVoucher, type VoucherPricedTicket } from "../../../shared/rules/voucher";

/** The voucher the server accepted for this cart: its terms, to price the checkout with shared/rules/voucher.ts. */
export type AppliedVoucher = RouterOutputs["shop"]["applyVoucher"];

/**
 * The checkout's voucher (decision 020): the code typed, the voucher the server accepted (one
 * use reserved for the cart), the order priced with it exactly as the server will charge it, and
 * the error to show under the field: the rule's own (the applied voucher no longer applies to
 * the tickets as chosen now, e.g. below its minimum order value) or the server's (a code refused
 * on "Apply", or by the checkout). While an applied voucher has an error, paying waits.
 */
export function useCheckoutVoucher(cart: { id: string; secret: string }, tickets: readonly VoucherPricedTicket[], vatRateBp: number) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const [entry, setEntry] = useState("");
  const [applied, setApplied] = useState<AppliedVoucher | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const applyM = useMutation(
    trpc.shop.applyVoucher.mutationOptions({
      onSuccess: (voucher) => {
        setApplied(voucher);
        setServerError(null);
        setEntry("");
      },
      onError: (error) => setServerError(voucherErrorOf(i18n, error)),
    }),
  );
  // Its reserved use goes back; a checkout without a code gives it back as well, so a failure here changes nothing.
  const removeM = useMutation(trpc.shop.removeVoucher.mutationOptions());
  const { priced, voucherError } = priceWithVoucher(tickets, vatRateBp, { channel: "online" }, applied);
  const error = applied && voucherError ? describeCode(i18n, voucherError) : serverError;
  return {
    /** The order's amounts, with the applied voucher's discount when it applies. */
    priced,
    entry,
    setEntry: (text: string) => {
      setEntry(text);
      if (!applied) setServerError(null);
    },
    applied,
    applying: applyM.isPending,
    removing: removeM.isPending,
    error,
    /** Paying waits while the applied voucher does not apply. */
    blocked: applied !== null && error !== null,
    apply: (tickets: ApplyVoucherInput["tickets"]) => {
      const code = entry.trim();
      if (code === "" || applyM.isPending) return;
      applyM.mutate({ cart, code, tickets });
    },
    remove: () => {
      setApplied(null);
      setServerError(null);
      removeM.mutate({ cart });
    },
    /** A voucher error of the checkout itself, shown on the field. */
    refused: (error: unknown) => setServerError(voucherErrorOf(i18n, error)),
  };
}

export type CheckoutVoucher = ReturnType<typeof useCheckoutVoucher>;
