import { Modal } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/trpc";

/** Moving chosen tickets of an organiser's order to another date of the same event. */
export function ChangeDateModal(props: { order: RouterOutputs["organiserOrders"]["detail"]; lineIds: string[]; opened: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  return <Modal opened={props.opened} onClose={props.onClose} title={t`Change date`} />;
}
