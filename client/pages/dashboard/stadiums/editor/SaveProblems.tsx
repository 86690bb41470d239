import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SaveProblem } from "./use-save-stadium";

/** Why the last save did not go through, with the ways out each reason offers. */
export function SaveProblems({
  problem,
  onLoadSaved,
  onRestoreBlocks,
  onShowBlock,
}: {
  problem: SaveProblem | null;
  /** Conflict: load the other version (false) or save this one over it (true). */
  onLoadSaved: (keepMine: boolean) => void;
  /** Refused: put these blocks back as they were saved. */
  onRestoreBlocks: (ids: string[]) => void;
  onShowBlock: (id: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {problem?.kind === "conflict" && (
        <Alert color="red" role="alert" title={t`The seating plan was changed in the meantime`}>
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Someone else saved this seating plan after you opened it. Load their version (your changes are lost), or save your
                version over theirs.
              </Trans>
            </Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={() => onLoadSaved(false)}>
                <Trans>Load their version</Trans>
              </Button>
              <Button size="compact-sm" color="red" onClick={() => onLoadSaved(true)}>
                <Trans>Save my version anyway</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {problem?.kind === "refused" && (
        <Alert color="red" role="alert" title={t`The changes could not be saved`}>
          <Stack gap="xs">
            <Text size="sm">
              <Trans>
                Tickets have been sold on this seating plan: blocks can no longer be deleted or rearranged, and sold seats keep their
                category.
              </Trans>
            </Text>
            {problem.blocks.length > 0 && (
              <List size="sm">
                {problem.blocks.map((b) => {
                  const name = b.name;
                  return (
                    <List.Item key={b.id}>
                      {b.action === "DELETE_BLOCK" ? t`Block ${name} cannot be deleted.` : t`Block ${name} cannot be rearranged.`}
                    </List.Item>
                  );
                })}
              </List>
            )}
            {problem.blocks.length > 0 && (
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  onClick={() => onRestoreBlocks(problem.blocks.map((b) => b.id))}
                >
                  <Trans>Restore these blocks as saved</Trans>
                </Button>
                <Button size="compact-sm" variant="default" onClick={() => onShowBlock(problem.blocks[0]!.id)}>
                  <Trans>Show on the plan</Trans>
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {problem?.kind === "invalid" && (
        <Alert color="red" role="alert" title={t`Please check the seating plan`}>
          <List size="sm">
            {problem.messages.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {problem?.kind === "error" && (
        <Alert color="red" role="alert">
          {problem.message}
        </Alert>
      )}
    </>
  );
}
