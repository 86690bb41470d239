import { describe, expect, it } from "vitest";
import type { Role } from "../../shared/enums";
import { canActForOrganiser, fullPermissionSet } from "../../shared/permissions";

const user = (role: Role, permissions: Record<string, boolean> | null = null, organiserId: string | null = "org-1") => ({ role, organiserId, permissions });

describe("canActForOrganiser: the one rights rule of server and client", () => {
  it("lets an organiser act with every right", () => {
    expect(canActForOrganiser(user("organiser"), ["viewMainDashboard"])).toBe(true);
  });

  it("lets a team member act with a granted right only", () => {
    expect(canActForOrganiser(user("team_member", { viewMainDashboard: true }), ["viewMainDashboard"])).toBe(true);
    expect(canActForOrganiser(user("team_member", { viewMainDashboard: false }), ["viewMainDashboard"])).toBe(false);
    expect(canActForOrganiser(user("team_member", null), ["viewMainDashboard"])).toBe(false);
  });

  it("needs any one of several rights", () => {
    expect(canActForOrganiser(user("team_member", { updateEvent: true }), ["createEvent", "updateEvent"])).toBe(true);
    expect(canActForOrganiser(user("team_member", { viewOrders: true }), ["createEvent", "updateEvent"])).toBe(false);
  });

  it("gives no organiser right to other roles, whatever rights their record carries", () => {
    // The drifted client copy (role organiser, or the right set) let a reseller with a stray flag through.
    for (const role of ["reseller", "agent", "admin"] as const) {
      expect(canActForOrganiser(user(role, fullPermissionSet()), ["viewMainDashboard"])).toBe(false);
    }
  });

  it("refuses a user without an organiser and a signed-out visitor", () => {
    expect(canActForOrganiser(user("organiser", null, null), ["viewMainDashboard"])).toBe(false);
    expect(canActForOrganiser(user("team_member", fullPermissionSet(), null), ["viewMainDashboard"])).toBe(false);
    expect(canActForOrganiser(null, ["viewMainDashboard"])).toBe(false);
    expect(canActForOrganiser(undefined, ["viewMainDashboard"])).toBe(false);
  });
});
