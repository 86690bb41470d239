import { Alert } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { formatCents } from "../../../shared/rules/money";
import { useTRPC } from "../../lib/trpc";

/**
 * The fee model (decision 024) told before publishing: online buyers pay the platform's service
 * and processing fee on top, the organiser gets the full ticket price; box office and reseller
 * sales are collected by the organiser or the reseller. The fee is the server's.
 */
export function FeeModelNotice() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const fees = useQuery(trpc.wallet.fees.queryOptions());
  // Nothing to state without the fee (an error here must not stand in the way of publishing).
  if (!fees.data) return null;
  const fee = formatCents(fees.data.serviceFeeCentsPerTicket, i18n.locale);
  return (
    <Alert color="blue" variant="light" title={t`Fees`} data-testid="fee-model-notice">
      <Trans>
        Buyers pay a service and processing fee of {fee} per ticket online; you receive the full ticket price. Box office and reseller sales are
        collected by you or your reseller.
      </Trans>
    </Alert>
  );
}
