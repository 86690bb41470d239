import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DOCUMENT_MAX_COUNT } from "../../../../shared/schemas/account";
import type { VerificationState } from "../../../../shared/enums";
import { DocumentTable, type DocumentRow } from "../../../components/DocumentTable";
import { PageLoader } from "../../../components/PageLoader";
import { VerificationBadge } from "../../../components/VerificationBadge";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { DocumentUpload } from "./documents/DocumentUpload";

/** What each verification state means for the organiser and what to do next. */
function StateExplanation({ state }: { state: VerificationState }) {
  switch (state) {
    case "none":
      return (
        <Trans>
          Upload documents that show your organisation exists, for example a trade licence, an extract from the commercial
          register or an ID. Uploading sends your profile for review; until it is verified, events can only be saved as drafts.
        </Trans>
      );
    case "in_review":
      return <Trans>Your documents are being reviewed. We will email you as soon as the review is done. You can still add or delete documents meanwhile.</Trans>;
    case "verified":
      return <Trans>Your profile is verified. The documents stay here as the record of the verification and can no longer be changed.</Trans>;
    case "rejected":
      return <Trans>Please upload suitable documents: your profile then goes into review again.</Trans>;
  }
}

/** Documents tab: the verification state (SPEC §4), the upload and the uploaded documents. */
export default function DocumentsTab() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.account.documents.overview.queryOptions());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.account.documents.overview.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.account.overview.queryKey() }),
    ]);
  const remove = useMutation(
    trpc.account.documents.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The document was deleted.`);
        await refresh();
      },
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );

  if (overview.isPending) return <PageLoader />;
  if (overview.isError) return <Alert color="red">{describeError(i18n, overview.error)}</Alert>;
  const { verificationState: state, rejectionReason, documents } = overview.data;
  const mayChange = state !== "verified";
  const remaining = DOCUMENT_MAX_COUNT - documents.length;

  const confirmDelete = (doc: DocumentRow) => {
    const name = doc.fileName;
    const isLast = documents.length === 1 && state === "in_review";
    modals.openConfirmModal({
      title: t`Delete "${name}"?`,
      children: isLast
        ? t`This is your only document: deleting it withdraws your profile from review.`
        : t`The document is deleted for good.`,
      labels: { confirm: t`Delete`, cancel: t`Keep document` },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate({ id: doc.id }),
    });
  };

  return (
    <Stack maw={900}>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group gap="sm">
            <Title order={2} size="h4">
              <Trans>Profile verification</Trans>
            </Title>
            <VerificationBadge state={state} />
          </Group>
          {state === "rejected" && (
            <Alert color="red" title={t`Reason for the rejection`}>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="rejection-reason">
                {rejectionReason}
              </Text>
            </Alert>
          )}
          <Text size="sm">
            <StateExplanation state={state} />
          </Text>
        </Stack>
      </Paper>
      {mayChange &&
        (remaining > 0 ? (
          <DocumentUpload remaining={remaining} onUploaded={refresh} />
        ) : (
          <Alert color="yellow">
            <Trans>You have uploaded {DOCUMENT_MAX_COUNT} documents, the most allowed. Delete one to upload another.</Trans>
          </Alert>
        ))}
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Your documents</Trans>
        </Title>
        {documents.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No documents uploaded yet.</Trans>
          </Text>
        ) : (
          <DocumentTable
            documents={documents}
            label={t`Your documents`}
            actions={
              mayChange
                ? (doc) => {
                    const name = doc.fileName;
                    return (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={t`Delete ${name}`}
                        loading={remove.isPending && remove.variables?.id === doc.id}
                        onClick={() => confirmDelete(doc)}
                      >
                        <Trans>Delete</Trans>
                      </Button>
                    );
                  }
                : undefined
            }
          />
        )}
      </Stack>
    </Stack>
  );
}
