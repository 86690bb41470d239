import { useLingui } from "@lingui/react/macro";
import type { ActiveStatus } from "../../../../shared/enums";
import type { StadiumType } from "../../../../shared/seating/layout";
import { canActForOrganiser } from "../../../../shared/permissions";
import { useUserInfo } from "../../../lib/session";

/** Absolute paths (the area may be mounted under any nest). */
export const stadiumPaths = {
  list: "~/dashboard/stadiums",
  create: "~/dashboard/stadiums/new",
  edit: (id: string) => `~/dashboard/stadiums/${id}`,
};

export function useStadiumTypeLabels(): Record<StadiumType, string> {
  const { t } = useLingui();
  return {
    daily: t`Daily`,
    seasonal: t`Seasonal`,
    daily_from_season: t`Daily, based on a season template`,
  };
}

export function useActiveStatusLabels(): Record<ActiveStatus, string> {
  const { t } = useLingui();
  return { ACTIVE: t`Active`, INACTIVE: t`Inactive` };
}

/** Whether the signed-in user may change stadium templates (SPEC §6 "update stadium template"). */
export function useCanUpdateStadiums(): boolean {
  const info = useUserInfo();
  return canActForOrganiser(info?.user, ["seatingPlansUpdate"]);
}
