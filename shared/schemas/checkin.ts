import { z } from "zod";
import { text } from "./text";

/** What a scan that let somebody in was: the ticket's one entry for a date, or an offline scan that came second. */
export const CHECKIN_OUTCOMES = ["admitted", "conflict"] as const;
export type CheckinOutcome = (typeof CHECKIN_OUTCOMES)[number];

/** Longest string a scan may carry: longer is refused as input; anything up to it gets a verdict. */
export const SCAN_INPUT_MAX = 2000;
/** Scans a device uploads at once after being offline (it sends its queue in batches). */
export const UPLOAD_BATCH_MAX = 200;

const ZToken = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** One scan at the door: the code read (or a ticket reference typed), made once by the device. */
export const ZCheckinScan = z.object({
  dateId: z.uuid(),
  code: text().max(SCAN_INPUT_MAX),
  nonce: ZToken,
  deviceId: ZToken,
  deviceLabel: text().trim().min(1).max(40),
});
export type TCheckinScan = z.input<typeof ZCheckinScan>;

/** The queue of a device that was offline: its scans with the device's time of each. */
export const ZCheckinUpload = z.object({
  dateId: z.uuid(),
  deviceId: ZToken,
  deviceLabel: text().trim().min(1).max(40),
  scans: z
    .array(z.object({ nonce: ZToken, code: text().max(SCAN_INPUT_MAX), scannedAt: z.coerce.date() }))
    .min(1)
    .max(UPLOAD_BATCH_MAX),
});
export type TCheckinUpload = z.input<typeof ZCheckinUpload>;

/** The ticket list of a date: whole, or what changed since the last look (`since`: the server time it answered with). */
export const ZCheckinSync = z.object({ dateId: z.uuid(), since: z.coerce.date().nullable().default(null) });

export const ZCheckinSearch = z.object({ dateId: z.uuid(), query: text().trim().min(2).max(100) });

/** An entry to undo: by its id (an online check-in), or by the nonce of the device's offline scan once it was sent. */
export const ZCheckinUndo = z.union([z.object({ checkinId: z.uuid() }), z.object({ nonce: ZToken })]);
