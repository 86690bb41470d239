import { describe, expect, it } from "vitest";
import { canRedo, canUndo, createHistory, isDirty, markSaved, pushHistory, redo, resetHistory, undo } from "../../shared/seating/history";

type Doc = { name: string };
const doc = (name: string): Doc => ({ name });

describe("editor history", () => {
  it("undoes and redoes in order", () => {
    const a = doc("a");
    const b = doc("b");
    const c = doc("c");
    let h = createHistory(a);
    h = pushHistory(h, b);
    h = pushHistory(h, c);
    expect(canUndo(h)).toBe(true);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toBe(b);
    h = undo(h);
    expect(h.present).toBe(a);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    h = redo(h);
    expect(h.present).toBe(c);
    expect(redo(h)).toBe(h);
  });

  it("a new edit after undo drops the redo branch", () => {
    let h = createHistory(doc("a"));
    h = pushHistory(h, doc("b"));
    h = undo(h);
    const d = doc("d");
    h = pushHistory(h, d);
    expect(canRedo(h)).toBe(false);
    expect(h.present).toBe(d);
    expect(h.past.map((x) => x.name)).toEqual(["a"]);
  });

  it("ignores a push of the present itself", () => {
    const h = createHistory(doc("a"));
    expect(pushHistory(h, h.present)).toBe(h);
  });

  it("coalesces edits with one key inside the window, not outside or across keys", () => {
    let h = createHistory(doc(""));
    h = pushHistory(h, doc("S"), { key: "name", now: 1000 });
    h = pushHistory(h, doc("St"), { key: "name", now: 1300 });
    h = pushHistory(h, doc("Sta"), { key: "name", now: 1600 });
    expect(h.past).toHaveLength(1);
    h = pushHistory(h, doc("Stad"), { key: "name", now: 5000 });
    expect(h.past).toHaveLength(2);
    h = pushHistory(h, doc("Stad!"), { key: "comment", now: 5100 });
    expect(h.past).toHaveLength(3);
    h = undo(h);
    h = undo(h);
    expect(h.present.name).toBe("Sta");
    h = undo(h);
    expect(h.present.name).toBe("");
  });

  it("does not coalesce into a step that was undone", () => {
    let h = createHistory(doc("a"));
    h = pushHistory(h, doc("ab"), { key: "name", now: 0 });
    h = undo(h);
    h = pushHistory(h, doc("ac"), { key: "name", now: 10 });
    expect(h.past.map((x) => x.name)).toEqual(["a"]);
  });

  it("keeps at most `limit` undo steps", () => {
    let h = createHistory(doc("0"));
    for (let i = 1; i <= 10; i++) h = pushHistory(h, doc(String(i)), { limit: 3 });
    expect(h.past.map((x) => x.name)).toEqual(["7", "8", "9"]);
  });

  it("tracks unsaved changes against the saved snapshot, also through undo", () => {
    let h = createHistory(doc("a"));
    expect(isDirty(h)).toBe(false);
    h = pushHistory(h, doc("b"));
    expect(isDirty(h)).toBe(true);
    h = undo(h);
    expect(isDirty(h)).toBe(false);
    h = redo(h);
    h = markSaved(h);
    expect(isDirty(h)).toBe(false);
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(isDirty(h)).toBe(true);
  });

  it("reset starts a fresh, clean history", () => {
    let h = createHistory(doc("a"));
    h = pushHistory(h, doc("b"));
    const loaded = doc("server");
    h = resetHistory(loaded);
    expect(h.present).toBe(loaded);
    expect(canUndo(h) || canRedo(h) || isDirty(h)).toBe(false);
  });
});
