import { describe, expect, it } from "vitest";
import { voucherRights } from "../../client/pages/dashboard/vouchers/rights";
import type { Role } from "../../shared/enums";
import { emptyPermissionSet, fullPermissionSet, type PermissionSet } from "../../shared/permissions";

/** The "Discount" entry and its buttons follow voucherRights(user): createVoucher or updateVoucher. */
const user = (role: Role, permissions: Partial<PermissionSet> | null, organiserId: string | null = "org-1") => ({ role, organiserId, permissions });
const member = (granted: Partial<PermissionSet>) => user("team_member", { ...emptyPermissionSet(), ...granted });
const none = { area: false, create: false, update: false };

describe("who gets the Discount area", () => {
  it("a team member without createVoucher and updateVoucher gets nothing, whatever else they may do", () => {
    const everythingElse = { ...fullPermissionSet(), createVoucher: false, updateVoucher: false };
    expect(voucherRights(user("team_member", everythingElse))).toEqual(none);
    expect(voucherRights(member({}))).toEqual(none);
    expect(voucherRights(user("team_member", null))).toEqual(none);
  });

  it("createVoucher opens the area and makes vouchers (one or in bulk) but does not edit them", () => {
    expect(voucherRights(member({ createVoucher: true }))).toEqual({ area: true, create: true, update: false });
  });

  it("updateVoucher opens the area and edits vouchers but makes none", () => {
    expect(voucherRights(member({ updateVoucher: true }))).toEqual({ area: true, create: false, update: true });
  });

  it("both rights, and the organiser, do everything", () => {
    const all = { area: true, create: true, update: true };
    expect(voucherRights(member({ createVoucher: true, updateVoucher: true }))).toEqual(all);
    expect(voucherRights(user("organiser", null))).toEqual(all);
  });

  it("gives nothing to other roles, users without an organiser and signed-out visitors", () => {
    for (const role of ["reseller", "agent", "admin"] as const) expect(voucherRights(user(role, fullPermissionSet()))).toEqual(none);
    expect(voucherRights(user("team_member", { createVoucher: true }, null))).toEqual(none);
    expect(voucherRights(null)).toEqual(none);
    expect(voucherRights(undefined)).toEqual(none);
  });
});
