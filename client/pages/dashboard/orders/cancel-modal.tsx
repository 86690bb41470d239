import { Modal } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/** Cancelling chosen tickets (or, with `lineIds` null, the whole order) of an organiser's order. */
export function CancelTicketsModal(props: { orderId: string; lineIds: string[] | null; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  return <Modal opened={props.opened} onClose={props.onClose} title={t`Cancel tickets`} />;
}
