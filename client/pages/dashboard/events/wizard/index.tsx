import { Alert, Button, Group, Paper, Stepper, Title } from "@mantine/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { PageLoader } from "../../../../components/PageLoader";
import { describeError } from "../../../../lib/errors";
import { confirmLeave, setLeaveGuard } from "../../../../lib/leave-guard";
import { useTRPC } from "../../../../lib/trpc";
import { Step1EventData } from "./Step1EventData";
import { Step2Details } from "./Step2Details";
import { Step3Seating } from "./Step3Seating";
import { Step4Tickets } from "./Step4Tickets";
import { Step5Options } from "./Step5Options";
import { Step6Publish } from "./Step6Publish";
import type { StepProps, WizardKind } from "./types";
import { isCancelled } from "../../../../../shared/rules/event-status";

const STEPS: ComponentType<StepProps>[] = [Step1EventData, Step2Details, Step3Seating, Step4Tickets, Step5Options, Step6Publish];

/**
 * The 6-step form of SPEC §2 for events and seasons. Each step saves on "continue", so a draft
 * can be left at any step and resumed; unsaved changes are guarded when leaving or going back.
 */
export function EventWizard({ kind, eventId, step }: { kind: WizardKind; eventId: string | null; step: number }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [dirty, setDirty] = useState(false);
  const detail = useQuery({ ...trpc.events.get.queryOptions({ id: eventId ?? "" }), enabled: eventId !== null });

  useEffect(() => {
    setLeaveGuard(dirty);
  }, [dirty]);
  useEffect(() => () => setLeaveGuard(false), []);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const labels =
    kind === "season"
      ? [t`Season Data`, t`Details`, t`Stadium Template`, t`Season Tickets`, t`More Options`, t`Publish`]
      : [t`Event Data`, t`Details`, t`Stadium Template`, t`Tickets`, t`More Options`, t`Publish`];

  if (eventId && detail.isPending) return <PageLoader />;
  if (eventId && detail.isError) return <Alert color="red">{describeError(i18n, detail.error)}</Alert>;
  const data = detail.data ?? null;
  const current = data ? Math.min(Math.max(step, 1), 6) : 1;
  const reachable = data ? Math.min(Math.max(data.event.wizardStep + 1, current), 6) : 1;
  const Step = STEPS[current - 1]!;

  const goTo = (target: number) => {
    if (!data) return;
    confirmLeave(
      i18n,
      () => {
        setDirty(false);
        navigate(`/${data.event.id}/edit/${target}`);
      },
      msg`The changes you made on this step (for example to additional dates) will be lost.`,
    );
  };

  const onSaved = async ({ eventId: savedId, close }: { eventId: string; close: boolean }) => {
    setDirty(false);
    setLeaveGuard(false);
    await queryClient.invalidateQueries({ queryKey: trpc.events.pathKey() });
    if (close || current === 6) navigate(`/${savedId}`);
    else navigate(`/${savedId}/edit/${current + 1}`);
  };

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          {data ? data.event.name : kind === "season" ? t`New season` : t`New event`}
        </Title>
        <Button variant="subtle" onClick={() => confirmLeave(i18n, () => navigate("/"))}>
          <Trans>Close</Trans>
        </Button>
      </Group>
      {data && isCancelled(data.event.status) && (
        <Alert color="red" mb="md">
          <Trans>This event is cancelled and can no longer be changed.</Trans>
        </Alert>
      )}
      <Stepper
        active={current - 1}
        onStepClick={(index) => goTo(index + 1)}
        allowNextStepsSelect={false}
        size="sm"
        mb="xl"
        wrap
      >
        {labels.map((label, index) => (
          <Stepper.Step key={label} label={label} allowStepSelect={data !== null && index + 1 <= reachable} />
        ))}
      </Stepper>
      <Step
        key={`${data?.event.id ?? "new"}-${current}`}
        kind={kind}
        detail={data}
        onDirtyChange={onDirtyChange}
        onSaved={(r) => void onSaved(r)}
        onBack={current > 1 ? () => goTo(current - 1) : undefined}
      />
    </Paper>
  );
}
