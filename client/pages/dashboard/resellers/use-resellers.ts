import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { formatCents } from "../../../../shared/rules/money";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc";

export type ResellerRow = RouterOutputs["resellerManage"]["list"][number];
export type StoredReseller = RouterOutputs["resellerManage"]["get"];
export type ResellerOption = RouterOutputs["resellerManage"]["options"][number];

/** The list's paths inside /dashboard/resellers. */
export const resellerPaths = {
  list: "/",
  create: "/new",
  edit: (id: string) => `/${id}`,
  allocations: "/allocations",
};

/** Refetches everything of the reseller area after a change. */
export function useRefreshResellers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.resellerManage.pathKey() });
}

/** Money, counts, countries and an event's first day as the viewer reads them. */
export function useResellerFormats() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const countries = useMemo(() => new Intl.DisplayNames([locale], { type: "region" }), [locale]);
  return {
    money: (cents: number) => formatCents(cents, locale),
    number: (n: number) => new Intl.NumberFormat(locale).format(n),
    country: (code: string) => countries.of(code) ?? code,
    day: (d: Date, timeZone: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(d),
  };
}
