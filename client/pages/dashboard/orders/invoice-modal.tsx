import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Badge, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatCents } from "../../../../shared/rules/money";
import type { InvoiceParty } from "../../../../shared/schemas/orders";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";
import { Facts, ScrollTable } from "./detail-sections";
import { useOrderDates } from "./labels";

type Invoice = RouterOutputs["organiserOrders"]["invoices"][number];

/** A party as its lines: company, name, (street, zip and town,) country, email. */
function PartyLines({ party, withAddress }: { party: InvoiceParty; withAddress: boolean }) {
  const address = withAddress ? [party.street, [party.zip, party.city].filter(Boolean).join(" ")] : [];
  const lines = [party.company, party.name, ...address, party.country, party.email].filter(Boolean);
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} size="sm">
          {line}
        </Text>
      ))}
    </>
  );
}

/** One invoice or credit note with every SPEC §3 field, its items, VAT per rate and the PDF. */
function InvoiceCard({ orderId, invoice }: { orderId: string; invoice: Invoice }) {
  const { t, i18n } = useLingui();
  const dates = useOrderDates();
  const money = (cents: number) => formatCents(cents, i18n.locale);
  const percent = (bp: number) => `${new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 2 }).format(bp / 100)} %`;
  const credit = invoice.kind === "credit_note";
  const dueOn = new Date(`${invoice.dueOn}T12:00:00Z`);
  const facts: [ReactNode, ReactNode][] = [
    [t`Number`, invoice.number],
    [t`Date`, dates.day(invoice.issuedAt)],
    [t`Due date`, dates.day(dueOn, "UTC")],
    [t`Language`, invoice.locale === "de" ? t`German` : t`English`],
  ];
  if (credit) facts.push([t`Refers to`, invoice.refersToNumber ?? "-"]);
  const party = (p: InvoiceParty): [ReactNode, ReactNode][] => [
    [t`Street`, p.street ?? "-"],
    [t`ZIP code`, p.zip ?? "-"],
    [t`Town`, p.city ?? "-"],
    [t`VAT ID`, p.vatId ?? "-"],
    [t`Tax number`, p.taxNumber ?? "-"],
  ];

  return (
    <Paper withBorder p="md" data-testid="order-invoice" data-kind={invoice.kind}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h5">
              {credit ? t`Credit note ${invoice.number}` : t`Invoice ${invoice.number}`}
            </Title>
            <Badge color={credit ? "red.9" : "blue.9"}>{credit ? t`Credit note` : t`Invoice`}</Badge>
          </Group>
          <Anchor
            href={`/api/organiser/orders/${orderId}/invoices/${invoice.id}.pdf`}
            download
            aria-label={credit ? t`Download PDF: credit note ${invoice.number}` : t`Download PDF: invoice ${invoice.number}`}
          >
            <Trans>Download PDF</Trans>
          </Anchor>
        </Group>
        <Facts items={facts} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">{t`From`}</Text>
            <PartyLines party={invoice.seller} withAddress />
            <Facts items={party(invoice.seller).slice(3)} />
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">{t`To`}</Text>
            <PartyLines party={invoice.recipient} withAddress={false} />
            <Facts items={party(invoice.recipient)} />
          </Stack>
        </SimpleGrid>
        <ScrollTable minWidth={560} label={t`Items of ${invoice.number}`}>
          <Table verticalSpacing={4} aria-label={t`Items of ${invoice.number}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Item`}</Table.Th>
                <Table.Th ta="right">{t`Quantity`}</Table.Th>
                <Table.Th ta="right">{t`Unit price`}</Table.Th>
                <Table.Th ta="right">{t`VAT rate`}</Table.Th>
                <Table.Th ta="right">{t`Total`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.items.map((item, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{item.text}</Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{money(item.unitCents)}</Table.Td>
                  <Table.Td ta="right">{percent(item.vatRateBp)}</Table.Td>
                  <Table.Td ta="right">{money(item.totalCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <ScrollTable minWidth={480} label={t`VAT breakdown of ${invoice.number}`}>
          <Table verticalSpacing={4} aria-label={t`VAT breakdown of ${invoice.number}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`VAT rate`}</Table.Th>
                <Table.Th ta="right">{t`Net`}</Table.Th>
                <Table.Th ta="right">{t`VAT`}</Table.Th>
                <Table.Th ta="right">{t`Gross`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.vat.map((v) => (
                <Table.Tr key={v.rateBp}>
                  <Table.Td>{percent(v.rateBp)}</Table.Td>
                  <Table.Td ta="right">{money(v.netCents)}</Table.Td>
                  <Table.Td ta="right">{money(v.vatCents)}</Table.Td>
                  <Table.Td ta="right">{money(v.grossCents)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{credit ? t`Total credited` : t`Total`}</Table.Th>
                <Table.Td ta="right">{money(invoice.vat.reduce((a, v) => a + v.netCents, 0))}</Table.Td>
                <Table.Td ta="right">{money(invoice.vat.reduce((a, v) => a + v.vatCents, 0))}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(invoice.totalCents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Paper>
  );
}

/** The invoice modal (SPEC §2): the order's invoice and its credit notes, each as a PDF. */
export function InvoiceModal({ orderId, free, opened, onClose }: { orderId: string; free: boolean; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const small = useMediaQuery("(max-width: 48em)");
  const invoices = useQuery({ ...trpc.organiserOrders.invoices.queryOptions({ orderId }), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={t`Invoice`} size="60rem" fullScreen={small}>
      {invoices.isPending && <PageLoader />}
      {invoices.isError && <Alert color="red">{describeError(i18n, invoices.error)}</Alert>}
      {invoices.data && invoices.data.length === 0 && (
        <Text c="dimmed">{free ? <Trans>No invoice (free order).</Trans> : <Trans>No invoice has been issued for this order yet: it is issued once the order is paid.</Trans>}</Text>
      )}
      {invoices.data && invoices.data.length > 0 && (
        <Stack>
          {invoices.data.map((inv) => (
            <InvoiceCard key={inv.id} orderId={orderId} invoice={inv} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
