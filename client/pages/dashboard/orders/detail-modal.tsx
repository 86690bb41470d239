import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { canActForOrganiser } from "../../../../shared/permissions";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useUserInfo } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { CancelTicketsModal } from "./cancel-modal";
import { ChangeDateModal } from "./date-change-modal";
import { MailsTable, PaymentsTable } from "./detail-history";
import { OrderLinesTable } from "./detail-lines";
import { AmountsTable, BuyerFacts, type OrderDetail, OrderOverview, Section } from "./detail-sections";
import { InvoiceModal } from "./invoice-modal";

type Dialog = { kind: "invoice" } | { kind: "cancel"; lineIds: string[] | null } | { kind: "date"; lineIds: string[] } | null;

/** The detail's buttons: resend, invoice, and with updateOrderDate the changes of a valid order. */
function Actions({ order, canChange, selected, open }: { order: OrderDetail; canChange: boolean; selected: string[]; open: (d: Dialog) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useMutation(
    trpc.organiserOrders.resendConfirmation.mutationOptions({
      onSuccess: () => {
        toast.success(t`The confirmation with the tickets is on its way to ${order.buyer.email}.`);
        void queryClient.invalidateQueries(trpc.organiserOrders.detail.queryFilter({ orderId: order.id }));
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const valid = order.status === "valid";
  const active = order.lines.filter((l) => l.status === "active").map((l) => l.id);
  return (
    <Group gap="xs">
      <Button variant="light" onClick={() => resend.mutate({ orderId: order.id })} loading={resend.isPending} disabled={!valid}>
        <Trans>Resend confirmation</Trans>
      </Button>
      <Button variant="light" onClick={() => open({ kind: "invoice" })}>
        <Trans>Invoice</Trans>
      </Button>
      {canChange && valid && (
        <>
          <Button variant="light" color="orange" disabled={selected.length === 0} onClick={() => open({ kind: "cancel", lineIds: selected })}>
            {selected.length > 0 ? t`Cancel selected tickets (${selected.length})` : t`Cancel selected tickets`}
          </Button>
          <Button variant="light" color="red" onClick={() => open({ kind: "cancel", lineIds: null })}>
            <Trans>Cancel order</Trans>
          </Button>
          <Button
            variant="light"
            disabled={active.length === 0 || order.event.isSeason}
            onClick={() => open({ kind: "date", lineIds: selected.length > 0 ? selected : active })}
          >
            {selected.length > 0 ? t`Change date of selected tickets` : t`Change date`}
          </Button>
        </>
      )}
    </Group>
  );
}

function DetailBody({ order, dialog, setDialog }: { order: OrderDetail; dialog: Dialog; setDialog: (d: Dialog) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const info = useUserInfo();
  const canChange = canActForOrganiser(info?.user, ["updateOrderDate"]);
  const [selected, setSelected] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries(trpc.organiserOrders.pathFilter());
  const retry = useMutation(
    trpc.organiserOrders.retryRefund.mutationOptions({
      onSuccess: () => {
        toast.success(t`The refund will be tried again in a moment.`);
        void refresh();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  const done = () => {
    setDialog(null);
    setSelected([]);
    void refresh();
  };
  const selectable = canChange && order.status === "valid";
  // Lines that stopped being active (changed elsewhere) leave the selection.
  const chosen = selected.filter((id) => order.lines.some((l) => l.id === id && l.status === "active"));

  return (
    <Stack>
      {order.status === "pending" && (
        <Alert color="yellow">
          <Trans>Payment is processing: the buyer has not finished paying yet.</Trans>
        </Alert>
      )}
      <Actions order={order} canChange={canChange} selected={chosen} open={setDialog} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t`Order`}>
          <OrderOverview order={order} />
        </Section>
        <Section title={t`Amounts`}>
          <AmountsTable order={order} />
        </Section>
      </SimpleGrid>
      <Section title={t`Buyer`}>
        <BuyerFacts buyer={order.buyer} />
      </Section>
      <Section title={t`Tickets`}>
        {selectable && (
          <Text size="sm" c="dimmed">
            <Trans>Select tickets to cancel them or to change their date.</Trans>
          </Text>
        )}
        <OrderLinesTable order={order} selection={selectable ? { selected: chosen, onChange: setSelected } : null} />
      </Section>
      <Section title={t`Payments and refunds`}>
        <PaymentsTable order={order} onRetry={canChange ? (refundId) => retry.mutate({ orderId: order.id, refundId }) : null} retrying={retry.isPending ? (retry.variables?.refundId ?? null) : null} />
      </Section>
      <Section title={t`Mails sent`}>
        <MailsTable order={order} />
      </Section>

      <InvoiceModal orderId={order.id} free={order.amounts.totalCents === 0} opened={dialog?.kind === "invoice"} onClose={() => setDialog(null)} />
      {canChange && (
        <>
          <CancelTicketsModal
            orderId={order.id}
            lineIds={dialog?.kind === "cancel" ? dialog.lineIds : null}
            opened={dialog?.kind === "cancel"}
            onClose={() => setDialog(null)}
            onDone={done}
          />
          <ChangeDateModal order={order} lineIds={dialog?.kind === "date" ? dialog.lineIds : []} opened={dialog?.kind === "date"} onClose={() => setDialog(null)} onDone={done} />
        </>
      )}
    </Stack>
  );
}

/** The order detail modal (SPEC §2 "Order detail", §3 Order), opened by `?order=<id>`. */
export function OrderDetailModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const small = useMediaQuery("(max-width: 48em)");
  const detail = useQuery(trpc.organiserOrders.detail.queryOptions({ orderId }));
  // While the invoice, cancel or date dialog is open on top, Escape and the focus belong to it.
  const [dialog, setDialog] = useState<Dialog>(null);
  const title = detail.data ? t`Order ${detail.data.number}` : t`Order`;
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="80rem"
      fullScreen={small}
      closeOnEscape={dialog === null}
      trapFocus={dialog === null}
     
      data-testid="order-detail"
    >
      {detail.isPending && <PageLoader />}
      {detail.isError && <Alert color="red">{describeError(i18n, detail.error)}</Alert>}
      {detail.data && <DetailBody order={detail.data} dialog={dialog} setDialog={setDialog} />}
    </Modal>
  );
}
