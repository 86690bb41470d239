import { z } from "zod";
import { NAME_MAX, ZNewPassword } from "./auth";
import { ZName, ZUsername } from "./account";
import { V } from "./messages";
import { text } from "./text";

/**
 * Event staff (SPEC §3: name, password, assigned event), managed by the account's owner
 * (decision 019). They sign in at /event-staff/login with the user name given here.
 */

/** The last name may stay empty: staff are often known at the door by their first name only. */
const ZLastName = text().trim().max(NAME_MAX, V.maxLength);

const ZEventId = z.uuid(V.required);

export const ZStaffCreate = z.object({
  firstName: ZName,
  lastName: ZLastName,
  username: ZUsername,
  password: ZNewPassword,
  eventId: ZEventId,
});
export type TStaffCreate = z.input<typeof ZStaffCreate>;

export const ZStaffUpdate = z.object({
  id: z.uuid(),
  firstName: ZName,
  lastName: ZLastName,
  eventId: ZEventId,
});
export type TStaffUpdate = z.input<typeof ZStaffUpdate>;

/** The owner types the new password; every session of the staff member ends. */
export const ZStaffPasswordReset = z.object({ id: z.uuid(), password: ZNewPassword });
export type TStaffPasswordReset = z.input<typeof ZStaffPasswordReset>;

export const ZStaffStatus = z.object({ id: z.uuid(), active: z.boolean() });
