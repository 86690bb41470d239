import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatIban, isIban } from "../../../../shared/rules/bank";
import { type TPaymentDetails, ZPaymentDetails } from "../../../../shared/schemas/account";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

function PaymentForm({ initial }: { initial: TPaymentDetails }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useZodForm(ZPaymentDetails, {
    mode: "controlled",
    initialValues: { ...initial, accountNumber: initial.accountNumber ? formatIban(initial.accountNumber) : "" },
  });
  const save = useMutation(
    trpc.account.payment.save.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Your payment details are saved.`);
        await queryClient.invalidateQueries({ queryKey: trpc.account.payment.get.queryKey() });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  const iban = form.getInputProps("accountNumber");
  return (
    <form noValidate aria-label={t`Payment details`} onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Paper withBorder p="md">
        <Stack>
          <TextInput label={t`Bank name`} autoComplete="off" key={form.key("bankName")} {...form.getInputProps("bankName")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`IBAN`}
              placeholder="DE89 3704 0044 0532 0130 00"
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              key={form.key("accountNumber")}
              {...iban}
              // Shown in groups of four once typed; stored without spaces.
              onBlur={(e) => {
                const value = form.getValues().accountNumber;
                if (isIban(value)) form.setFieldValue("accountNumber", formatIban(value));
                iban.onBlur?.(e);
              }}
            />
            <TextInput label={t`BIC`} placeholder="COBADEFFXXX" autoComplete="off" spellCheck={false} key={form.key("bic")} {...form.getInputProps("bic")} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            <Trans>Payouts go to this account. The IBAN is checked by its check digits; leave every field empty to remove the details.</Trans>
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending}>
              <Trans>Save payment details</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

/** Payment details tab (the account owner only): bank name, IBAN and BIC for payouts. */
export default function PaymentTab() {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const details = useQuery(trpc.account.payment.get.queryOptions());
  if (details.isPending) return <PageLoader />;
  if (details.isError) return <Alert color="red">{describeError(i18n, details.error)}</Alert>;
  return <PaymentForm initial={details.data} />;
}
