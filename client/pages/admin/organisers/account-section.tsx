import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import { AccountStatusCell } from "../AccountStatusCell";
import type { OrganiserDetail } from "./labels";
import { Section } from "./profile-section";

/**
 * The account's state: a disabled one is enabled again with AccountStatusCell; an active one can
 * be disabled after a confirmation (the same effects as the owner's own "disable account").
 */
export function AccountSection({ detail }: { detail: OrganiserDetail }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { dateTime } = useWalletMoney();
  const [confirming, setConfirming] = useState(false);
  const { id, name, disabledAt } = detail.organiser;
  const disable = useMutation(
    trpc.admin.setOrganiserEnabled.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The account of ${name} is disabled.`);
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const since = disabledAt ? dateTime(disabledAt) : null;
  return (
    <Section id="organiser-account" title={t`Account`}>
      <Group justify="space-between" gap="sm">
        <Stack gap={4}>
          <AccountStatusCell organiserId={id} name={name} disabledAt={disabledAt} />
          <Text size="sm" c="dimmed">
            {since ? (
              <Trans>Disabled since {since}: nobody of this account can sign in and nothing of it sells.</Trans>
            ) : (
              <Trans>The owner, team members, resellers and event staff can sign in; its events sell.</Trans>
            )}
          </Text>
        </Stack>
        {!disabledAt && (
          <Button color="red.9" variant="outline" size="xs" onClick={() => setConfirming(true)}>
            <Trans>Disable account</Trans>
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t`Disable account`} centered>
        <Stack>
          <Text size="sm">
            <Trans>
              Disable the account of {name}? Every session of its owner, team members, resellers and event staff ends, nobody of it can sign in and its
              events stop selling until an administrator enables it again.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red.9" loading={disable.isPending} onClick={() => disable.mutate({ organiserId: id, enabled: false })} data-autofocus>
              <Trans>Disable account</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
