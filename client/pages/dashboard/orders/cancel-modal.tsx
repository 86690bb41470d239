import { Alert, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatCents } from "../../../../shared/rules/money";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useDateText, usePlaceText } from "./place-text";
import { PAYMENT_METHOD_LABELS } from "./labels";

type Props = {
  orderId: string;
  /** The ticket lines to cancel; null: the whole order (every ticket still valid). */
  lineIds: string[] | null;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
};

/**
 * Cancelling chosen tickets (or the whole order) of an organiser's order (issue 16): the
 * server's preview says what happens (which tickets, the refund of the online share, the
 * credit note), a red button confirms. A refusal is shown in the modal, which stays open.
 */
export function CancelTicketsModal({ orderId, lineIds, opened, onClose, onDone }: Props) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const phone = useMediaQuery("(max-width: 36em)");
  // The same query as the body's (shared cache): the last tickets of an order cancel the order.
  const preview = useQuery({ ...trpc.organiserOrders.cancelPreview.queryOptions(lineIds ? { orderId, lineIds } : { orderId }), enabled: opened, gcTime: 0 });
  const whole = lineIds === null || preview.data?.wholeOrder === true;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={whole ? t`Cancel the whole order` : t`Cancel tickets`}
      size="lg"
      fullScreen={phone === true}
     
    >
      {opened && <CancelBody orderId={orderId} lineIds={lineIds} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function CancelBody({ orderId, lineIds, onClose, onDone }: Omit<Props, "opened">) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = lineIds ? { orderId, lineIds } : { orderId };
  const preview = useQuery({ ...trpc.organiserOrders.cancelPreview.queryOptions(input), gcTime: 0 });
  const detail = useQuery(trpc.organiserOrders.detail.queryOptions({ orderId }));
  const placeText = usePlaceText();
  const dateText = useDateText(detail.data?.event.timeZone ?? "Europe/Berlin");
  const cancel = useMutation(
    trpc.organiserOrders.cancel.mutationOptions({
      onSuccess: async (order) => {
        queryClient.setQueryData(trpc.organiserOrders.detail.queryKey({ orderId }), order);
        toast.success(t`The tickets are cancelled. The buyer has been informed by email.`);
        onDone();
        // The preview of tickets now cancelled would only fail: dropped, not refetched.
        queryClient.removeQueries({ queryKey: trpc.organiserOrders.cancelPreview.pathKey() });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.organiserOrders.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.organiserOrders.invoices.queryKey({ orderId }) }),
        ]);
      },
    }),
  );

  if (preview.isPending || detail.isPending) return <PageLoader />;
  if (preview.isError || detail.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {describeError(i18n, preview.error ?? detail.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  const { wholeOrder, refundCents, creditNote, paymentMethod } = preview.data;
  const method = i18n._(PAYMENT_METHOD_LABELS[paymentMethod]);
  const chosen = new Set(preview.data.lineIds);
  const lines = detail.data.lines.filter((l) => chosen.has(l.id));
  const count = lines.length;
  const refund = formatCents(refundCents, i18n.locale);

  return (
    <Stack>
      <Text>
        {wholeOrder ? (
          <Trans>The whole order {detail.data.number} will be cancelled, with all its valid tickets:</Trans>
        ) : (
          <Trans>These tickets of order {detail.data.number} will be cancelled:</Trans>
        )}
      </Text>
      <List spacing={4} data-testid="cancel-tickets">
        {lines.map((l) => (
          <List.Item key={l.id}>
            <Text span fw={500}>
              {l.reference}
            </Text>{" "}
            · {l.categoryName} · {placeText(l.places)} · {dateText(l.startsAt)} · {formatCents(l.totalCents, i18n.locale)}
          </List.Item>
        ))}
      </List>
      <Alert color="gray" title={t`What happens`}>
        <List spacing={4} size="sm">
          <List.Item>
            <Trans>Their seats and places go back on sale at once.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Their ticket codes stop working: they are refused at the entrance.</Trans>
          </List.Item>
          <List.Item>
            {refundCents > 0 && paymentMethod !== "online" ? (
              <Trans>
                {refund} are paid back at the counter, as they were paid ({method}).
              </Trans>
            ) : refundCents > 0 ? (
              <Trans>{refund} are refunded to the buyer's online payment.</Trans>
            ) : (
              <Trans>Nothing is refunded online: the order was free, not paid online, or has been refunded already.</Trans>
            )}
          </List.Item>
          <List.Item>
            {creditNote ? (
              <Trans>A credit note for the cancelled tickets is issued.</Trans>
            ) : (
              <Trans>No credit note is issued: the order has no invoice.</Trans>
            )}
          </List.Item>
          <List.Item>
            <Trans>The buyer is informed by email.</Trans>
          </List.Item>
        </List>
      </Alert>
      <Text size="sm" c="dimmed">
        <Trans>This cannot be undone.</Trans>
      </Text>
      {cancel.isError && (
        <Alert color="red" role="alert" title={t`Nothing was cancelled`}>
          {describeError(i18n, cancel.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
          <Trans>Keep the tickets</Trans>
        </Button>
        <Button color="red" loading={cancel.isPending} disabled={count === 0} onClick={() => cancel.mutate(input)}>
          {wholeOrder ? <Trans>Cancel the whole order</Trans> : <Plural value={count} one="Cancel # ticket" other="Cancel # tickets" />}
        </Button>
      </Group>
    </Stack>
  );
}
