import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

let counter = 0;
const recent = new Map<string, number>();
/** The same text raised twice within this window (several failing calls, a remount) shows once. */
const DEDUPE_MS = 1500;

/** SPEC §2 toasts: top right, 3000 ms, close on click. */
function show(color: string, message: ReactNode, title?: ReactNode) {
  if (typeof message === "string") {
    const key = `${color}:${message}`;
    const now = Date.now();
    if (now - (recent.get(key) ?? 0) < DEDUPE_MS) return;
    recent.set(key, now);
  }
  const id = `toast-${++counter}`;
  notifications.show({
    id,
    color,
    title,
    message,
    withBorder: true,
    onClick: () => notifications.hide(id),
    style: { cursor: "pointer" },
  });
}

export const toast = {
  success: (message: ReactNode, title?: ReactNode) => show("green", message, title),
  error: (message: ReactNode, title?: ReactNode) => show("red", message, title),
  info: (message: ReactNode, title?: ReactNode) => show("blue", message, title),
};
