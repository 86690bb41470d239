import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Permission } from "../../shared/permissions";

/** The 17 rights as the team-management screen lists them (SPEC §6), in its order. */
export const PERMISSION_LABELS: Record<Permission, MessageDescriptor> = {
  createEvent: msg`Create event`,
  updateEvent: msg`Update event`,
  createTickets: msg`Create tickets`,
  updateTickets: msg`Update tickets`,
  viewOrders: msg`View orders`,
  updateOrderDate: msg`Update orders`,
  viewMainDashboard: msg`View main dashboard`,
  createVoucher: msg`Create voucher`,
  updateVoucher: msg`Update voucher`,
  reportAreaAccess: msg`Report area access`,
  printAreaAccess: msg`Print area access`,
  walletAccess: msg`Wallet access`,
  orgProfileAccess: msg`Organizer profile access`,
  seatingPlansView: msg`View stadium template`,
  seatingPlansUpdate: msg`Update stadium template`,
  showBoxoffice: msg`Show boxoffice`,
  updateBoxoffice: msg`Update boxoffice`,
};

/** SPEC §6 lists the rights in this order (PERMISSIONS keeps the permission set's order). */
export const PERMISSION_ORDER = Object.keys(PERMISSION_LABELS) as Permission[];
