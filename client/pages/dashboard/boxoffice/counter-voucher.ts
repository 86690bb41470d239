import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { VoucherError } from "../../../../shared/rules/voucher";
import type { CartCredentials } from "../../../../shared/schemas/shop";
import { describeCode, voucherErrorOf } from "../../../lib/errors";
import { type RouterOutputs, useTRPCClient } from "../../../lib/trpc";

/** A voucher the counter checked: its terms, to price the sale with shared/rules/voucher.ts. */
export type CheckedVoucher = RouterOutputs["boxOffice"]["checkVoucher"];
type SaleTicket = { ticketCategoryId: string; seatKeys: string[]; areaId: string | null; bookingOptions: number[]; participant: Record<string, string> };

/**
 * The voucher a buyer hands over at the counter (decision 020): "Apply" checks it against the
 * sale's tickets (nothing is reserved: the sale redeems it); the sale sends its code. `error`
 * is the rule's own (the voucher does not apply to the sale as it is now) or the server's.
 * It goes with the sale's tickets (`emptied`: after a sale, a release of everything, the hold's end).
 */
export function useCounterVoucher(emptied: boolean) {
  const { i18n } = useLingui();
  const client = useTRPCClient();
  const [entry, setEntry] = useState("");
  const [applied, setApplied] = useState<CheckedVoucher | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const clear = useCallback(() => {
    setApplied(null);
    setEntry("");
    setServerError(null);
  }, []);
  useEffect(() => {
    if (emptied && applied) clear();
  }, [emptied, applied, clear]);
  return {
    entry,
    setEntry: (text: string) => {
      setEntry(text);
      if (!applied) setServerError(null);
    },
    applied,
    checking,
    serverError,
    /** The message under the field: the rule's error for the applied voucher, else the server's. */
    errorWith: (ruleError: VoucherError | null) => (applied && ruleError ? describeCode(i18n, ruleError) : serverError),
    check: async (cart: CartCredentials | null, tickets: SaleTicket[]) => {
      const code = entry.trim();
      if (!cart || code === "" || tickets.length === 0 || checking) return;
      setChecking(true);
      try {
        const voucher = await client.boxOffice.checkVoucher.query({ cart, code, tickets });
        setApplied(voucher);
        setServerError(null);
        setEntry("");
      } catch (error) {
        setServerError(voucherErrorOf(i18n, error));
      } finally {
        setChecking(false);
      }
    },
    clear,
    /** The sale refused the voucher: its error on the field. */
    refused: (error: unknown) => setServerError(voucherErrorOf(i18n, error)),
  };
}

export type CounterVoucher = ReturnType<typeof useCounterVoucher>;
