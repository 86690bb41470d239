import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { TRPCClientError } from "@trpc/client";
import type { AppErrorCode } from "../../shared/errors";
import { IMAGE_PIXEL_LIMITS, INVENTORY_BUDGETS } from "../../shared/limits";
import { VE, type EventValidationMessage } from "../../shared/schemas/event-messages";
import { V, type ValidationMessage } from "../../shared/schemas/messages";
import { WAITING_ROOM_MAX_PER_MINUTE, WAITING_ROOM_MIN_PER_MINUTE } from "../../shared/rules/waiting-room";
import type { AppRouter } from "../../server/trpc/router";

// Named, so the catalogue shows what each placeholder is.
const PLAN_SEATS_UNVERIFIED = INVENTORY_BUDGETS.unverified.seatsPerPlan;
const PLAN_SEATS_VERIFIED = INVENTORY_BUDGETS.verified.seatsPerPlan;
const SEAT_DATES_UNVERIFIED = INVENTORY_BUDGETS.unverified.seatDatesPerEvent;
const SEAT_DATES_VERIFIED = INVENTORY_BUDGETS.verified.seatDatesPerEvent;
const EVENT_IMAGE_MAX_SIDE = IMAGE_PIXEL_LIMITS.event_image.maxWidth;
const STADIUM_IMAGE_MAX_SIDE = IMAGE_PIXEL_LIMITS.stadium_image.maxWidth;
const WAITING_ROOM_MIN_RATE = WAITING_ROOM_MIN_PER_MINUTE;
const WAITING_ROOM_MAX_RATE = WAITING_ROOM_MAX_PER_MINUTE;

/** SPEC §8 texts for every code the server sends. */
const ERROR_MESSAGES: Record<AppErrorCode, MessageDescriptor> = {
  UNAUTHENTICATED: msg`User is not authenticated`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  NOT_FOUND: msg`Not found.`,
  BAD_REQUEST: msg`Something went wrong`,
  VALIDATION: msg`Please check the highlighted fields.`,
  TOO_MANY_REQUESTS: msg`Too many attempts. Please wait a few minutes and try again.`,
  CONFLICT: msg`Something went wrong`,
  INTERNAL: msg`Something went wrong`,
  INVALID_CREDENTIALS: msg`Error logging in: email or password is wrong.`,
  ACCOUNT_NOT_ACTIVATED: msg`Your account is not activated yet. Please use the link in the activation email.`,
  ACCOUNT_DISABLED: msg`This account is deactivated.`,
  EMAIL_TAKEN: msg`An account with this email address already exists.`,
  EMAIL_NOT_FOUND: msg`Email not found.`,
  INVALID_TOKEN: msg`This link is invalid or has already been used.`,
  TOKEN_EXPIRED: msg`This link has expired. Please request a new one.`,
  ALREADY_ACTIVATED: msg`This account has already been activated.`,
  CROSS_ORIGIN: msg`Something went wrong`,
  EVENT_CANCELLED: msg`This event is cancelled and can no longer be changed.`,
  EVENT_NOT_PUBLISHED: msg`Only a published or scheduled event can be cancelled. Delete a draft instead.`,
  DATES_LOCKED: msg`The dates of a published event cannot be changed or removed; you can only add dates.`,
  PROFILE_NOT_VERIFIED: msg`Your profile is not verified yet. Until then events can only be saved as drafts.`,
  INSUFFICIENT_CONTINGENT: msg`Insufficient ticket contingent. Buy a plan with enough tickets to publish this event.`,
  EVENT_INCOMPLETE: msg`The event is not complete yet: please fill in the event data and its dates.`,
  NO_TICKETS: msg`Add at least one ticket category before publishing.`,
  STANDING_AREA_WITHOUT_TICKET: msg`A free seating area of the seating plan has no ticket. Add a ticket for its category in the tickets step before publishing.`,
  TICKET_QUANTITY_BELOW_SOLD: msg`The quantity cannot be lower than the tickets already sold or held.`,
  TICKET_SALE_END_INVALID: msg`The sale must end after it starts and no later than the event ends.`,
  REPORT_PERIOD_INVALID: msg`The period must end on or after the day it starts.`,
  REPORT_NO_DATA_PERIOD: msg`There is no data for this period.`,
  REPORT_NO_DATA_EVENT: msg`There is no data for this event.`,
  REPORT_NO_EVENT_SELECTED: msg`Please select an event for this report.`,
  REPORT_DOWNLOAD_FAILED: msg`The report could not be downloaded. Please try again.`,
  WITHDRAWAL_ABOVE_BALANCE: msg`The amount is higher than your available balance.`,
  WITHDRAWAL_AMOUNT_INVALID: msg`Enter an amount above 0.`,
  WITHDRAWAL_NO_PAYMENT_DETAILS: msg`Add your bank details (IBAN) in your account before requesting a withdrawal.`,
  WITHDRAWAL_NOT_PENDING: msg`This withdrawal has already been decided.`,
  REASON_REQUIRED: msg`Please give a reason: the organiser reads it.`,
  PLAN_PERIOD_INVALID: msg`The plan must end after it starts.`,
  CONTINGENT_BELOW_ZERO: msg`The ticket contingent cannot go below 0.`,
  WAITING_ROOM_NOT_ADMITTED: msg`It is not your turn yet, or your time to choose tickets has run out. Please wait in the queue for this event.`,
  HAS_SALES: msg`Tickets have already been sold for this event, so it cannot be deleted.`,
  INVALID_UPLOAD: msg`This file is not a valid image.`,
  UPLOAD_TOO_LARGE: msg`The file is too large.`,
  INVALID_SCHEDULE: msg`Please check the dates and times.`,
  TEMPLATE_CONFLICT: msg`Someone else saved this seating plan in the meantime. Reload it to see their changes.`,
  TEMPLATE_IN_USE: msg`This seating plan is used by an event and cannot be deleted.`,
  BLOCK_ACTION_REFUSED: msg`Tickets have been sold on this seating plan: blocks can no longer be deleted or rearranged, and sold seats keep their category.`,
  TEMPLATE_NOT_AVAILABLE: msg`Choose an active seating plan of the right type.`,
  SEATING_LOCKED: msg`Tickets have been sold or reserved for this event: its seating can no longer be changed.`,
  EVENT_NOT_ON_SALE: msg`Tickets for this date are not on sale.`,
  ACCESS_CODE_INVALID: msg`The access code is not correct.`,
  CART_NOT_FOUND: msg`Your selection could not be found. Please choose your tickets again.`,
  CART_EXPIRED: msg`Your reservation has expired. Please choose your tickets again.`,
  HOLD_ALREADY_EXTENDED: msg`Your reservation has already been extended once.`,
  SOLD_OUT: msg`Not enough tickets are left.`,
  SEAT_NOT_FOUND: msg`Seat not found or not on the seating plan.`,
  TICKET_BOXOFFICE_ONLY: msg`This ticket is only sold at the box office.`,
  TICKET_NOT_YET_ON_SALE: msg`This ticket is not on sale yet.`,
  TICKET_SALE_ENDED: msg`The sale of this ticket has ended.`,
  TICKET_NOT_SELECTABLE: msg`This ticket can only be chosen together with another ticket.`,
  TICKETS_BELOW_MIN: msg`Please choose more tickets of this kind: the minimum per order is not reached.`,
  TICKETS_ABOVE_MAX: msg`You have reached the maximum number of tickets per order.`,
  SEATS_PER_TICKET: msg`Please choose the full number of seats for each ticket.`,
  CART_CHANGED: msg`Your reservation has changed. Please check your tickets and try again.`,
  PARTICIPANT_REQUIRED: msg`Please fill in the required participant information for every ticket.`,
  ORDER_UNAVAILABLE: msg`Your order cannot be shown at the moment. Please check your confirmation email.`,
  TICKETS_UNAVAILABLE: msg`The tickets cannot be downloaded at the moment. Please download them from your confirmation email.`,
  HOLD_LIMIT_REACHED: msg`Too many seats are reserved from your connection at the moment. Complete or cancel a reservation, or try again in a few minutes.`,
  CART_LIMIT_REACHED: msg`You already have the most reservations open that one device may have. Complete or cancel one of them first.`,
  PLAN_SEAT_LIMIT: msg`This seating plan has too many seats: up to ${PLAN_SEATS_UNVERIFIED} seats until your profile is verified, up to ${PLAN_SEATS_VERIFIED} after.`,
  IMAGE_TOO_LARGE: msg`The image has too many pixels: event images may be at most ${EVENT_IMAGE_MAX_SIDE} pixels wide or high, venue images ${STADIUM_IMAGE_MAX_SIDE}. Please scale it down.`,
  WRONG_PASSWORD: msg`The current password is wrong.`,
  USERNAME_TAKEN: msg`This user name is already taken.`,
  INVALID_DOCUMENT: msg`Please upload a PDF, Word (DOC or DOCX) or JPEG file under 5 MB.`,
  DOCUMENT_LIMIT: msg`You have uploaded the most documents allowed. Delete one before uploading another.`,
  DOCUMENTS_REQUIRED: msg`Upload at least one document before sending your profile for review.`,
  NOT_IN_REVIEW: msg`This profile is not waiting for review.`,
  ALREADY_VERIFIED: msg`This profile is already verified.`,
  PLAN_PAYMENT_OPEN: msg`A plan purchase is still waiting for its payment. Finish or cancel it first.`,
  LINE_ALREADY_CANCELLED: msg`This ticket is already cancelled.`,
  ORDER_NOT_CHANGEABLE: msg`Only a valid order can be changed: this one is waiting for its payment, failed or is cancelled.`,
  TICKET_CHECKED_IN: msg`This ticket has been checked in already and can no longer be changed.`,
  DATE_NOT_AVAILABLE: msg`Choose another date of the same event that has not started and is not cancelled.`,
  DATE_CHANGE_SEASON: msg`A season ticket is valid for every date of the season: its date cannot be changed.`,
  SEAT_SELECTION_REQUIRED: msg`The same seat is not free on the new date: pick a free seat on the plan for each ticket.`,
  NO_PLACE_ON_DATE: msg`There is no free place for these tickets on the chosen date. Nothing was changed.`,
  NO_ORDERS_TO_EXPORT: msg`No orders match these filters, so there is nothing to export.`,
  REFUND_NOT_RETRYABLE: msg`Only a failed refund can be tried again.`,
  NO_OPEN_SHIFT: msg`Open a shift with your starting cash before selling. Nothing was sold.`,
  SHIFT_ALREADY_OPEN: msg`You already have an open shift. Close it before opening another.`,
  CASH_BELOW_TOTAL: msg`The cash given is less than the total. Nothing was sold.`,
  SALE_NOT_FREE: msg`These tickets are not free of charge: choose cash, card, PayPal or other. Nothing was sold.`,
  SALE_NOT_IN_SHIFT: msg`Only a sale of your open shift can be cancelled here; use the orders page for other orders.`,
  CHECKIN_NOT_UNDOABLE: msg`This check-in cannot be undone any more: it was undone already or was not an entry.`,
  VOUCHER_CODE_EXISTS: msg`This voucher code already exists for this event or series.`,
  VOUCHER_EVENT_NOT_FOUND: msg`Event not found.`,
  VOUCHER_INVALID: msg`This voucher code is invalid.`,
  VOUCHER_EXPIRED: msg`This voucher has expired.`,
  VOUCHER_NOT_YET_VALID: msg`This voucher is not valid yet.`,
  VOUCHER_INACTIVE: msg`This voucher is inactive.`,
  VOUCHER_LIMIT_REACHED: msg`This voucher has reached its usage limit.`,
  VOUCHER_ALREADY_USED: msg`This voucher has already been used.`,
  VOUCHER_BLOCK_NOT_FOUND: msg`Block not found or not on the seating plan.`,
  VOUCHER_SEAT_NOT_FOUND: msg`Seat not found or not on the seating plan.`,
  VOUCHER_TICKET_NOT_FOUND: msg`Ticket not found.`,
  VOUCHER_NOT_FOR_TICKET: msg`This voucher cannot be used for this ticket type.`,
  VOUCHER_MIN_ORDER: msg`The minimum order value for this voucher has not been reached.`,
  VOUCHER_MAX_ORDER: msg`The maximum order value for this voucher has been exceeded.`,
  VOUCHER_TOTAL_ZERO: msg`A voucher can only be applied to a total above 0.`,
  VOUCHER_LIMIT_BELOW_USES: msg`The number of redemptions cannot be lower than the uses already made or reserved.`,
  PRINT_NOT_ENOUGH: msg`Not enough tickets: fewer places of this category are free than you want to print. Nothing was taken off sale.`,
  PRINT_RUN_VOIDED: msg`This print run has been voided.`,
  HARD_TICKET_NOT_FOUND: msg`This is not a hard ticket of yours: check the code or the reference.`,
  HARD_TICKET_VOIDED: msg`This hard ticket belongs to a voided print run and cannot be activated.`,
  HARD_TICKET_RANGE: msg`The first and the last ticket of a range must be of the same print run.`,
  SPONSOR_LIMIT: msg`An event can have at most 4 sponsor logos. Remove one first.`,
  ALLOCATION_SEATS_TAKEN: msg`Some of these seats are already sold, held by a buyer or given to a reseller. Choose other seats.`,
  ALLOCATION_EXCEEDED: msg`Not enough is left in the allocation: some of it was sold or returned meanwhile.`,
  ALLOCATION_RETURNED: msg`This allocation has already gone back to public sale.`,
  ALLOCATION_RETURN_TIME: msg`The return time must be in the future and before the date ends.`,
  RESELLER_TICKET_NOT_ASSIGNED: msg`This ticket category is not assigned to the reseller.`,
  RESELLER_LIMIT: msg`An account can have at most 500 resellers. Deactivate or reuse one instead.`,
  EVENT_SEAT_DATE_LIMIT: msg`Too many seats on too many dates: seats × dates of one event may be at most ${SEAT_DATES_UNVERIFIED} until your profile is verified, ${SEAT_DATES_VERIFIED} after. Use fewer dates or a smaller seating plan.`,
};

const VALIDATION_MESSAGES: Record<ValidationMessage, MessageDescriptor> = {
  [V.required]: msg`This field is required.`,
  [V.email]: msg`Invalid email format.`,
  [V.emailsMismatch]: msg`The email addresses do not match.`,
  [V.minLength3]: msg`At least 3 characters.`,
  [V.passwordMin]: msg`At least 8 characters.`,
  [V.passwordUpper]: msg`At least one uppercase letter.`,
  [V.passwordLower]: msg`At least one lowercase letter.`,
  [V.passwordDigit]: msg`At least one digit.`,
  [V.passwordSpecial]: msg`At least one special character.`,
  [V.maxLength]: msg`Maximum length reached.`,
  [V.invalidCharacters]: msg`This field contains characters that are not allowed (control characters or broken text).`,
  [V.passwordsMismatch]: msg`The passwords do not match.`,
  [V.loginRequired]: msg`Please enter an email address and a password!`,
  [V.url]: msg`Please enter a valid web address (https://...).`,
  [V.facebookUrl]: msg`Please enter a Facebook address (https://facebook.com/...).`,
  [V.instagramUrl]: msg`Please enter an Instagram address (https://instagram.com/...).`,
  [V.youtubeUrl]: msg`Please enter a YouTube address (https://youtube.com/...).`,
  [V.phone]: msg`Please enter a valid phone number.`,
  [V.vatId]: msg`This VAT ID is not valid (country code and number, e.g. DE123456789).`,
  [V.iban]: msg`This IBAN is not valid: please check it for typing errors.`,
  [V.bic]: msg`This BIC is not valid (8 or 11 characters, e.g. COBADEFFXXX).`,
  [V.username]: msg`Only letters, digits, dots, hyphens and underscores.`,
  [V.number]: msg`Please enter a valid number.`,
  [V.date]: msg`Please enter a valid date.`,
  [V.time]: msg`Please enter a valid time (HH:MM).`,
  [V.timeZone]: msg`Please choose a valid time zone.`,
  [V.startBeforeEnd]: msg`The start time must be before the end time.`,
  [V.endAfterStart]: msg`The end time must be after the start time.`,
  [V.endDateBeforeStart]: msg`The last day must not be before the first day.`,
  [V.untilBeforeStart]: msg`The end date must not be before the first date.`,
  [V.repeatEndRequired]: msg`Choose when the repetition ends.`,
  [V.countRange]: msg`Enter a number of events between 1 and 500.`,
  [V.tooManyDates]: msg`Too many dates: an event can have at most 500 dates.`,
  [V.perDayCount]: msg`Enter start and end times for every day.`,
  [V.runTooLong]: msg`The run of days is longer than the repetition interval.`,
  [V.dstGap]: msg`This time does not exist on this date because the clocks change.`,
  [V.voucherCode]: msg`3 to 64 letters, digits, hyphens or underscores, without spaces.`,
  [V.voucherPrefix]: msg`Up to 20 letters, digits, hyphens or underscores, without spaces.`,
  [V.percentMax]: msg`A percentage can be at most 100 %.`,
  [V.positive]: msg`Enter a value above 0.`,
  [V.minAboveMax]: msg`The minimum order value must not be above the maximum.`,
  [V.validUntilBeforeFrom]: msg`The end of the validity must be after its start.`,
  [V.eventsRequired]: msg`Select at least one event.`,
  [V.ticketsRequired]: msg`Select at least one ticket for each event.`,
  [V.priceNegative]: msg`The price cannot be below 0.`,
  [V.duplicate]: msg`This entry appears twice.`,
};

const EVENT_VALIDATION_MESSAGES: Record<EventValidationMessage, MessageDescriptor> = {
  [VE.youtube]: msg`Only YouTube links are accepted.`,
  [VE.category]: msg`Please choose a category.`,
  [VE.subcategory]: msg`Please choose a subcategory of the category.`,
  [VE.country]: msg`Please choose a country.`,
  [VE.vat]: msg`Enter a VAT rate between 0 and 100 %.`,
  [VE.positiveInt]: msg`Enter a whole number of at least 1.`,
  [VE.accessCodeRequired]: msg`Enter the access code buyers need.`,
  [VE.accessCode]: msg`4 to 50 letters, digits or hyphens.`,
  [VE.publicationDateRequired]: msg`Choose the publication date.`,
  [VE.publicationDateFuture]: msg`The publication date must be in the future.`,
  [VE.tooMany]: msg`Too many entries.`,
  [VE.duplicateKey]: msg`Each entry must be unique.`,
  [VE.price]: msg`Enter a valid price.`,
  [VE.freeHasPrice]: msg`A free ticket has no price.`,
  [VE.chargeableNoPrice]: msg`A chargeable ticket needs a price above 0.`,
  [VE.minMax]: msg`The maximum per order must not be below the minimum.`,
  [VE.saleStartRequired]: msg`Choose when the sale starts.`,
  [VE.saleEndRequired]: msg`Choose when the sale ends.`,
  [VE.saleEndBeforeStart]: msg`The sale must end after it starts.`,
  [VE.validityOrder]: msg`The validity must end after it starts.`,
  [VE.conditionCategory]: msg`Choose the other ticket this condition refers to.`,
  [VE.seatsForDailyLimit]: msg`Seats per ticket are needed because the event has a daily attendee limit.`,
  [VE.freeSeatingNeedsTicket]: msg`A free seating area must have a ticket.`,
  [VE.time]: msg`Please enter a valid time (HH:MM).`,
  [VE.dateTime]: msg`Please enter a valid date and time.`,
  [VE.seasonSaleEnd]: msg`Choose when season ticket sales end.`,
  [VE.waitingRoomRate]: msg`Enter a whole number of buyers per minute between ${WAITING_ROOM_MIN_RATE} and ${WAITING_ROOM_MAX_RATE}.`,
};

export type ServerError = TRPCClientError<AppRouter>;

export function appCodeOf(error: unknown): AppErrorCode | null {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { appCode?: AppErrorCode } | undefined)?.appCode;
    return code ?? null;
  }
  return null;
}

/** A translated sentence for any error: SPEC §8 for known codes, "no response" for network failures. */
export function describeError(i18n: I18n, error: unknown): string {
  const code = appCodeOf(error);
  if (code) return i18n._(ERROR_MESSAGES[code]);
  if (error instanceof TRPCClientError && !error.data) return i18n._(msg`No response received from the server.`);
  return i18n._(msg`An unknown error occurred.`);
}

/** The SPEC §8 sentence of a bare error code (e.g. a voucher error shared/rules/voucher.ts names on the client). */
export function describeCode(i18n: I18n, code: AppErrorCode): string {
  return i18n._(ERROR_MESSAGES[code]);
}

/** A refused voucher code, translated: the error on the code field (a voucher error or a malformed code), else the error itself. */
export function voucherErrorOf(i18n: I18n, error: unknown): string {
  const fields = fieldErrorsOf(i18n, error);
  return fields.voucherCode ?? fields.code ?? describeError(i18n, error);
}

/** Translates a validation code (or an AppErrorCode sent for a field). */
export function translateFieldMessage(i18n: I18n, code: string): string {
  if (code in VALIDATION_MESSAGES) return i18n._(VALIDATION_MESSAGES[code as ValidationMessage]);
  if (code in EVENT_VALIDATION_MESSAGES) return i18n._(EVENT_VALIDATION_MESSAGES[code as EventValidationMessage]);
  if (code in ERROR_MESSAGES) return i18n._(ERROR_MESSAGES[code as AppErrorCode]);
  return code;
}

/** The server's field errors, translated, ready for `form.setErrors`. */
export function fieldErrorsOf(i18n: I18n, error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fieldErrors = (error.data as { fieldErrors?: Record<string, string[]> | null } | undefined)?.fieldErrors;
  if (!fieldErrors) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, codes]) => [field, translateFieldMessage(i18n, codes[0] ?? "")]),
  );
}
