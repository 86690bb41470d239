import { useSyncExternalStore } from "react";

export type AuthView = "login" | "register" | "forgot" | null;

let view: AuthView = null;
const listeners = new Set<() => void>();

export function openAuth(next: AuthView): void {
  view = next;
  for (const l of listeners) l();
}

export function useAuthView(): AuthView {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => view,
    () => null,
  );
}
