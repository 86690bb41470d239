import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatCents } from "../../../../shared/rules/money";
import { type VoucherKind, type VoucherState, voucherValueLabel } from "../../../../shared/rules/voucher";
import { type Tone, ToneBadge, useOrderDates } from "../orders/labels";

/** SPEC §4: the six states the list shows, as the organiser reads them. */
export const VOUCHER_STATE_LABELS: Record<VoucherState, MessageDescriptor> = {
  active: msg`Active`,
  inactive: msg`Inactive`,
  upcoming: msg`Not valid yet`,
  expired: msg`Expired`,
  used: msg`Used`,
  limit_reached: msg`Limit reached`,
};

const STATE_TONES: Record<VoucherState, Tone> = {
  active: "ok",
  inactive: "neutral",
  upcoming: "info",
  expired: "bad",
  used: "wait",
  limit_reached: "wait",
};

export function VoucherStateBadge({ state }: { state: VoucherState }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={STATE_TONES[state]}>{i18n._(VOUCHER_STATE_LABELS[state])}</ToneBadge>;
}

type Listed = {
  kind: VoucherKind;
  value: number;
  minOrderCents: number;
  maxOrderCents: number;
  maxUses: number | null;
  usedCount: number;
  validFrom: Date;
  validUntil: Date;
};

/** The list's texts of one voucher: value, order values, uses ("3 / 10", "3 / ∞") and validity. */
export function useVoucherTexts() {
  const { i18n } = useLingui();
  const dates = useOrderDates();
  const lang = i18n.locale === "de" ? "de" : "en";
  return {
    value: (v: Pick<Listed, "kind" | "value">) => voucherValueLabel(v.kind, v.value, lang),
    money: (cents: number) => formatCents(cents, lang),
    uses: (v: Pick<Listed, "maxUses" | "usedCount">) => `${v.usedCount} / ${v.maxUses === null ? "∞" : v.maxUses}`,
    from: (v: Pick<Listed, "validFrom">) => dates.dateTime(v.validFrom),
    until: (v: Pick<Listed, "validUntil">) => dates.dateTime(v.validUntil),
  };
}
