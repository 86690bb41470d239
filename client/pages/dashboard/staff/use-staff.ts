import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC, type RouterOutputs } from "../../../lib/trpc";

export type StaffMember = RouterOutputs["staff"]["manage"]["list"][number];
export type AssignableEvent = RouterOutputs["staff"]["manage"]["events"][number];

export function staffName(member: Pick<StaffMember, "firstName" | "lastName">): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** Refetches the staff list after a change. */
export function useRefreshStaff() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.staff.manage.list.queryKey() });
}

/** Dates of the staff page: a sign-in in the viewer's zone, an event's first day in the event's. */
export function useStaffDates() {
  const { i18n } = useLingui();
  return {
    dateTime: (d: Date) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(d),
    day: (d: Date, timeZone: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeZone }).format(d),
  };
}
