import { SegmentedControl } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { BillingPeriod } from "../../../shared/plans";

/** Monthly or yearly billing: the pricing page and the plan tab choose the same way. */
export function BillingPeriodSwitch({ value, onChange }: { value: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      aria-label={t`Billing period`}
      value={value}
      onChange={(next) => onChange(next === "yearly" ? "yearly" : "monthly")}
      data={[
        { value: "monthly", label: t`Monthly` },
        { value: "yearly", label: t`Yearly` },
      ]}
    />
  );
}
