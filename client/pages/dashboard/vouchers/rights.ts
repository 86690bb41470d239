import { canActForOrganiser, type RightsHolder } from "../../../../shared/permissions";

/**
 * What the signed-in user may do with vouchers, as the server's `vouchers.*` procedures allow it
 * (SPEC §6): `area` shows the "Discount" entry and the list (either right), `create` makes new
 * vouchers one by one or in bulk, `update` edits one (without it a voucher opens read-only).
 */
export function voucherRights(user: RightsHolder | null | undefined): { area: boolean; create: boolean; update: boolean } {
  const create = canActForOrganiser(user, ["createVoucher"]);
  const update = canActForOrganiser(user, ["updateVoucher"]);
  return { area: create || update, create, update };
}
