import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { startTour } from "../../../components/Tour";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

/** "Start the tour again": the server offers it again until it is skipped or finished, and it starts now. */
export function useRestartTour() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.account.tutorial.restart.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.account.tutorial.state.queryKey(), data);
        startTour();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
}
