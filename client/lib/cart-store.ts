import { useCallback, useSyncExternalStore } from "react";
import type { CartCredentials } from "../../shared/schemas/shop";

/**
 * The buyer's carts, one per event date (or season), kept in localStorage so held seats
 * survive a reload; the secret proves the cart is this browser's. The checkout reads it by id.
 */
const KEY = "carts";
type Stored = Record<string, CartCredentials>;
const listeners = new Set<() => void>();

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

let snapshot = typeof localStorage === "undefined" ? {} : read();

function write(next: Stored): void {
  snapshot = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key !== KEY) return;
    snapshot = read();
    for (const l of listeners) l();
  });
}

export function storedCart(scopeId: string): CartCredentials | null {
  return snapshot[scopeId] ?? null;
}

/** The stored cart of a cart id (the checkout knows the id only). */
export function storedCartById(cartId: string): (CartCredentials & { scopeId: string }) | null {
  for (const [scopeId, cart] of Object.entries(snapshot)) if (cart.id === cartId) return { ...cart, scopeId };
  return null;
}

export function saveCart(scopeId: string, cart: CartCredentials): void {
  write({ ...snapshot, [scopeId]: cart });
}

export function forgetCart(scopeId: string): void {
  const { [scopeId]: _gone, ...rest } = snapshot;
  write(rest);
}

export function useStoredCart(scopeId: string) {
  const cart = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => snapshot[scopeId] ?? null,
  );
  const set = useCallback((next: CartCredentials | null) => (next ? saveCart(scopeId, next) : forgetCart(scopeId)), [scopeId]);
  return [cart, set] as const;
}
