/**
 * The on-sale waiting room's admission rule (decision 033), pure so the server's admission and
 * the buyer's estimate use the same arithmetic. Admission is a GCRA (a token bucket written as
 * "slot times"): the organiser's rate R per minute gives one admission slot every 60/R s, and up
 * to BURST slots may be taken at once after a quiet spell, so a buyer arriving while nobody
 * waits and the budget has room is let in at once. Times are whole microseconds since the epoch.
 */

export const WAITING_ROOM_MIN_PER_MINUTE = 1;
export const WAITING_ROOM_MAX_PER_MINUTE = 100_000;
export const WAITING_ROOM_DEFAULT_PER_MINUTE = 600;

/** The budget that may go at once: ten seconds' worth of admissions (at least one). */
export function admissionBurst(perMinute: number): number {
  return Math.max(1, Math.ceil(perMinute / 6));
}

/** Microseconds between two admission slots. */
export function admissionIntervalUs(perMinute: number): number {
  return 60_000_000 / perMinute;
}

/**
 * The first slot free at `nowUs`: one interval after the last slot taken, but never further back
 * than the burst allows (an idle room does not save up more than BURST admissions).
 */
export function nextSlotUs(options: { lastSlotUs: number | null; nowUs: number; perMinute: number }): number {
  const interval = admissionIntervalUs(options.perMinute);
  const earliest = options.nowUs - (admissionBurst(options.perMinute) - 1) * interval;
  return options.lastSlotUs === null ? earliest : Math.max(options.lastSlotUs + interval, earliest);
}

/**
 * The slots the next admissions take at `nowUs` (at most `waiting` of them), oldest first: every
 * slot not after now. Empty when the rate's budget is used up.
 */
export function admissionSlots(options: { lastSlotUs: number | null; nowUs: number; perMinute: number; waiting: number }): number[] {
  const interval = admissionIntervalUs(options.perMinute);
  const slots: number[] = [];
  for (let slot = nextSlotUs(options); slot <= options.nowUs && slots.length < options.waiting; slot += interval) slots.push(Math.round(slot));
  return slots;
}

/**
 * Seconds until a buyer with `ahead` active buyers before it is let in, if admissions run at the
 * rate from now on: its slot is `ahead` intervals after the next free one.
 */
export function estimatedWaitSeconds(options: { lastSlotUs: number | null; nowUs: number; perMinute: number; ahead: number }): number {
  const slot = nextSlotUs(options) + options.ahead * admissionIntervalUs(options.perMinute);
  return Math.max(0, Math.ceil((slot - options.nowUs) / 1_000_000));
}

/** How often a waiting buyer asks for news: every 2 s near the front, less often further back (at most every 15 s). */
export function pollIntervalMs(ahead: number): number {
  return Math.min(15_000, Math.max(2_000, 1_000 + ahead * 10));
}
