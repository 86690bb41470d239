import { useLingui } from "@lingui/react/macro";
import type { Role } from "../../shared/enums";

export function useRoleLabels(): (role: Role) => string {
  const { t } = useLingui();
  const labels: Record<Role, string> = {
    organiser: t`Organisers`,
    team_member: t`Team members`,
    reseller: t`Resellers`,
    agent: t`Event staff`,
    admin: t`Administrators`,
  };
  return (role) => labels[role];
}
