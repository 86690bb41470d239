import { useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/trpc";

type LinePlace = RouterOutputs["organiserOrders"]["detail"]["lines"][number]["places"][number];

/** A ticket line's places as one line of text ("Block A, row 3, seat 12; ..." or the standing area). */
export function usePlaceText(): (places: readonly LinePlace[]) => string {
  const { t } = useLingui();
  return (places) =>
    places
      .map((p) => ("area" in p ? t`Standing area ${p.area}` : t`${p.block}, row ${p.row}, seat ${p.seat}`))
      .join("; ");
}

/** Date and time in the event's time zone. */
export function useDateText(timeZone: string): (date: Date | null) => string {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (date) => (date ? format.format(date) : "");
}
