import { Alert, Anchor, Button, Checkbox, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { priceOrder } from "../../../shared/rules/pricing";
import { formatCents } from "../../../shared/rules/money";
import type { CheckoutFormHandle, CheckoutTicket } from "./model";

/**
 * The order's sums (with a voucher's discount), the voucher field, the terms and the button that
 * places the order. `voucherCode` is the applied voucher whose discount the sums hold; `blocked`
 * holds the button while an applied voucher does not apply.
 */
export function OrderSummary({
  form,
  tickets,
  priced,
  locale,
  submitError,
  busy,
  incomplete,
  voucherField,
  voucherCode,
  blocked,
}: {
  form: CheckoutFormHandle;
  tickets: CheckoutTicket[];
  priced: ReturnType<typeof priceOrder>;
  locale: "de" | "en";
  submitError: string | null;
  busy: boolean;
  incomplete: boolean;
  voucherField: ReactNode;
  voucherCode: string | null;
  blocked: boolean;
}) {
  const { t } = useLingui();
  const money = (cents: number) => formatCents(cents, locale);
  const total = money(priced.amounts.totalCents);
  // "Discount (CODE)", as the order view names it too.
  const code = voucherCode ?? "";
  const percent = new Intl.NumberFormat(locale === "de" ? "de-DE" : "en-GB", { style: "percent", maximumFractionDigits: 2 });
  return (
    <Paper withBorder p="md" pos="sticky" top={16} data-testid="checkout-summary">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Order summary</Trans>
        </Title>
        <Stack gap={4}>
          <SummaryRow label={t`Tickets (${tickets.length})`} value={money(priced.amounts.ticketsCents)} testId="checkout-summary-tickets" />
          {priced.amounts.optionsCents > 0 && <SummaryRow label={t`Booking options`} value={money(priced.amounts.optionsCents)} />}
          {priced.amounts.feesCents > 0 && <SummaryRow label={t`Service fees`} value={money(priced.amounts.feesCents)} />}
          {voucherCode && priced.amounts.discountCents > 0 && (
            <SummaryRow label={t`Discount (${code})`} value={`−${money(priced.amounts.discountCents)}`} testId="checkout-summary-discount" />
          )}
        </Stack>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={700} size="lg" data-testid="checkout-summary-total">
            {total}
          </Text>
        </Group>
        {priced.amounts.vat
          .filter((v) => v.vatCents > 0)
          .map((v) => {
            const rate = percent.format(v.rateBp / 10000);
            return <SummaryRow key={v.rateBp} dimmed label={t`Included VAT ${rate}`} value={money(v.vatCents)} />;
          })}
        <Divider />
        {voucherField}
        <Checkbox
          mt="xs"
          required
          label={
            <Trans>
              I accept the{" "}
              <Anchor href="/agb" target="_blank" rel="noopener" inherit>
                terms and conditions
              </Anchor>
              .
            </Trans>
          }
          key={form.key("acceptTerms")}
          {...form.getInputProps("acceptTerms", { type: "checkbox" })}
        />
        {(submitError || Object.keys(form.errors).length > 0) && (
          <Alert color="red" variant="light" data-testid="checkout-error">
            {submitError ?? t`Please check the highlighted fields.`}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={busy} disabled={incomplete || blocked} data-testid="checkout-submit">
          {priced.amounts.totalCents === 0 ? t`Order free of charge` : t`Pay ${total}`}
        </Button>
        <Text size="xs" c="dimmed">
          {priced.amounts.totalCents === 0 ? (
            <Trans>Your tickets are sent to your email address right away.</Trans>
          ) : (
            <Trans>You will be taken to the payment page. Your tickets are sent to your email address once the payment is complete.</Trans>
          )}
        </Text>
      </Stack>
    </Paper>
  );
}

function SummaryRow({ label, value, dimmed, testId }: { label: string; value: string; dimmed?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c={dimmed ? "dimmed" : undefined}>
        {label}
      </Text>
      <Text size="sm" c={dimmed ? "dimmed" : undefined} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}
