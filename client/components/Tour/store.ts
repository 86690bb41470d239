import { useSyncExternalStore } from "react";

/**
 * Whether the dashboard's guided tour is running. One flag for the tab: the prompt starts it,
 * "Start the tour again" in Help starts it, the tour itself stops it.
 */
let running = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (running === value) return;
  running = value;
  for (const listener of listeners) listener();
}

export const startTour = () => set(true);
export const stopTour = () => set(false);

export function useTourRunning(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => running,
    () => false,
  );
}
