import { useSyncExternalStore } from "react";
import type { Locale, Role } from "../../shared/enums";
import type { PermissionSet } from "../../shared/permissions";
import { STORAGE_KEY_USER_INFO } from "../../shared/constants";

/** What the server returns on login and auth.me, kept under `userInfo` (SPEC §3 Session). */
export type UserInfo = {
  token: string;
  user: {
    id: string;
    role: Role;
    email: string | null;
    username: string | null;
    firstName: string;
    lastName: string;
    locale: Locale;
    organiserId: string | null;
    permissions: Partial<PermissionSet> | null;
    eventId: string | null;
  };
};

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: UserInfo | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY_USER_INFO);
  } catch {
    return null;
  }
}

/** The stored userInfo, or null when absent or not valid JSON of the right shape. */
export function getUserInfo(): UserInfo | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  cachedValue = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<UserInfo>;
      if (parsed && typeof parsed === "object" && parsed.user && typeof parsed.user.role === "string") {
        cachedValue = parsed as UserInfo;
      }
    } catch {
      cachedValue = null;
    }
  }
  return cachedValue;
}

/** The raw token, even when the rest of userInfo is damaged (the expiry check needs it). */
export function getStoredToken(): unknown {
  const raw = readRaw();
  if (raw === null) return null;
  try {
    return (JSON.parse(raw) as { token?: unknown })?.token;
  } catch {
    return undefined;
  }
}

function notify() {
  for (const l of listeners) l();
}

export function setUserInfo(info: UserInfo): void {
  localStorage.setItem(STORAGE_KEY_USER_INFO, JSON.stringify(info));
  notify();
}

export function clearUserInfo(): void {
  try {
    localStorage.removeItem(STORAGE_KEY_USER_INFO);
  } catch {
    // Nothing stored.
  }
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY_USER_INFO || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(subscribe, getUserInfo, () => null);
}

/** Where each role lands after signing in. */
export function homePathFor(info: UserInfo): string {
  switch (info.user.role) {
    case "admin":
      return "/admin-dashboard";
    case "reseller":
      return "/reseller-dash";
    case "agent":
      return `/event-staff/${info.user.id}`;
    default:
      return "/dashboard";
  }
}
