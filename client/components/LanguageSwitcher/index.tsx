import { SegmentedControl } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { changeLocale } from "../../i18n";

export function LanguageSwitcher({ size = "xs" }: { size?: "xs" | "sm" }) {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size={size}
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(value) => changeLocale(value === "en" ? "en" : "de")}
      data={[
        { value: "de", label: "DE" },
        { value: "en", label: "EN" },
      ]}
    />
  );
}
