import { Alert, Box, Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { WAITING_ROOM_MAX_PER_MINUTE, WAITING_ROOM_MIN_PER_MINUTE } from "../../../../shared/rules/waiting-room";
import { type TWaitingRoomSettings, ZWaitingRoomSettings } from "../../../../shared/schemas/waiting-room";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

/** Live figures are read again this often while the dashboard is open. */
const FIGURES_MS = 15_000;

function WaitingRoomForm({ eventId, initial }: { eventId: string; initial: TWaitingRoomSettings }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(ZWaitingRoomSettings, { mode: "controlled", initialValues: initial });
  const save = useMutation(
    trpc.waitingRoom.saveSettings.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.waitingRoom.settings.queryKey({ eventId }), next);
        form.setValues({ enabled: next.enabled, perMinute: next.perMinute });
        form.resetDirty({ enabled: next.enabled, perMinute: next.perMinute });
        toast.success(next.enabled ? t`The waiting room is on.` : t`The waiting room is off.`);
      },
      onError: (error) => !form.setServerErrors(error) && toast.error(describeError(i18n, error)),
    }),
  );
  return (
    <form noValidate aria-label={t`Waiting room`} onSubmit={form.onSubmit((values) => save.mutate({ eventId, ...values }))} data-testid="waiting-room-settings">
      <Stack gap="sm">
        <Switch
          key={form.key("enabled")}
          label={t`Queue buyers in a waiting room`}
          description={t`For on-sales with more buyers than the shop should serve at once: buyers who arrive faster than the rate below wait in a fair queue (first come, first served) and see their place and the estimated wait.`}
          {...form.getInputProps("enabled", { type: "checkbox" })}
        />
        <Box maw={280}>
          <NumberInput
            key={form.key("perMinute")}
            label={t`Buyers let in per minute`}
            description={t`Between ${WAITING_ROOM_MIN_PER_MINUTE} and ${WAITING_ROOM_MAX_PER_MINUTE}. Up to ten seconds' worth are let in at once.`}
            min={WAITING_ROOM_MIN_PER_MINUTE}
            max={WAITING_ROOM_MAX_PER_MINUTE}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator={i18n.locale === "de" ? "." : ","}
            decimalSeparator={i18n.locale === "de" ? "," : "."}
            {...form.getInputProps("perMinute")}
          />
        </Box>
        <Group>
          <Button type="submit" loading={save.isPending}>
            <Trans>Save waiting room</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * An event's on-sale waiting room (decision 033) on its dashboard: the switch, the rate, and how
 * many buyers wait now and were let in lately. For whoever may edit the event's settings (a
 * creator only while it is a draft: the server says FORBIDDEN otherwise).
 */
export function WaitingRoomSettingsPanel({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.waitingRoom.settings.queryOptions({ eventId }), refetchInterval: FIGURES_MS });
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        <Trans>Waiting room</Trans>
      </Title>
      {settings.isPending ? (
        <Text c="dimmed">{t`Loading...`}</Text>
      ) : settings.isError ? (
        <Alert color="red">{describeError(i18n, settings.error)}</Alert>
      ) : (
        <Stack gap="sm">
          <WaitingRoomForm eventId={eventId} initial={{ enabled: settings.data.enabled, perMinute: settings.data.perMinute }} />
          <Figures waiting={number.format(settings.data.waiting)} admitted={number.format(settings.data.admittedLast10Minutes)} />
        </Stack>
      )}
    </Paper>
  );
}

function Figures({ waiting, admitted }: { waiting: string; admitted: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid="waiting-room-figures">
      <Trans>
        Waiting now: {waiting} · Let in during the last 10 minutes: {admitted}
      </Trans>
    </Text>
  );
}
