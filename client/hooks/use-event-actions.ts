import { useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeError } from "../lib/errors";
import { toast } from "../lib/toast";
import { useTRPC } from "../lib/trpc";

/** Cancel and delete with their confirmations, shared by the list and the event dashboard. */
export function useEventActions(onDeleted?: () => void) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
  const cancel = useMutation(
    trpc.events.cancel.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The event is cancelled.`);
        await refresh();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const remove = useMutation(
    trpc.events.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The event was deleted.`);
        onDeleted?.();
        await refresh();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  return {
    confirmCancel: (id: string, name: string) =>
      modals.openConfirmModal({
        title: t`Cancel "${name}"?`,
        children: t`Sales stop at once and the event page shows that it is cancelled. A cancelled event cannot be published again.`,
        labels: { confirm: t`Cancel event`, cancel: t`Keep event` },
        confirmProps: { color: "red" },
        onConfirm: () => cancel.mutate({ id }),
      }),
    confirmDelete: (id: string, name: string) =>
      modals.openConfirmModal({
        title: t`Delete "${name}" permanently?`,
        children: t`The event, its dates and its ticket categories are deleted for good. This cannot be undone.`,
        labels: { confirm: t`Delete permanently`, cancel: t`Keep event` },
        confirmProps: { color: "red" },
        onConfirm: () => remove.mutate({ id }),
      }),
  };
}
