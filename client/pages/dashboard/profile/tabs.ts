import { canActForOrganiser, isAccountOwner, type RightsHolder } from "../../../../shared/permissions";

/** The profile area's tabs (SPEC §2 order) and their paths under /dashboard/profile/. */
export const PROFILE_TABS = ["profile", "notifications", "payment", "invoices", "plan", "documents", "login", "disable", "team"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * Who sees a tab, as the server allows its procedures (decision 013): organiser profile access
 * opens the account's data; payouts, the team and disabling stay with the owner; everybody
 * signed in changes their own login.
 */
export function mayOpenTab(user: RightsHolder | null | undefined, tab: ProfileTab): boolean {
  switch (tab) {
    case "login":
      return user !== null && user !== undefined;
    case "payment":
    case "disable":
    case "team":
      return isAccountOwner(user);
    default:
      return canActForOrganiser(user, ["orgProfileAccess"]);
  }
}

/** Whether the profile area has any tab for the user (its sidebar entry). */
export function mayOpenProfileArea(user: RightsHolder | null | undefined): boolean {
  return PROFILE_TABS.some((tab) => mayOpenTab(user, tab));
}
