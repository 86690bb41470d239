import { type Dispatch, type SetStateAction, useEffect, useRef } from "react";
import type { CounterPaymentMethod } from "../../../../shared/schemas/boxoffice";
import { type CounterCart, type CounterCategory, isTyping, METHOD_KEYS } from "./model";
import type { SalePhase } from "./payment";

export type CounterDrawer = null | "shift" | "settings" | "keys";

/** What the counter's keys act on (the current render's state and actions). */
export type CounterKeys = {
  drawer: CounterDrawer;
  phase: SalePhase;
  categories: CounterCategory[];
  cartData: CounterCart | undefined;
  complete: () => Promise<void>;
  print: (url: string) => void;
  startNewSale: (release: boolean) => void;
  chooseMethod: (m: CounterPaymentMethod) => void;
  addChosen: () => void;
  setSelected: Dispatch<SetStateAction<number>>;
  setAreaId: Dispatch<SetStateAction<string | null>>;
  setQuantity: Dispatch<SetStateAction<number>>;
  setDrawer: Dispatch<SetStateAction<CounterDrawer>>;
};

/** Keyboard first: one listener for the whole counter; quiet while typing and inside dialogs. */
export function useCounterKeys(keys: CounterKeys) {
  const keyHandler = useRef<(e: KeyboardEvent) => void>(() => {});
  keyHandler.current = (e: KeyboardEvent) => {
    const { drawer, phase, categories, cartData, complete, print, startNewSale, chooseMethod, addChosen, setSelected, setAreaId, setQuantity, setDrawer } = keys;
    if (e.defaultPrevented || drawer !== null) return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target?.closest('[role="dialog"]')) return;
    const key = e.key;
    if (key === "F9") {
      e.preventDefault();
      void complete();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === "p") {
      if (phase.kind === "done") {
        e.preventDefault();
        print(phase.result.ticketsPdfUrl);
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (isTyping(target)) {
      if (key === "Escape" && target) target.blur();
      return;
    }
    const onControl = Boolean(target?.closest("button, a, [role='radio'], [role='tab']"));
    const upper = key.length === 1 ? key.toUpperCase() : key;
    if (phase.kind === "done") {
      if (upper === "N" || key === "Escape") {
        e.preventDefault();
        startNewSale(false);
        return;
      }
      if (upper === "P") {
        e.preventDefault();
        print(phase.result.ticketsPdfUrl);
        return;
      }
      // A category or B starts the next sale at once.
      if (!/^[1-9]$/.test(key) && upper !== "B") return;
      startNewSale(false);
    }
    if (phase.kind === "unconfirmed") {
      if (key === "Enter" && !onControl) {
        e.preventDefault();
        void complete();
      }
      return;
    }
    if (/^[1-9]$/.test(key)) {
      const i = Number(key) - 1;
      if (i < categories.length) {
        e.preventDefault();
        setSelected(i);
        setAreaId(null);
      }
      return;
    }
    const method = METHOD_KEYS.find((m) => m.key === upper);
    if (method) {
      e.preventDefault();
      chooseMethod(method.method);
      return;
    }
    switch (upper) {
      case "+":
      case "=":
        e.preventDefault();
        setQuantity((q) => Math.min(q + 1, 50));
        return;
      case "-":
        e.preventDefault();
        setQuantity((q) => Math.max(q - 1, 1));
        return;
      case "B":
        e.preventDefault();
        addChosen();
        return;
      case "N":
      case "Escape":
        if (cartData) {
          e.preventDefault();
          startNewSale(true);
        }
        return;
      case "Enter":
        if (onControl) return;
        e.preventDefault();
        void complete();
        return;
      case "?":
        e.preventDefault();
        setDrawer("keys");
        return;
    }
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keyHandler.current(e);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
