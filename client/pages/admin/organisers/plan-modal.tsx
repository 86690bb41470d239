import { Alert, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import "dayjs/locale/de";
import { useState } from "react";
import { type BillingPeriod, isPlanActive, planPeriodEnd } from "../../../../shared/plans";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../shared/rules/zoned";
import { ADMIN_PLAN_KINDS, type AdminPlanKind } from "../../../../shared/schemas/admin-organisers";
import { ORDERS_TIME_ZONE } from "../../../../shared/schemas/organiser-orders";
import { describeCode, describeError, fieldErrorsOf } from "../../../lib/errors";
import { periodLabel } from "../../../lib/plans";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import type { OrganiserDetail } from "./labels";

/** Days are the admin's calendar days in the orders area's zone: "YYYY-MM-DD". */
const dayOf = (at: Date) => dateToZonedWallTime(at, ORDERS_TIME_ZONE).slice(0, 10);
/** The plan runs from the first day's start to the last day's end. */
const startOf = (day: string) => zonedWallTimeToDate(`${day} 00:00:00`, ORDERS_TIME_ZONE);
const endOf = (day: string) => zonedWallTimeToDate(`${day} 23:59:59`, ORDERS_TIME_ZONE);

type Errors = Partial<Record<"since" | "until" | "reason", string>>;

function PlanForm({ detail, onClose }: { detail: OrganiserDetail; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { day } = useWalletMoney();
  const current = detail.plan;
  const running = isPlanActive(current);
  const [plan, setPlan] = useState<AdminPlanKind>(current.plan === "none" ? "yearly" : current.plan);
  const [since, setSince] = useState<string | null>(current.planSince && running ? dayOf(current.planSince) : dayOf(new Date()));
  const [until, setUntil] = useState<string | null>(current.planUntil && running ? dayOf(current.planUntil) : dayOf(planPeriodEnd(new Date(), "yearly")));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation(trpc.admin.organisers.setPlan.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }) }));
  const dateLocale = i18n.locale === "de" ? "de" : "en";
  const valueFormat = i18n.locale === "de" ? "DD.MM.YYYY" : "D MMM YYYY";
  const name = detail.organiser.name;

  /** One more period from the running plan's end (or from the first day when none runs). */
  const extend = (period: BillingPeriod) => {
    const base = running && current.planUntil ? current.planUntil : since ? startOf(since) : new Date();
    if (plan === "none") setPlan(period);
    if (!since || !running) setSince(since ?? dayOf(base));
    setUntil(dayOf(planPeriodEnd(base, period)));
    setErrors((e) => ({ ...e, until: undefined }));
  };

  const check = (): Errors => {
    const next: Errors = {};
    if (plan !== "none") {
      if (!since) next.since = t`Choose the first day.`;
      if (!until) next.until = t`Choose the last day.`;
      if (since && until && until < since) next.until = describeCode(i18n, "PLAN_PERIOD_INVALID");
    }
    if (reason.trim() === "") next.reason = t`Give a reason: it is kept in the audit log.`;
    return next;
  };

  const submit = async () => {
    const local = check();
    setErrors(local);
    setFormError(null);
    if (Object.values(local).some(Boolean)) return;
    try {
      const dated = plan !== "none" && since && until;
      await save.mutateAsync({
        organiserId: detail.organiser.id,
        plan,
        since: dated ? startOf(since) : null,
        until: dated ? endOf(until) : null,
        reason: reason.trim(),
      });
      toast.success(t`The plan of ${name} is saved.`);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(i18n, error);
      const known = { since: fields.since, until: fields.until, reason: fields.reason };
      if (Object.values(known).some(Boolean)) setErrors(known);
      else setFormError(describeError(i18n, error));
    }
  };

  const period = periodLabel(i18n, current.plan);
  const end = current.planUntil ? day(current.planUntil) : null;
  const currentText = end ? t`Now: ${period}, until ${end}` : t`Now: ${period}`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {currentText}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="plan-kind-label">
            <Trans>Plan</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="plan-kind-label"
            value={plan}
            onChange={(value) => setPlan(value as AdminPlanKind)}
            data={ADMIN_PLAN_KINDS.map((k) => ({ value: k, label: periodLabel(i18n, k) }))}
          />
        </Stack>
        {plan !== "none" && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DatePickerInput
                label={t`First day`}
                locale={dateLocale}
                valueFormat={valueFormat}
                value={since}
                onChange={setSince}
                error={errors.since}
                required
              />
              <DatePickerInput
                label={t`Last day`}
                locale={dateLocale}
                valueFormat={valueFormat}
                value={until}
                onChange={(v) => {
                  setUntil(v);
                  setErrors((e) => ({ ...e, until: undefined }));
                }}
                minDate={since ?? undefined}
                error={errors.until}
                required
              />
            </SimpleGrid>
            <Group gap="xs">
              <Button variant="light" color="blue.9" size="xs" onClick={() => extend("monthly")}>
                <Trans>Extend by a month</Trans>
              </Button>
              <Button variant="light" color="blue.9" size="xs" onClick={() => extend("yearly")}>
                <Trans>Extend by a year</Trans>
              </Button>
            </Group>
          </>
        )}
        {plan === "none" && (
          <Text size="sm">
            <Trans>The plan ends now: the organiser cannot publish until it has a plan again.</Trans>
          </Text>
        )}
        <Textarea
          label={t`Reason`}
          description={t`For the audit log, e.g. the offline payment's reference.`}
          autosize
          minRows={2}
          maxLength={1000}
          required
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
          error={errors.reason}
        />
        <Text size="xs" c="dimmed">
          <Trans>The ticket contingent does not change; correct it separately.</Trans>
        </Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color="blue.9" loading={save.isPending}>
            <Trans>Save plan</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Set plan": set or extend the organiser's plan by hand (e.g. after an offline payment). */
export function PlanModal({ detail, opened, onClose }: { detail: OrganiserDetail; opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Set plan`}
      centered
     
    >
      {opened && <PlanForm detail={detail} onClose={onClose} />}
    </Modal>
  );
}
