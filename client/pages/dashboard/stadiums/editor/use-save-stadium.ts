import { useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { type SeatingLayout, ZSeatingLayout } from "../../../../../shared/seating/layout";
import { ZStadiumDocFields } from "../../../../../shared/schemas/stadiums";
import { appCodeOf, describeError, translateFieldMessage } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import type { StadiumDoc, StadiumEditorState } from "./use-stadium-editor";

export type RefusedBlock = { id: string; name: string; action: "DELETE_BLOCK" | "EDIT_BLOCK_LAYOUT" };

/** Why the last save failed, in a form the editor can show and act on. */
export type SaveProblem =
  | { kind: "conflict" }
  | { kind: "refused"; blocks: RefusedBlock[] }
  | { kind: "invalid"; messages: string[] }
  | { kind: "error"; message: string };

export type DocFieldErrors = { name?: string; comment?: string };

function rawFieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof TRPCClientError)) return {};
  return (error.data as { fieldErrors?: Record<string, string[]> | null } | undefined)?.fieldErrors ?? {};
}

/**
 * BLOCK_ACTION_REFUSED names the block by its index in the field (`layout.blocks.N`) and the
 * action in the error's detail: the index is in the saved layout for DELETE_BLOCK (the block
 * is gone from the one sent), in the sent layout otherwise.
 */
export function refusedBlocks(error: unknown, sent: SeatingLayout, saved: SeatingLayout): RefusedBlock[] {
  const detail = error instanceof TRPCClientError ? (error.data as { detail?: string | null } | undefined)?.detail : undefined;
  const result: RefusedBlock[] = [];
  for (const [field, codes] of Object.entries(rawFieldErrors(error))) {
    const match = /blocks\.(\d+)/.exec(field);
    if (!match) continue;
    const action = detail === "DELETE_BLOCK" || codes.includes("DELETE_BLOCK") ? "DELETE_BLOCK" : "EDIT_BLOCK_LAYOUT";
    const block = (action === "DELETE_BLOCK" ? saved : sent).blocks[Number(match[1])];
    if (block && !result.some((r) => r.id === block.id)) result.push({ id: block.id, name: block.name, action });
  }
  return result;
}

/** Create or save with optimistic concurrency, turning the server's refusals into SaveProblems. */
export function useSaveStadium(options: {
  templateId: string | null;
  version: number;
  editor: StadiumEditorState;
  onSaved: (version: number) => void;
  onCreated: (id: string) => void;
}) {
  const { templateId, version, editor, onSaved, onCreated } = options;
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.stadiums.create.mutationOptions());
  const save = useMutation(trpc.stadiums.save.mutationOptions());
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [fieldErrors, setFieldErrors] = useState<DocFieldErrors>({});

  /** Readable lines for problems of the layout found by its schema (client or server). */
  const layoutMessages = (layout: SeatingLayout, issues: { path: PropertyKey[]; message: string }[]): string[] => {
    const lines = issues.map((issue) => {
      const [area, index] = issue.path;
      const text =
        issue.message === "category"
          ? t`refers to a category that no longer exists`
          : issue.message === "duplicate"
            ? t`appears twice`
            : translateFieldMessage(i18n, issue.message);
      if (area === "blocks" && typeof index === "number") {
        const name = layout.blocks[index]?.name || `#${index + 1}`;
        return t`Block ${name}: ${text}`;
      }
      if (area === "categories" && typeof index === "number") {
        const name = layout.categories[index]?.name || `#${index + 1}`;
        return t`Category ${name}: ${text}`;
      }
      return text;
    });
    return [...new Set(lines)];
  };

  const validate = (doc: StadiumDoc): boolean => {
    const errors: DocFieldErrors = {};
    // The server's own rules for the two fields (shared/schemas/stadiums.ts), first problem per field.
    const fields = ZStadiumDocFields.safeParse({ name: doc.name, comment: doc.comment });
    for (const issue of fields.success ? [] : fields.error.issues) {
      const field = issue.path[0];
      if ((field === "name" || field === "comment") && !errors[field]) errors[field] = translateFieldMessage(i18n, issue.message);
    }
    setFieldErrors(errors);
    const parsed = ZSeatingLayout.safeParse(doc.layout);
    if (!parsed.success) {
      setProblem({ kind: "invalid", messages: layoutMessages(doc.layout, parsed.error.issues) });
      return false;
    }
    return Object.keys(errors).length === 0;
  };

  const submit = async (useVersion = version) => {
    const doc = editor.doc;
    setProblem(null);
    if (!validate(doc)) return;
    const input = { name: doc.name.trim(), comment: doc.comment.trim() || null, type: doc.type, layout: doc.layout };
    try {
      if (templateId === null) {
        const { id } = await create.mutateAsync(input);
        editor.markSaved();
        await queryClient.invalidateQueries({ queryKey: trpc.stadiums.list.queryKey() });
        toast.success(t`The stadium was created.`);
        onCreated(id);
        return;
      }
      const result = await save.mutateAsync({ ...input, id: templateId, version: useVersion });
      // Only what was sent counts as saved: edits made while saving stay unsaved.
      if (editor.doc === doc) editor.markSaved();
      onSaved(result.version);
      await queryClient.invalidateQueries({ queryKey: trpc.stadiums.list.queryKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.stadiums.get.queryKey({ id: templateId }), refetchType: "none" });
      toast.success(t`The seating plan was saved.`);
    } catch (error) {
      const code = appCodeOf(error);
      if (code === "TEMPLATE_CONFLICT") setProblem({ kind: "conflict" });
      else if (code === "BLOCK_ACTION_REFUSED") {
        setProblem({ kind: "refused", blocks: refusedBlocks(error, doc.layout, editor.history.saved.layout) });
        // Tickets may have been sold since the plan was opened: fetch the current edit mode.
        if (templateId) await queryClient.invalidateQueries({ queryKey: trpc.stadiums.get.queryKey({ id: templateId }) });
      } else {
        const raw = rawFieldErrors(error);
        const next: DocFieldErrors = {};
        if (raw.name?.[0]) next.name = translateFieldMessage(i18n, raw.name[0]);
        if (raw.comment?.[0]) next.comment = translateFieldMessage(i18n, raw.comment[0]);
        setFieldErrors(next);
        const layoutIssues = Object.entries(raw)
          .filter(([field]) => field.startsWith("layout"))
          .map(([field, codes]) => ({
            path: field
              .split(".")
              .slice(1)
              .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            message: codes[0] ?? "",
          }));
        if (layoutIssues.length) setProblem({ kind: "invalid", messages: layoutMessages(doc.layout, layoutIssues) });
        else setProblem({ kind: "error", message: describeError(i18n, error) });
      }
    }
  };

  return {
    submit,
    saving: create.isPending || save.isPending,
    problem,
    clearProblem: () => setProblem(null),
    fieldErrors,
  };
}
