import { Alert, Anchor, Box, Button, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatCents } from "../../../../shared/rules/money";
import type { ZReportData } from "../../../../shared/schemas/boxoffice";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import type { OrderStatus } from "../../../../shared/schemas/orders";
import { OrderStatusBadge, PAYMENT_METHOD_LABELS, ToneBadge } from "../orders/labels";
import { centsInput, parseEuros, type ShiftDetail } from "./model";

/** A euro amount field (decimal comma in German) that reports cents, or null while invalid. */
export function EurosField({
  label,
  value,
  onChange,
  error,
  autoFocus,
  testId,
  inputRef,
  size,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | null | undefined;
  autoFocus?: boolean;
  testId?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  size?: string;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <TextInput
      ref={inputRef}
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode="decimal"
      autoComplete="off"
      placeholder={centsInput(0, i18n.locale)}
      rightSection={<Text size="sm">€</Text>}
      error={error}
      autoFocus={autoFocus}
      data-testid={testId}
      size={size}
      disabled={disabled}
      // Errors in AA contrast (the default error red is too light for text).
      styles={{ error: { color: "var(--mantine-color-red-9)" }, input: { color: "var(--mantine-color-text)" } }}
    />
  );
}

/** Asks the cashier for the starting cash and opens their shift (nothing can be sold before). */
export function OpenShiftForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [touched, setTouched] = useState(false);
  const cents = parseEuros(text, i18n.locale);
  const open = useMutation(
    trpc.boxOffice.openShift.mutationOptions({
      onSuccess: (shift) => {
        queryClient.setQueryData(trpc.boxOffice.currentShift.queryKey(), shift);
        toast.success(t`Shift opened.`);
      },
      onError: (error) => {
        toast.error(describeError(i18n, error));
        void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.currentShift.queryKey() });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (cents !== null) open.mutate({ startingCashCents: cents });
  };
  return (
    <Paper withBorder p="lg" maw={460} data-testid="open-shift">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3">
            <Trans>Open a shift</Trans>
          </Title>
          <Text size="sm">
            <Trans>Count the cash in the drawer and enter it as the starting cash. Every sale and refund of this counter is recorded in your shift.</Trans>
          </Text>
          <EurosField
            label={t`Starting cash`}
            value={text}
            onChange={setText}
            autoFocus
            testId="starting-cash"
            error={touched && cents === null ? t`Enter an amount in euros, e.g. ${centsInput(10000, i18n.locale)}.` : null}
          />
          <Button type="submit" loading={open.isPending}>
            <Trans>Open shift</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** A shift's Z-report figures: per payment method, totals and the cash drawer. */
export function ZReportView({ report, shiftId }: { report: ZReportData; shiftId: string }) {
  const { t, i18n } = useLingui();
  const money = (c: number) => formatCents(c, i18n.locale);
  const rows = report.methods.filter((m) => m.sales > 0 || m.refunds > 0);
  const lang = i18n.locale.startsWith("de") ? "de" : "en";
  return (
    <Stack gap="sm" data-testid="z-report">
      <Table.ScrollContainer minWidth={300} scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t`Report per payment method` } }}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Payment method`}</Table.Th>
              <Table.Th ta="right">{t`Sales`}</Table.Th>
              <Table.Th ta="right">{t`Amount`}</Table.Th>
              <Table.Th ta="right">{t`Refunds`}</Table.Th>
              <Table.Th ta="right">{t`Refunded`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">{t`No sales yet.`}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((m) => (
              <Table.Tr key={m.method}>
                <Table.Td>{i18n._(PAYMENT_METHOD_LABELS[m.method])}</Table.Td>
                <Table.Td ta="right">{m.sales}</Table.Td>
                <Table.Td ta="right">{money(m.salesCents)}</Table.Td>
                <Table.Td ta="right">{m.refunds}</Table.Td>
                <Table.Td ta="right">{money(m.refundsCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        <Figure label={t`Sales`} value={String(report.salesCount)} />
        <Figure label={t`Tickets`} value={String(report.ticketsCount)} />
        <Figure label={t`Sales total`} value={money(report.salesCents)} />
        <Figure label={t`Refunds total`} value={money(report.refundsCents)} />
        <Figure label={t`Box office fees`} value={money(report.boxOfficeFeesCents)} />
        <Figure label={t`Starting cash`} value={money(report.startingCashCents)} />
        <Figure label={t`Cash expected`} value={money(report.cashExpectedCents)} testId="cash-expected" />
        {report.countedCashCents !== null && <Figure label={t`Cash counted`} value={money(report.countedCashCents)} />}
        {report.differenceCents !== null && (
          <Figure label={t`Difference`} value={money(report.differenceCents)} testId="cash-difference" color={report.differenceCents === 0 ? undefined : "red.8"} />
        )}
      </SimpleGrid>
      <Anchor href={`/api/boxoffice/shifts/${shiftId}/report.pdf?lang=${lang}`} target="_blank" rel="noopener" data-testid="z-report-pdf">
        {report.closedAt ? t`Z-report (PDF)` : t`Interim report (PDF)`}
      </Anchor>
    </Stack>
  );
}

function Figure({ label, value, testId, color }: { label: string; value: string; testId?: string; color?: string | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} c={color}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The cashier's open shift: its sales (a sale can be cancelled: the money goes back in the
 * same method), the live report, and closing with the counted cash (the Z-report).
 */
export function ShiftPanel({ shift, onClosed }: { shift: ShiftDetail; onClosed: (closed: ShiftDetail) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...trpc.boxOffice.shift.queryOptions({ shiftId: shift.id }), initialData: shift });
  const data = detail.data;
  const money = (c: number) => formatCents(c, i18n.locale);
  const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: "short" });
  const [counted, setCounted] = useState("");
  const [touched, setTouched] = useState(false);
  const countedCents = parseEuros(counted, i18n.locale);

  const refresh = (next: ShiftDetail) => {
    queryClient.setQueryData(trpc.boxOffice.shift.queryKey({ shiftId: shift.id }), next);
    queryClient.setQueryData(trpc.boxOffice.currentShift.queryKey(), next.closedAt ? null : next);
  };
  const cancel = useMutation(
    trpc.boxOffice.cancelSale.mutationOptions({
      onSuccess: (next) => {
        refresh(next);
        toast.success(t`The sale is cancelled; its seats are on sale again.`);
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const close = useMutation(
    trpc.boxOffice.closeShift.mutationOptions({
      onSuccess: (next) => {
        refresh(next);
        void queryClient.invalidateQueries({ queryKey: trpc.boxOffice.shifts.pathKey() });
        onClosed(next);
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );

  const confirmCancel = (sale: ShiftDetail["sales"][number]) => {
    const method = i18n._(PAYMENT_METHOD_LABELS[sale.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS] ?? PAYMENT_METHOD_LABELS.other);
    const amount = money(sale.totalCents - sale.refundedCents);
    const number = sale.number;
    modals.openConfirmModal({
      title: t`Cancel sale ${number}?`,
      children: (
        <Text size="sm">
          <Trans>
            Give back {amount} in {method}. The tickets become invalid and their seats go back on sale.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Cancel sale`, cancel: t`Keep sale` },
      confirmProps: { color: "red" },
      onConfirm: () => cancel.mutate({ orderId: sale.orderId }),
    });
  };

  const submitClose = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (countedCents !== null) close.mutate({ shiftId: shift.id, countedCashCents: countedCents });
  };

  return (
    <Stack data-testid="shift-panel">
      <Text size="sm" c="dimmed">
        <Trans>
          Opened at {time.format(new Date(data.openedAt))} by {data.cashier} with {money(data.startingCashCents)}
        </Trans>
      </Text>
      <Title order={3} size="h5">
        <Trans>Sales of this shift</Trans>
      </Title>
      {data.sales.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No sales yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="shift-sales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Order`}</Table.Th>
                <Table.Th>{t`Time`}</Table.Th>
                <Table.Th>{t`Method`}</Table.Th>
                <Table.Th ta="right">{t`Total`}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sales.map((s) => (
                <Table.Tr key={s.orderId} data-testid="shift-sale">
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {s.number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[s.eventName, s.buyer].filter(Boolean).join(" · ")}
                    </Text>
                  </Table.Td>
                  <Table.Td>{time.format(new Date(s.createdAt))}</Table.Td>
                  <Table.Td>{i18n._(PAYMENT_METHOD_LABELS[s.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS] ?? PAYMENT_METHOD_LABELS.other)}</Table.Td>
                  <Table.Td ta="right">{money(s.totalCents)}</Table.Td>
                  <Table.Td>
                    {s.status === "valid" ? (
                      <Button size="compact-xs" variant="light" color="red" onClick={() => confirmCancel(s)} loading={cancel.isPending && cancel.variables?.orderId === s.orderId}>
                        {t`Cancel sale`}
                      </Button>
                    ) : (
                      <OrderStatusBadge status={s.status as OrderStatus} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} size="h5">
        <Trans>Report so far</Trans>
      </Title>
      <ZReportView report={data.report} shiftId={data.id} />
      {!data.closedAt && data.mine && (
        <form onSubmit={submitClose} noValidate>
          <Stack gap="xs">
            <Title order={3} size="h5">
              <Trans>Close shift</Trans>
            </Title>
            <EurosField
              label={t`Cash counted in the drawer`}
              value={counted}
              onChange={setCounted}
              testId="counted-cash"
              error={touched && countedCents === null ? t`Enter an amount in euros, e.g. ${centsInput(10000, i18n.locale)}.` : null}
            />
            <Button type="submit" color="dark" loading={close.isPending}>
              <Trans>Close shift and create Z-report</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The organiser's past shifts (every cashier's), each readable with its Z-report. */
export function PastShifts() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.boxOffice.shifts.queryOptions({ limit: 30 }));
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = useQuery({ ...trpc.boxOffice.shift.queryOptions({ shiftId: openId ?? "00000000-0000-0000-0000-000000000000" }), enabled: openId !== null });
  const money = (c: number) => formatCents(c, i18n.locale);
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  if (list.isPending) return <Text c="dimmed">{t`Loading...`}</Text>;
  if (list.isError) return <Alert color="red">{describeError(i18n, list.error)}</Alert>;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        <Trans>Shifts</Trans>
      </Title>
      {list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No shifts yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="past-shifts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Opened`}</Table.Th>
                <Table.Th>{t`Cashier`}</Table.Th>
                <Table.Th ta="right">{t`Sales`}</Table.Th>
                <Table.Th ta="right">{t`Amount`}</Table.Th>
                <Table.Th ta="right">{t`Difference`}</Table.Th>
                <Table.Th>{t`Report`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {when.format(new Date(s.openedAt))}
                    {!s.closedAt && (
                      <Box component="span" ml="xs">
                        <ToneBadge tone="ok">{t`open`}</ToneBadge>
                      </Box>
                    )}
                  </Table.Td>
                  <Table.Td>{s.cashier}</Table.Td>
                  <Table.Td ta="right">{s.sales}</Table.Td>
                  <Table.Td ta="right">{money(s.salesCents)}</Table.Td>
                  <Table.Td ta="right">{s.differenceCents === null ? "–" : money(s.differenceCents)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="light" onClick={() => setOpenId(s.id)} aria-label={t`Show report: shift of ${when.format(new Date(s.openedAt))}`}>
                      {t`Show report`}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={openId !== null} onClose={() => setOpenId(null)} title={t`Shift report`} size="lg">
        {opened.data ? (
          <Stack>
            <Text size="sm" c="dimmed">
              {opened.data.cashier} · {when.format(new Date(opened.data.openedAt))}
              {opened.data.closedAt ? ` – ${when.format(new Date(opened.data.closedAt))}` : ""}
            </Text>
            <ZReportView report={opened.data.report} shiftId={opened.data.id} />
          </Stack>
        ) : opened.isError ? (
          <Alert color="red">{describeError(i18n, opened.error)}</Alert>
        ) : (
          <Text c="dimmed">{t`Loading...`}</Text>
        )}
      </Modal>
    </Paper>
  );
}
