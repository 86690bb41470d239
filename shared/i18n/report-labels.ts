import type { MessageDescriptor } from "@lingui/core";
import type { ReportTab } from "../schemas/reports";

/**
 * Texts of the organiser's reports (issue 22 item 3, decision 025): column headers keyed
 * `${tab}.${columnKey}` (the keys `runReport` answers with), the values of code columns
 * (`channel`, `method`, `state`) keyed `${columnKey}.${code}`, the tabs and their views. The page,
 * the CSV and the PDF all read them; descriptors so Lingui extracts them (ids `reports.*`).
 */
export const REPORT_COLUMN_LABELS: Record<string, MessageDescriptor> = {
  // Sales: per day, per channel, per payment method.
  "sales.day": /*i18n*/ { id: "reports.col.sales.day", message: "Day" },
  "sales.channel": /*i18n*/ { id: "reports.col.sales.channel", message: "Channel" },
  "sales.method": /*i18n*/ { id: "reports.col.sales.method", message: "Payment method" },
  "sales.orders": /*i18n*/ { id: "reports.col.sales.orders", message: "Orders" },
  "sales.tickets": /*i18n*/ { id: "reports.col.sales.tickets", message: "Tickets" },
  "sales.paidCents": /*i18n*/ { id: "reports.col.sales.paidCents", message: "Paid" },
  "sales.refundsCents": /*i18n*/ { id: "reports.col.sales.refundsCents", message: "Refunds" },
  "sales.grossCents": /*i18n*/ { id: "reports.col.sales.grossCents", message: "Gross sales" },
  "sales.serviceFeesCents": /*i18n*/ { id: "reports.col.sales.serviceFeesCents", message: "Service fees" },
  "sales.boxOfficeFeesCents": /*i18n*/ { id: "reports.col.sales.boxOfficeFeesCents", message: "Box office fees" },
  "sales.revenueCents": /*i18n*/ { id: "reports.col.sales.revenueCents", message: "Revenue" },
  // Tickets: per event and category.
  "tickets.event": /*i18n*/ { id: "reports.col.tickets.event", message: "Event" },
  "tickets.category": /*i18n*/ { id: "reports.col.tickets.category", message: "Ticket category" },
  "tickets.sold": /*i18n*/ { id: "reports.col.tickets.sold", message: "Sold" },
  "tickets.cancelled": /*i18n*/ { id: "reports.col.tickets.cancelled", message: "Cancelled" },
  "tickets.listCents": /*i18n*/ { id: "reports.col.tickets.listCents", message: "List price" },
  "tickets.discountCents": /*i18n*/ { id: "reports.col.tickets.discountCents", message: "Discounts" },
  "tickets.boxOfficeFeesCents": /*i18n*/ { id: "reports.col.tickets.boxOfficeFeesCents", message: "Box office fees" },
  "tickets.revenueCents": /*i18n*/ { id: "reports.col.tickets.revenueCents", message: "Revenue" },
  // Check-ins of one event: per hour, per device.
  "checkins.hour": /*i18n*/ { id: "reports.col.checkins.hour", message: "Hour" },
  "checkins.device": /*i18n*/ { id: "reports.col.checkins.device", message: "Device" },
  "checkins.admissions": /*i18n*/ { id: "reports.col.checkins.admissions", message: "Admissions" },
  "checkins.first": /*i18n*/ { id: "reports.col.checkins.first", message: "First admission" },
  "checkins.last": /*i18n*/ { id: "reports.col.checkins.last", message: "Last admission" },
  // Vouchers: per code.
  "vouchers.code": /*i18n*/ { id: "reports.col.vouchers.code", message: "Voucher code" },
  "vouchers.event": /*i18n*/ { id: "reports.col.vouchers.event", message: "Event" },
  "vouchers.state": /*i18n*/ { id: "reports.col.vouchers.state", message: "State" },
  "vouchers.uses": /*i18n*/ { id: "reports.col.vouchers.uses", message: "Uses" },
  "vouchers.tickets": /*i18n*/ { id: "reports.col.vouchers.tickets", message: "Tickets" },
  "vouchers.discountCents": /*i18n*/ { id: "reports.col.vouchers.discountCents", message: "Discounts" },
  "vouchers.revenueCents": /*i18n*/ { id: "reports.col.vouchers.revenueCents", message: "Revenue" },
  // Resellers: what each sold and owes.
  "resellers.reseller": /*i18n*/ { id: "reports.col.resellers.reseller", message: "Reseller" },
  "resellers.orders": /*i18n*/ { id: "reports.col.resellers.orders", message: "Orders" },
  "resellers.tickets": /*i18n*/ { id: "reports.col.resellers.tickets", message: "Tickets" },
  "resellers.cancelled": /*i18n*/ { id: "reports.col.resellers.cancelled", message: "Cancelled tickets" },
  "resellers.soldCents": /*i18n*/ { id: "reports.col.resellers.soldCents", message: "Sold" },
  "resellers.cancelledCents": /*i18n*/ { id: "reports.col.resellers.cancelledCents", message: "Cancelled" },
  "resellers.owesCents": /*i18n*/ { id: "reports.col.resellers.owesCents", message: "Owes" },
  // VAT: per rate.
  "vat.rate": /*i18n*/ { id: "reports.col.vat.rate", message: "VAT rate" },
  "vat.grossCents": /*i18n*/ { id: "reports.col.vat.grossCents", message: "Gross" },
  "vat.netCents": /*i18n*/ { id: "reports.col.vat.netCents", message: "Net" },
  "vat.vatCents": /*i18n*/ { id: "reports.col.vat.vatCents", message: "VAT" },
  // Box office shifts (their Z-reports).
  "shifts.cashier": /*i18n*/ { id: "reports.col.shifts.cashier", message: "Cashier" },
  "shifts.opened": /*i18n*/ { id: "reports.col.shifts.opened", message: "Opened" },
  "shifts.closed": /*i18n*/ { id: "reports.col.shifts.closed", message: "Closed" },
  "shifts.sales": /*i18n*/ { id: "reports.col.shifts.sales", message: "Sales" },
  "shifts.tickets": /*i18n*/ { id: "reports.col.shifts.tickets", message: "Tickets" },
  "shifts.salesCents": /*i18n*/ { id: "reports.col.shifts.salesCents", message: "Takings" },
  "shifts.cashCents": /*i18n*/ { id: "reports.col.shifts.cashCents", message: "Cash" },
  "shifts.cardCents": /*i18n*/ { id: "reports.col.shifts.cardCents", message: "Card" },
  "shifts.otherCents": /*i18n*/ { id: "reports.col.shifts.otherCents", message: "Other methods" },
  "shifts.refundsCents": /*i18n*/ { id: "reports.col.shifts.refundsCents", message: "Refunds" },
  "shifts.startingCashCents": /*i18n*/ { id: "reports.col.shifts.startingCashCents", message: "Starting cash" },
  "shifts.expectedCashCents": /*i18n*/ { id: "reports.col.shifts.expectedCashCents", message: "Cash expected" },
  "shifts.countedCents": /*i18n*/ { id: "reports.col.shifts.countedCents", message: "Cash counted" },
  "shifts.differenceCents": /*i18n*/ { id: "reports.col.shifts.differenceCents", message: "Difference" },
};

/** Values of code columns: `channel.*` (sales per channel), `method.*` (per payment method), `state.*` (a voucher's state). */
export const REPORT_VALUE_LABELS: Record<string, MessageDescriptor> = {
  "channel.online": /*i18n*/ { id: "reports.value.channel.online", message: "Online" },
  "channel.box_office": /*i18n*/ { id: "reports.value.channel.box_office", message: "Box office" },
  "channel.reseller": /*i18n*/ { id: "reports.value.channel.reseller", message: "Reseller" },
  "channel.hard_ticket": /*i18n*/ { id: "reports.value.channel.hard_ticket", message: "Hard tickets" },
  "method.online": /*i18n*/ { id: "reports.value.method.online", message: "Online" },
  "method.cash": /*i18n*/ { id: "reports.value.method.cash", message: "Cash" },
  "method.card": /*i18n*/ { id: "reports.value.method.card", message: "Card" },
  "method.paypal": /*i18n*/ { id: "reports.value.method.paypal", message: "PayPal" },
  "method.free_of_charge": /*i18n*/ { id: "reports.value.method.free_of_charge", message: "Free of charge" },
  "method.other": /*i18n*/ { id: "reports.value.method.other", message: "Other" },
  "state.active": /*i18n*/ { id: "reports.value.state.active", message: "Active" },
  "state.inactive": /*i18n*/ { id: "reports.value.state.inactive", message: "Inactive" },
  "state.upcoming": /*i18n*/ { id: "reports.value.state.upcoming", message: "Not yet valid" },
  "state.expired": /*i18n*/ { id: "reports.value.state.expired", message: "Expired" },
  "state.used": /*i18n*/ { id: "reports.value.state.used", message: "Used" },
  "state.limit_reached": /*i18n*/ { id: "reports.value.state.limit_reached", message: "Limit reached" },
};

/** Text columns whose values are codes translated through REPORT_VALUE_LABELS (`${key}.${value}`). */
export const REPORT_CODE_COLUMNS: readonly string[] = ["channel", "method", "state"];

export const REPORT_TAB_LABELS: Record<ReportTab, MessageDescriptor> = {
  sales: /*i18n*/ { id: "reports.tab.sales", message: "Sales" },
  tickets: /*i18n*/ { id: "reports.tab.tickets", message: "Tickets" },
  checkins: /*i18n*/ { id: "reports.tab.checkins", message: "Check-ins" },
  vouchers: /*i18n*/ { id: "reports.tab.vouchers", message: "Vouchers" },
  resellers: /*i18n*/ { id: "reports.tab.resellers", message: "Resellers" },
  vat: /*i18n*/ { id: "reports.tab.vat", message: "VAT" },
  shifts: /*i18n*/ { id: "reports.tab.shifts", message: "Box office shifts" },
};

export const REPORT_VIEW_LABELS: Record<string, MessageDescriptor> = {
  "sales.day": /*i18n*/ { id: "reports.view.sales.day", message: "Per day" },
  "sales.channel": /*i18n*/ { id: "reports.view.sales.channel", message: "Per channel" },
  "sales.method": /*i18n*/ { id: "reports.view.sales.method", message: "Per payment method" },
  "tickets.category": /*i18n*/ { id: "reports.view.tickets.category", message: "Per category" },
  "checkins.hour": /*i18n*/ { id: "reports.view.checkins.hour", message: "Per hour" },
  "checkins.device": /*i18n*/ { id: "reports.view.checkins.device", message: "Per device" },
  "vouchers.voucher": /*i18n*/ { id: "reports.view.vouchers.voucher", message: "Per voucher" },
  "resellers.reseller": /*i18n*/ { id: "reports.view.resellers.reseller", message: "Per reseller" },
  "vat.rate": /*i18n*/ { id: "reports.view.vat.rate", message: "Per VAT rate" },
  "shifts.shift": /*i18n*/ { id: "reports.view.shifts.shift", message: "Per shift" },
};

/** A column's header: its tab's label, else a shared `common.*` one, else the key itself (never blank). */
export function reportColumnLabel(tab: ReportTab, key: string): MessageDescriptor {
  return REPORT_COLUMN_LABELS[`${tab}.${key}`] ?? REPORT_COLUMN_LABELS[`common.${key}`] ?? { id: `reports.col.${tab}.${key}`, message: key };
}

/** A code column's value in words (`channel`, `method`, `state`), or null for a name written as is. */
export function reportValueLabel(columnKey: string, value: string): MessageDescriptor | null {
  return REPORT_CODE_COLUMNS.includes(columnKey) ? (REPORT_VALUE_LABELS[`${columnKey}.${value}`] ?? null) : null;
}
