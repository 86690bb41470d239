import { msg } from "@lingui/core/macro";
import { notifications } from "@mantine/notifications";
import type { PointerEvent, ReactNode } from "react";
import { i18n } from "../i18n";

let counter = 0;
const recent = new Map<string, number>();
/** The same text raised twice within this window (several failing calls, a remount) shows once. */
const DEDUPE_MS = 1500;

type ToastOptions = { title?: ReactNode; /** Called once the toast is on screen. */ onOpen?: () => void };

/** How far a toast is dragged sideways before letting go closes it. */
const DRAG_CLOSE_PX = 80;

/**
 * Dragging a toast sideways moves it with the pointer; let go beyond DRAG_CLOSE_PX it closes,
 * short of that it slides back (SPEC §2 "draggable"). Hovering pauses its timer (Mantine's own).
 */
function draggable(id: string) {
  let startX: number | null = null;
  /** A drag is not a click: letting go after one does not close the toast by itself. */
  let dragged = false;
  const move = (el: HTMLElement, dx: number) => {
    el.style.transform = dx ? `translateX(${dx}px)` : "";
    el.style.opacity = dx ? String(Math.max(0.3, 1 - Math.abs(dx) / (DRAG_CLOSE_PX * 2))) : "";
  };
  return {
    onClick: () => {
      if (!dragged) notifications.hide(id);
      dragged = false;
    },
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      startX = e.clientX;
      dragged = false;
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      if (startX === null) return;
      const dx = e.clientX - startX;
      if (Math.abs(dx) > 5) dragged = true;
      move(e.currentTarget, dx);
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      if (startX === null) return;
      const dx = e.clientX - startX;
      startX = null;
      if (Math.abs(dx) >= DRAG_CLOSE_PX) notifications.hide(id);
      else move(e.currentTarget, 0);
    },
    onPointerCancel: (e: PointerEvent<HTMLDivElement>) => {
      startX = null;
      move(e.currentTarget, 0);
    },
  };
}

/** SPEC §2 toasts: top right, 3000 ms, no progress bar, close on click, draggable, paused on hover. Returns false when deduplicated. */
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
    ...draggable(id),
    closeButtonProps: { "aria-label": i18n._(msg`Close`) },
    style: { cursor: "pointer", touchAction: "pan-y", transition: "opacity 150ms" },
  });
  return true;
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show("green", message, options),
  error: (message: ReactNode, options?: ToastOptions) => show("red", message, options),
  info: (message: ReactNode, options?: ToastOptions) => show("blue", message, options),
};
