import { describe, expect, it } from "vitest";
import { printAreaRights } from "../../client/pages/dashboard/print/rights";
import type { Role } from "../../shared/enums";
import { emptyPermissionSet, fullPermissionSet, type PermissionSet } from "../../shared/permissions";

/** The sidebar's "Print area" group (Printing, Activation, Sponsors) follows printAreaRights(user).area. */
const user = (role: Role, permissions: Partial<PermissionSet> | null, organiserId: string | null = "org-1") => ({ role, organiserId, permissions });
const member = (granted: Partial<PermissionSet>) => user("team_member", { ...emptyPermissionSet(), ...granted });

describe("who gets the Print area", () => {
  it("a team member without printAreaAccess gets nothing, whatever else they may do", () => {
    expect(printAreaRights(user("team_member", { ...fullPermissionSet(), printAreaAccess: false }))).toEqual({ area: false });
    expect(printAreaRights(member({}))).toEqual({ area: false });
    expect(printAreaRights(user("team_member", null))).toEqual({ area: false });
  });

  it("printAreaAccess opens it to a team member; the organiser always has it", () => {
    expect(printAreaRights(member({ printAreaAccess: true }))).toEqual({ area: true });
    expect(printAreaRights(user("organiser", null))).toEqual({ area: true });
    expect(printAreaRights(user("organiser", emptyPermissionSet()))).toEqual({ area: true });
  });

  it("gives nothing to other roles, users without an organiser and signed-out visitors", () => {
    for (const role of ["reseller", "agent", "admin"] as const) expect(printAreaRights(user(role, fullPermissionSet()))).toEqual({ area: false });
    expect(printAreaRights(user("team_member", { printAreaAccess: true }, null))).toEqual({ area: false });
    expect(printAreaRights(null)).toEqual({ area: false });
    expect(printAreaRights(undefined)).toEqual({ area: false });
  });
});
