import { canActForOrganiser, type RightsHolder } from "../../../../shared/permissions";

/**
 * What the signed-in user may do in the print area, as the server's `print.*`, `hardTickets.*`
 * and `sponsors.*` procedures allow it (SPEC §6 printAreaAccess): `area` shows the sidebar's
 * "Print area" group (Printing, Activation, Sponsors) and opens its pages.
 */
export function printAreaRights(user: RightsHolder | null | undefined): { area: boolean } {
  return { area: canActForOrganiser(user, ["printAreaAccess"]) };
}
