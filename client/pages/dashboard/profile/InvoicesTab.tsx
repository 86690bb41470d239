import { Alert, Anchor, Badge, Paper, Stack, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { formatCents } from "../../../../shared/rules/money";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { invoiceItemText } from "../../../lib/plans";
import { useTRPC } from "../../../lib/trpc";

/** Invoices tab (orgProfileAccess): the platform's invoices to the organiser, each as a PDF. */
export default function InvoicesTab() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const invoices = useQuery(trpc.account.invoices.list.queryOptions());
  if (invoices.isPending) return <PageLoader />;
  if (invoices.isError) return <Alert color="red">{describeError(i18n, invoices.error)}</Alert>;
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" });
  const lang = i18n.locale === "de" ? "de" : "en";
  if (invoices.data.length === 0) {
    return (
      <Paper withBorder p="md">
        <Text c="dimmed">
          <Trans>No invoices yet. Buying a plan issues an invoice here.</Trans>
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t`Invoices`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Invoice number`}</Table.Th>
                <Table.Th>{t`Item`}</Table.Th>
                <Table.Th ta="right">{t`Amount`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
                <Table.Th>{t`Issue date`}</Table.Th>
                <Table.Th>{t`PDF`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((inv) => (
                <Table.Tr key={inv.id} data-testid="invoice-row">
                  <Table.Td>{inv.number}</Table.Td>
                  <Table.Td>{invoiceItemText(i18n, inv.item)}</Table.Td>
                  <Table.Td ta="right">
                    {formatCents(inv.amountCents, i18n.locale)}
                    <Text size="xs" c="dimmed">
                      {t`incl. ${formatCents(inv.vatCents, i18n.locale)} VAT`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {inv.status === "paid" ? (
                      <Badge color="teal.9">{t`Paid`}</Badge>
                    ) : (
                      <Stack gap={2} align="flex-start">
                        <Badge color="gray.7">{t`Unpaid`}</Badge>
                        {inv.purchaseStatus === "failed" && (
                          <Text size="xs" c="dimmed">
                            <Trans>Payment failed</Trans>
                          </Text>
                        )}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>{day.format(inv.issuedAt)}</Table.Td>
                  <Table.Td>
                    <Anchor href={`/api/account/invoices/${inv.id}.pdf?lang=${lang}`} download aria-label={t`Download invoice ${inv.number} as PDF`}>
                      <Trans>Download</Trans>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          <Trans>Amounts include 19 % German VAT.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
