import { Alert, Button, Group, Paper, Stack, Switch } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings, ZNotificationSettings } from "../../../../shared/schemas/account";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

const LABELS: Record<NotificationKind, { label: MessageDescriptor; description: MessageDescriptor }> = {
  newOrder: { label: msg`New order`, description: msg`A mail for every order as soon as it is paid: event, order number, tickets and total.` },
  dailySummary: {
    label: msg`Daily sales summary`,
    description: msg`Shortly after midnight (UTC): the previous day's orders, tickets and revenue per event. No mail on a day without sales.`,
  },
  soldOut: { label: msg`Event sold out`, description: msg`A mail when the last place of an event date has been sold.` },
  payoutState: { label: msg`Payout state changes`, description: msg`A mail when a payout you requested is pending, accepted or refused.` },
};

function NotificationsForm({ initial }: { initial: NotificationSettings }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(ZNotificationSettings, { mode: "controlled", initialValues: initial });
  const save = useMutation(
    trpc.account.notifications.save.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Your email notifications are saved.`);
        form.resetDirty();
        await queryClient.invalidateQueries({ queryKey: trpc.account.notifications.get.queryKey() });
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  return (
    <form noValidate aria-label={t`Email notifications`} onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Paper withBorder p="md">
        <Stack>
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch
              key={form.key(kind)}
              label={i18n._(LABELS[kind].label)}
              description={i18n._(LABELS[kind].description)}
              {...form.getInputProps(kind, { type: "checkbox" })}
            />
          ))}
          <Group>
            <Button type="submit" loading={save.isPending}>
              <Trans>Save notifications</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

/** Email notifications tab: the mails the account owner chooses to get (sent to the owner's address). */
export default function NotificationsTab() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const settings = useQuery(trpc.account.notifications.get.queryOptions());
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert color="red">{describeError(i18n, settings.error)}</Alert>;
  return (
    <Stack>
      <Alert color="blue" variant="light">
        <Trans>The mails go to the account owner's login email address, in the owner's language.</Trans>
      </Alert>
      <NotificationsForm initial={settings.data} />
    </Stack>
  );
}
