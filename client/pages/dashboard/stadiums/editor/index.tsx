import { Alert, Button, Stack } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link, useParams } from "wouter";
import { DEFAULT_LAYOUT } from "../../../../../shared/seating/editing";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { useTRPC } from "../../../../lib/trpc";
import { stadiumPaths } from "../shared";
import { docOf, EditorView } from "./EditorView";
import type { StadiumDoc } from "./use-stadium-editor";

const NEW_DOC: StadiumDoc = { name: "", comment: "", type: "daily", layout: DEFAULT_LAYOUT };
const NO_SOLD_SEATS: readonly string[] = [];

function ExistingTemplate({ id }: { id: string }) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const query = useQuery(trpc.stadiums.get.queryOptions({ id }));
  // The document is taken once per template; later refetches only refresh mode and sold seats.
  const template = query.data?.template;
  const initial = useMemo(() => (template ? docOf(template) : null), [template?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data || !initial) {
    return (
      <Stack align="flex-start">
        <Alert color="red">{describeError(i18n, query.error)}</Alert>
        <Button component={Link} href={stadiumPaths.list} variant="default">
          <Trans>Back to the stadiums</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <EditorView
      key={id}
      templateId={id}
      initial={initial}
      initialVersion={query.data.template.version}
      editMode={query.data.editMode}
      soldSeatKeys={query.data.soldSeatKeys}
    />
  );
}

/**
 * /dashboard/stadiums/new and /dashboard/stadiums/:id: the seating-plan editor of a new or an
 * existing stadium template (the id comes from the route parameter `id`).
 */
export default function StadiumEditor() {
  const params = useParams<{ id?: string }>();
  const id = params.id && params.id !== "new" ? params.id : null;
  if (id) return <ExistingTemplate key={id} id={id} />;
  return <EditorView key="new" templateId={null} initial={NEW_DOC} initialVersion={0} editMode="FULL_EDIT" soldSeatKeys={NO_SOLD_SEATS} />;
}
