import { useEffect, useRef } from "react";

/** Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y and Ctrl+S anywhere on the page, while the plan may be edited. */
export function useEditorShortcuts(enabled: boolean, actions: { undo: () => void; redo: () => void; save: () => void }) {
  // The latest actions, without re-adding the listener on every render.
  const shortcuts = useRef(actions);
  useEffect(() => {
    shortcuts.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "z") {
        e.preventDefault();
        if (e.shiftKey) shortcuts.current.redo();
        else shortcuts.current.undo();
      } else if (key === "y") {
        e.preventDefault();
        shortcuts.current.redo();
      } else if (key === "s") {
        e.preventDefault();
        shortcuts.current.save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
