import { describe, expect, it } from "vitest";
import { boxOfficeRights } from "../../client/pages/dashboard/boxoffice/rights";
import type { Role } from "../../shared/enums";
import { emptyPermissionSet, fullPermissionSet, type PermissionSet } from "../../shared/permissions";

/** The box office entries (dashboard home card, event dashboard button, the counter area) follow boxOfficeRights(user).counter. */
const user = (role: Role, permissions: Partial<PermissionSet> | null, organiserId: string | null = "org-1") => ({ role, organiserId, permissions });
const member = (granted: Partial<PermissionSet>) => user("team_member", { ...emptyPermissionSet(), ...granted });

describe("who gets the Box office entries", () => {
  it("a team member without showBoxoffice and updateBoxoffice gets none, whatever else they may do", () => {
    const everythingElse = { ...fullPermissionSet(), showBoxoffice: false, updateBoxoffice: false };
    expect(boxOfficeRights(user("team_member", everythingElse))).toEqual({ counter: false, setup: false });
    expect(boxOfficeRights(member({}))).toEqual({ counter: false, setup: false });
    expect(boxOfficeRights(user("team_member", null))).toEqual({ counter: false, setup: false });
  });

  it("showBoxoffice opens the counter but not its settings", () => {
    expect(boxOfficeRights(member({ showBoxoffice: true }))).toEqual({ counter: true, setup: false });
  });

  it("updateBoxoffice sets it up and may work the counter too; the organiser has both", () => {
    expect(boxOfficeRights(member({ updateBoxoffice: true }))).toEqual({ counter: true, setup: true });
    expect(boxOfficeRights(member({ showBoxoffice: true, updateBoxoffice: true }))).toEqual({ counter: true, setup: true });
    expect(boxOfficeRights(user("organiser", null))).toEqual({ counter: true, setup: true });
  });

  it("gives nothing to other roles, users without an organiser and signed-out visitors", () => {
    for (const role of ["reseller", "agent", "admin"] as const) expect(boxOfficeRights(user(role, fullPermissionSet()))).toEqual({ counter: false, setup: false });
    expect(boxOfficeRights(user("team_member", { showBoxoffice: true }, null))).toEqual({ counter: false, setup: false });
    expect(boxOfficeRights(null)).toEqual({ counter: false, setup: false });
    expect(boxOfficeRights(undefined)).toEqual({ counter: false, setup: false });
  });
});
