import { canActForOrganiser, type RightsHolder } from "../../../../shared/permissions";

/**
 * What the signed-in user may do at the box office, as the server's `boxOffice.*` procedures
 * allow it (SPEC §6, decision 017: showBoxoffice works the counter, updateBoxoffice sets it up
 * and may work it too): `counter` shows the Box office entries (the dashboard home card, the
 * event dashboard's button, the counter area; the sidebar asks the same two rights) and the
 * counter; `setup` edits an event's fee and print format.
 */
export function boxOfficeRights(user: RightsHolder | null | undefined): { counter: boolean; setup: boolean } {
  return {
    counter: canActForOrganiser(user, ["showBoxoffice", "updateBoxoffice"]),
    setup: canActForOrganiser(user, ["updateBoxoffice"]),
  };
}
