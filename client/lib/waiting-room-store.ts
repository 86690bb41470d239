/**
 * The buyer's places in on-sale waiting rooms, one per event, kept in localStorage so a reload
 * (or coming back within two minutes) keeps the place (decision 033). `firstWait` is the wait
 * estimated when the place was first seen (seconds), for the progress bar.
 */
const KEY = "waitingRoom";
export type StoredPlace = { token: string; firstWait: number | null };
type Stored = Record<string, StoredPlace>;

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

export function storedPlace(eventId: string): StoredPlace | null {
  return read()[eventId] ?? null;
}

export function savePlace(eventId: string, place: StoredPlace | null): void {
  const { [eventId]: _old, ...rest } = read();
  localStorage.setItem(KEY, JSON.stringify(place ? { ...rest, [eventId]: place } : rest));
}
