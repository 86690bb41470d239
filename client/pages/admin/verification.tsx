import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ZVerificationDecision } from "../../../shared/schemas/account";
import { DocumentTable } from "../../components/DocumentTable";
import { PageLoader } from "../../components/PageLoader";
import { useZodForm } from "../../hooks/use-zod-form";
import { appCodeOf, describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";

const ZRejection = ZVerificationDecision.options[1];
type Candidate = { id: string; name: string };

/** Asks for the reason the organiser will read, then rejects. */
function RejectForm({ candidate, onDone }: { candidate: Candidate; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const decide = useDecision(onDone);
  const form = useZodForm(ZRejection, {
    mode: "uncontrolled",
    initialValues: { organiserId: candidate.id, decision: "reject" as const, reason: "" },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        decide.mutate(values, { onError: (error) => !form.setServerErrors(error) && toast.error(describeError(i18n, error)) }),
      )}
    >
      <Stack>
        <Textarea
          label={t`Reason (the organiser reads it)`}
          autosize
          minRows={3}
          maxLength={1000}
          required
          data-autofocus
          key={form.key("reason")}
          {...form.getInputProps("reason")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" color="red" loading={decide.isPending}>
            <Trans>Reject</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The decision mutation: refreshes the lists, tells the admin when another admin was quicker. */
function useDecision(onDone?: () => void) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.verification.decide.mutationOptions({
      onSuccess: async (result) => {
        toast.success(result.verificationState === "verified" ? t`The organiser is verified and was notified.` : t`The organiser was rejected and notified.`);
        onDone?.();
        await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: async (error) => {
        if (appCodeOf(error) === "NOT_IN_REVIEW") {
          toast.error(describeError(i18n, error));
          onDone?.();
          await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
        }
      },
    }),
  );
}

/** /admin-dashboard/verification: organisers in review, their documents, verify or reject. */
export default function AdminVerification() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.verification.inReview.queryOptions());
  const verify = useDecision();
  const [rejecting, setRejecting] = useState<Candidate | null>(null);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Alert color="red">{describeError(i18n, list.error)}</Alert>;
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  const rejectingName = rejecting?.name ?? "";

  const confirmVerify = (candidate: Candidate) => {
    const name = candidate.name;
    modals.openConfirmModal({
      title: t`Verify "${name}"?`,
      children: t`The organiser may then publish events (with a plan) and is notified by email.`,
      labels: { confirm: t`Verify`, cancel: t`Back` },
      confirmProps: { color: "teal.9" },
      onConfirm: () =>
        verify.mutate({ organiserId: candidate.id, decision: "verify" }, { onError: (error) => appCodeOf(error) !== "NOT_IN_REVIEW" && toast.error(describeError(i18n, error)) }),
    });
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Profile verification</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>Organisers waiting for review, longest waiting first. Open each document before deciding.</Trans>
      </Text>
      {list.data.length === 0 && (
        <Paper withBorder p="md">
          <Text>
            <Trans>No organiser is waiting for review.</Trans>
          </Text>
        </Paper>
      )}
      {list.data.map((o) => {
        const submitted = o.submittedAt ? dateFormat.format(o.submittedAt) : "-";
        const email = o.ownerEmail ?? "-";
        const name = o.name;
        return (
          <Paper key={o.id} withBorder p="md" component="section" aria-labelledby={`verification-${o.id}`}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap={2}>
                  <Title order={2} size="h4" id={`verification-${o.id}`}>
                    {o.name}
                  </Title>
                  <Text size="sm">
                    <Trans>
                      Owner: {email} · in review since {submitted}
                    </Trans>
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button color="teal.9" onClick={() => confirmVerify(o)}>
                    <Trans>Verify</Trans>
                  </Button>
                  <Button color="red" variant="outline" onClick={() => setRejecting(o)}>
                    <Trans>Reject…</Trans>
                  </Button>
                </Group>
              </Group>
              {o.previousRejection && (
                <Alert color="yellow" title={t`Rejected before`}>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {o.previousRejection}
                  </Text>
                </Alert>
              )}
              <DocumentTable documents={o.documents} label={t`Documents of ${name}`} />
            </Stack>
          </Paper>
        );
      })}
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={rejecting ? t`Reject "${rejectingName}"` : ""}>
        {rejecting && <RejectForm candidate={rejecting} onDone={() => setRejecting(null)} />}
      </Modal>
    </Stack>
  );
}
