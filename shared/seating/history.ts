/**
 * Undo/redo over immutable snapshots (the stadium editor's document: name, comment, type and
 * layout). Snapshots share every unchanged part, so keeping many is cheap. Pure: time is
 * passed in, nothing is mutated.
 */
export type History<T> = {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The snapshot last loaded or saved; `present !== saved` means unsaved changes. */
  readonly saved: T;
  /** Key and time of the last push, so a burst of edits to one field becomes one undo step. */
  readonly lastKey: string | null;
  readonly lastAt: number;
};

export type PushOptions = {
  /**
   * Edits with the same key within `coalesceMs` of each other replace the previous step
   * instead of adding one (typing into a name field, dragging a slider).
   */
  key?: string;
  now?: number;
  coalesceMs?: number;
  /** Most undo steps kept; the oldest are dropped. */
  limit?: number;
};

export const HISTORY_LIMIT = 200;
export const COALESCE_MS = 1000;

export function createHistory<T>(initial: T): History<T> {
  return { past: [], present: initial, future: [], saved: initial, lastKey: null, lastAt: 0 };
}

/** Records `next` as the new present. A push equal (by identity) to the present is ignored. */
export function pushHistory<T>(history: History<T>, next: T, options: PushOptions = {}): History<T> {
  if (next === history.present) return history;
  const { key, now = 0, coalesceMs = COALESCE_MS, limit = HISTORY_LIMIT } = options;
  const coalesce =
    key !== undefined &&
    key === history.lastKey &&
    now - history.lastAt <= coalesceMs &&
    history.past.length > 0 &&
    history.future.length === 0;
  const past = coalesce ? history.past : [...history.past, history.present];
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
    saved: history.saved,
    lastKey: key ?? null,
    lastAt: now,
  };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1] as T;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future as [T, ...T[]];
  return { ...history, past: [...history.past, history.present], present: next, future: rest, lastKey: null };
}

/** The present has been saved: it becomes the clean state; undo history stays. */
export function markSaved<T>(history: History<T>): History<T> {
  return { ...history, saved: history.present, lastKey: null };
}

export function isDirty<T>(history: History<T>): boolean {
  return history.present !== history.saved;
}

/** Starts over from a loaded snapshot (after loading another version from the server). */
export function resetHistory<T>(value: T): History<T> {
  return createHistory(value);
}
