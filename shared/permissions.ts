/**
 * The organiser permission set of SPEC §3. `creat{product}s` / `updat{product}s` are the
 * ticket rights ("create tickets", "update tickets" on the team-management screen).
 */
export const PERMISSIONS = [
  "createEvent",
  "updateEvent",
  "createTickets",
  "updateTickets",
  "viewOrders",
  "updateOrderDate",
  "viewMainDashboard",
  "createVoucher",
  "updateVoucher",
  "reportAreaAccess",
  "printAreaAccess",
  "walletAccess",
  "orgProfileAccess",
  "showBoxoffice",
  "updateBoxoffice",
  "seatingPlansView",
  "seatingPlansUpdate",
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type PermissionSet = Record<Permission, boolean>;

/** Every right off: the default of a new team member. */
export function emptyPermissionSet(): PermissionSet {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as PermissionSet;
}

/** An organiser acts with every right. */
export function fullPermissionSet(): PermissionSet {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, true])) as PermissionSet;
}
