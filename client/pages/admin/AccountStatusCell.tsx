import { Badge, Button, Group } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

/** An organiser account's state in the admin list; a disabled one can be enabled again (issue 15). */
export function AccountStatusCell({ organiserId, name, disabledAt }: { organiserId: string; name: string; disabledAt: Date | null }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const enable = useMutation(
    trpc.admin.setOrganiserEnabled.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The account of ${name} is enabled again.`);
        // The organisers' list and detail and the audit log all show it.
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  if (!disabledAt) {
    return (
      <Badge color="teal.9">
        <Trans>Active</Trans>
      </Badge>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color="red.9">
        <Trans>Disabled</Trans>
      </Badge>
      <Button size="compact-xs" variant="light" loading={enable.isPending} onClick={() => enable.mutate({ organiserId, enabled: true })} aria-label={t`Enable the account of ${name}`}>
        <Trans>Enable</Trans>
      </Button>
    </Group>
  );
}
