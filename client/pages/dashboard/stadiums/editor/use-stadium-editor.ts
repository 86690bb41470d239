import { useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useRef, useState } from "react";
import type { SeatingEditMode } from "../../../../../shared/enums";
import { groupSeatKeys, limitedEditViolations, soldSeatsChanged } from "../../../../../shared/seating/editing";
import {
  canRedo,
  canUndo,
  createHistory,
  type History,
  isDirty,
  markSaved,
  pushHistory,
  redo,
  undo,
} from "../../../../../shared/seating/history";
import { blockCapacity } from "./capacity";
import type { SeatingBlock, SeatingLayout, StadiumType } from "../../../../../shared/seating/layout";
import { EMPTY_SELECTION, pruneSelection, type SeatSelection } from "../../../../../shared/seating/selection";
import { toast } from "../../../../lib/toast";

/** What the editor edits and undo/redo walks through. */
export type StadiumDoc = { name: string; comment: string; type: StadiumType; layout: SeatingLayout };

export type EditOptions = {
  /** Edits with the same key in quick succession form one undo step (typing in a field). */
  key?: string;
};

const SELECTED = { selected: true } as const;
const MARKED = { marked: true } as const;
const BOTH = { selected: true, marked: true } as const;

/**
 * The editor's state: the document with its undo history, the seat selection, and the rules
 * of the edit mode (SPEC enumeration Seating-plan edit mode). In LIMITED_EDIT an edit that
 * would delete or re-lay out a saved block, or change the category of a sold seat, is refused
 * with a message; in READONLY every edit is ignored.
 */
export function useStadiumEditor(initial: StadiumDoc, editMode: SeatingEditMode, soldSeatKeys: readonly string[]) {
  const { t } = useLingui();
  const [history, setHistory] = useState<History<StadiumDoc>>(() => createHistory(initial));
  const historyRef = useRef(history);
  const [rawSelection, setSelection] = useState<SeatSelection>(EMPTY_SELECTION);
  const sold = useMemo(() => groupSeatKeys(soldSeatKeys), [soldSeatKeys]);
  const soldAreas = useMemo(() => new Set(soldSeatKeys.filter((k) => !k.includes(":"))), [soldSeatKeys]);
  const doc = history.present;
  const selection = useMemo(() => pruneSelection(rawSelection, doc.layout.blocks), [rawSelection, doc.layout.blocks]);
  const savedBlockIds = useMemo(() => new Set(history.saved.layout.blocks.map((b) => b.id)), [history.saved.layout.blocks]);

  const commit = useCallback((next: History<StadiumDoc>) => {
    historyRef.current = next;
    setHistory(next);
  }, []);

  /** Why LIMITED_EDIT refuses going from the saved layout to `next`, or null. */
  const limitedProblem = useCallback(
    (saved: SeatingLayout, current: SeatingLayout, next: SeatingLayout): string | null => {
      const before = limitedEditViolations(saved, current);
      const after = limitedEditViolations(saved, next);
      if (after.deleted.length > before.deleted.length) return t`Tickets have been sold on this seating plan: its blocks can no longer be deleted.`;
      if (after.relaid.length > before.relaid.length)
        return t`Tickets have been sold on this seating plan: the position, size and seats of its blocks can no longer change.`;
      const changed = soldSeatsChanged(saved, next, sold).length;
      if (changed > soldSeatsChanged(saved, current, sold).length)
        return t`Sold and reserved seats keep their category (seats affected: ${changed}).`;
      const areaChanged = saved.blocks.some((b) => {
        if (b.kind !== "standing" || !soldAreas.has(b.id)) return false;
        return next.blocks.find((n) => n.id === b.id)?.categoryId !== b.categoryId;
      });
      if (areaChanged) return t`Tickets have been sold for this standing area: its category can no longer change.`;
      return null;
    },
    [sold, soldAreas, t],
  );

  /** Applies an edit; returns false when the edit mode refused it. */
  const edit = useCallback(
    (change: (doc: StadiumDoc) => StadiumDoc, options: EditOptions = {}): boolean => {
      if (editMode === "READONLY") return false;
      const h = historyRef.current;
      const next = change(h.present);
      if (next === h.present) return true;
      if (editMode === "LIMITED_EDIT" && next.layout !== h.present.layout) {
        const problem = limitedProblem(h.saved.layout, h.present.layout, next.layout);
        if (problem) {
          toast.error(problem);
          return false;
        }
      }
      commit(pushHistory(h, next, { key: options.key, now: Date.now() }));
      return true;
    },
    [commit, editMode, limitedProblem],
  );

  const editLayout = useCallback(
    (change: (layout: SeatingLayout) => SeatingLayout, options?: EditOptions) =>
      edit((d) => {
        const layout = change(d.layout);
        return layout === d.layout ? d : { ...d, layout };
      }, options),
    [edit],
  );

  /** Whether a block's layout fields may change (blocks added since the last save always may). */
  const isBlockLocked = useCallback(
    (block: SeatingBlock | string) => {
      if (editMode === "READONLY") return true;
      if (editMode === "FULL_EDIT") return false;
      return savedBlockIds.has(typeof block === "string" ? block : block.id);
    },
    [editMode, savedBlockIds],
  );

  const seatState = useCallback(
    (key: string) => {
      const i = key.indexOf(":");
      const blockId = key.slice(0, i);
      const rs = key.slice(i + 1);
      const isSelected = selection.get(blockId)?.has(rs) ?? false;
      const isMarked = sold.get(blockId)?.has(rs) ?? false;
      return isSelected ? (isMarked ? BOTH : SELECTED) : isMarked ? MARKED : undefined;
    },
    [selection, sold],
  );
  const seatStateToken = useCallback((blockId: string) => selection.get(blockId) ?? null, [selection]);

  const capacity = useMemo(() => {
    const result = { total: 0, fixed: 0, free: 0, byCategory: {} as Record<string, number> };
    for (const block of doc.layout.blocks) {
      const c = blockCapacity(block);
      result.fixed += c.fixed;
      result.free += c.free;
      for (const [k, n] of Object.entries(c.byCategory)) result.byCategory[k] = (result.byCategory[k] ?? 0) + n;
    }
    result.total = result.fixed + result.free;
    return result;
  }, [doc.layout.blocks]);

  return {
    doc,
    history,
    edit,
    editLayout,
    undo: () => commit(undo(historyRef.current)),
    redo: () => commit(redo(historyRef.current)),
    canUndo: canUndo(history) && editMode !== "READONLY",
    canRedo: canRedo(history) && editMode !== "READONLY",
    isDirty: isDirty(history),
    /** The present was saved on the server. */
    markSaved: () => commit(markSaved(historyRef.current)),
    /** Starts over from a document loaded from the server. */
    reset: (next: StadiumDoc) => {
      commit(createHistory(next));
      setSelection(EMPTY_SELECTION);
    },
    selection,
    setSelection,
    sold,
    isBlockLocked,
    seatState,
    seatStateToken,
    capacity,
    readOnly: editMode === "READONLY",
  };
}

export type StadiumEditorState = ReturnType<typeof useStadiumEditor>;
