import { Alert, Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { formatCents } from "../../../../shared/rules/money";
import { type BoxOfficePrintFormat, MAX_BOX_OFFICE_FEE_CENTS } from "../../../../shared/schemas/boxoffice";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { centsInput, parseEuros } from "./model";
import { boxOfficeRights } from "./rights";
import { EurosField } from "./shifts";

/** Whether the signed-in user may work the counter / change its settings. */
export function useBoxOfficeRights() {
  const info = useUserInfo();
  return boxOfficeRights(info?.user);
}

/**
 * An event's box office settings (updateBoxoffice): the fee per ticket sold at the counter
 * (gross, with the event's VAT) and how its tickets print. Read-only for showBoxoffice.
 */
export function BoxOfficeSettingsForm({ eventId, onSaved, framed = true }: { eventId: string; onSaved?: () => void; framed?: boolean }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rights = useBoxOfficeRights();
  const settings = useQuery(trpc.boxOffice.settings.queryOptions({ eventId }));
  const [fee, setFee] = useState("");
  const [format, setFormat] = useState<BoxOfficePrintFormat>("a4");
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setFee(centsInput(settings.data.feeCents, i18n.locale));
    setFormat(settings.data.printFormat);
  }, [settings.data, i18n.locale]);
  const save = useMutation(
    trpc.boxOffice.updateSettings.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.boxOffice.settings.queryKey({ eventId }), next);
        void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.scope.pathKey() });
        toast.success(t`Box office settings saved.`);
        onSaved?.();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const feeCents = parseEuros(fee, i18n.locale);
  const feeError = feeCents === null || feeCents > MAX_BOX_OFFICE_FEE_CENTS ? t`Enter a fee between ${formatCents(0, i18n.locale)} and ${formatCents(MAX_BOX_OFFICE_FEE_CENTS, i18n.locale)}.` : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (feeError === null && feeCents !== null) save.mutate({ eventId, feeCents, printFormat: format });
  };
  const formats: { value: BoxOfficePrintFormat; label: string }[] = [
    { value: "a4", label: t`A4` },
    { value: "din_long", label: t`DIN long` },
    { value: "receipt", label: t`Receipt 80 mm` },
  ];

  let body;
  if (settings.isPending) body = <Text c="dimmed">{t`Loading...`}</Text>;
  else if (settings.isError) body = <Alert color="red">{describeError(i18n, settings.error)}</Alert>;
  else if (!rights.setup) {
    body = (
      <Text size="sm">
        <Trans>
          Box office fee per ticket: {formatCents(settings.data.feeCents, i18n.locale)} · Print format: {formats.find((f) => f.value === settings.data.printFormat)?.label}
        </Trans>
      </Text>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate data-testid="boxoffice-settings">
        <Stack gap="sm">
          <Box maw={280}>
            <EurosField label={t`Box office fee per ticket`} value={fee} onChange={setFee} error={touched ? feeError : null} />
          </Box>
          <Text size="xs" c="dimmed">
            <Trans>Added to every chargeable ticket sold at the counter, including VAT at the event's rate. Counter sales pay no online service fee.</Trans>
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`print-format-${eventId}`}>
              <Trans>Ticket print format</Trans>
            </Text>
            <SegmentedControl aria-labelledby={`print-format-${eventId}`} value={format} onChange={(v) => setFormat(v as BoxOfficePrintFormat)} data={formats} />
            <Text size="xs" c="dimmed">
              <Trans>A4 as mailed; DIN long (99 × 210 mm) or receipt (80 mm wide) print one ticket per page.</Trans>
            </Text>
          </Stack>
          <Group>
            <Button type="submit" loading={save.isPending}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  if (!framed) return body;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        <Trans>Box office</Trans>
      </Title>
      {body}
    </Paper>
  );
}
