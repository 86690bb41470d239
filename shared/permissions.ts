import type { Role } from "./enums";

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

/** The part of a signed-in user the rights rule reads (the server's session user, the client's userInfo). */
export type RightsHolder = {
  role: Role;
  organiserId: string | null;
  permissions?: Partial<PermissionSet> | null;
};

/**
 * Whether a user may act for its organiser with any of `permissions`: organisers hold every
 * right, team members the ones granted to them, every other role none. The server enforces it
 * in `organiserProcedure`; the client shows only what it would allow.
 */
export function canActForOrganiser(user: RightsHolder | null | undefined, permissions: readonly Permission[]): boolean {
  if (!user || user.organiserId === null) return false;
  if (user.role === "organiser") return true;
  return user.role === "team_member" && permissions.some((p) => user.permissions?.[p] === true);
}

/**
 * The organiser account's owner: the only one who may change payment details, manage the team
 * and disable the account, whatever rights a team member holds (decision 013).
 */
export function isAccountOwner(user: RightsHolder | null | undefined): boolean {
  return user?.role === "organiser" && user.organiserId !== null;
}
