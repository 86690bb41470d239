import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

let counter = 0;
const recent = new Map<string, number>();
/** The same text raised twice within this window (several failing calls, a remount) shows once. */
const DEDUPE_MS = 1500;

type ToastOptions = { title?: ReactNode; /** Called once the toast is on screen. */ onOpen?: () => void };

/** SPEC §2 toasts: top right, 3000 ms, close on click. Returns false when deduplicated. */
function show(color: string, message: ReactNode, options: ToastOptions = {}): boolean {
  if (typeof message === "string") {
    const key = `${color}:${message}`;
    const now = Date.now();
    if (now - (recent.get(key) ?? 0) < DEDUPE_MS) return false;
    recent.set(key, now);
  }
  const id = `toast-${++counter}`;
  notifications.show({
    id,
    color,
    title: options.title,
    message,
    onOpen: options.onOpen,
    withBorder: true,
    onClick: () => notifications.hide(id),
    style: { cursor: "pointer" },
  });
  return true;
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show("green", message, options),
  error: (message: ReactNode, options?: ToastOptions) => show("red", message, options),
  info: (message: ReactNode, options?: ToastOptions) => show("blue", message, options),
};
