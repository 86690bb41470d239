/** What a scan that let somebody in was: the ticket's one entry for a date, or an offline scan that came second. */
export const CHECKIN_OUTCOMES = ["admitted", "conflict"] as const;
export type CheckinOutcome = (typeof CHECKIN_OUTCOMES)[number];
