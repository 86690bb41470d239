import { Alert, Anchor, List, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "wouter";
import { z } from "zod";
import { dateToZonedWallTime, zonedWallTimeToDate } from "../../../../../shared/rules/zoned";
import { canActForOrganiser } from "../../../../../shared/permissions";
import { PUBLISH_OPTIONS } from "../../../../../shared/schemas/events";
import { VE } from "../../../../../shared/schemas/event-messages";
import { useZodForm } from "../../../../hooks/use-zod-form";
import { appCodeOf, describeError } from "../../../../lib/errors";
import { useUserInfo } from "../../../../lib/session";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { FeeModelNotice } from "../../../../components/FeeModelNotice";
import { StepActions } from "./StepActions";
import type { StepProps } from "./types";
import { isLive } from "../../../../../shared/rules/event-status";

const ZPublishForm = z
  .object({ publishOption: z.enum(PUBLISH_OPTIONS), publicationDate: z.string() })
  .superRefine((v, ctx) => {
    if (v.publishOption === "later" && !v.publicationDate)
      ctx.addIssue({ code: "custom", message: VE.publicationDateRequired, path: ["publicationDate"] });
  });

/** Step 6, Publish: keep as draft, publish on a date, or publish now (if the gate allows). */
export function Step6Publish({ kind, detail, onDirtyChange, onSaved, onBack }: StepProps) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const event = detail!.event;
  const timeZone = event.timeZone;
  const overview = useQuery({
    ...trpc.account.overview.queryOptions(),
    enabled: canActForOrganiser(info?.user, ["viewMainDashboard"]),
  });
  const publish = useMutation(trpc.events.publish.mutationOptions());
  const isPublished = isLive(event.status);
  const form = useZodForm(ZPublishForm, {
    mode: "controlled",
    initialValues: {
      publishOption: isPublished ? "now" : event.publishOption,
      publicationDate: event.publicationDate ? dateToZonedWallTime(event.publicationDate, timeZone) : "",
    },
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const values = form.getValues();
  const code = appCodeOf(publish.error);

  const submit = form.onSubmit(async (v) => {
    try {
      await publish.mutateAsync({
        id: event.id,
        publishOption: v.publishOption,
        publicationDate: v.publishOption === "later" ? zonedWallTimeToDate(v.publicationDate, timeZone) : null,
      });
      form.resetDirty();
      toast.success(
        v.publishOption === "now" ? t`Published` : v.publishOption === "later" ? t`Publication scheduled` : t`Draft saved`,
      );
      onSaved({ eventId: event.id, close: true });
    } catch (error) {
      const gate = appCodeOf(error) === "INSUFFICIENT_CONTINGENT" || appCodeOf(error) === "PROFILE_NOT_VERIFIED";
      // The gate's answer is shown in the step itself.
      if (!gate && !form.setServerErrors(error)) toast.error(describeError(i18n, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3} size="h4">
          <Trans>Publish</Trans>
        </Title>
        {overview.data && !overview.data.canPublish && (
          <Alert color="yellow" title={t`Publishing is not possible yet`}>
            <List size="sm">
              {overview.data.verificationState !== "verified" && (
                <List.Item>
                  <Trans>Your profile must be verified with documents.</Trans>
                </List.Item>
              )}
              {(!overview.data.planActive || overview.data.ticketContingent <= 0) && (
                <List.Item>
                  <Trans>You need a plan with a sufficient ticket contingent.</Trans>{" "}
                  <Anchor component={Link} href="~/dashboard/profile/plan">
                    <Trans>Buy a plan</Trans>
                  </Anchor>
                </List.Item>
              )}
            </List>
            <Text size="sm" mt="xs">
              <Trans>Until then you can save this as a draft.</Trans>
            </Text>
          </Alert>
        )}
        {(code === "INSUFFICIENT_CONTINGENT" || code === "PROFILE_NOT_VERIFIED") && (
          <Alert color="red" role="alert">
            {describeError(i18n, publish.error)}{" "}
            {code === "INSUFFICIENT_CONTINGENT" && (
              <Anchor component={Link} href="~/dashboard/profile/plan">
                <Trans>Buy more tickets in plan management</Trans>
              </Anchor>
            )}
          </Alert>
        )}
        <Radio.Group {...form.getInputProps("publishOption")} label={kind === "season" ? t`When should the season go on sale?` : t`When should the event go on sale?`}>
          <Stack mt="xs">
            <Paper withBorder p="sm">
              <Radio
                value="draft"
                disabled={isPublished}
                label={t`Keep as draft`}
                description={t`Only you can see it. You can publish later.`}
              />
            </Paper>
            <Paper withBorder p="sm">
              <Radio
                value="later"
                disabled={isPublished}
                label={t`Publish later`}
                description={t`Goes on sale automatically on the publication date.`}
              />
              {values.publishOption === "later" && (
                <DateTimePicker
                  mt="sm"
                  maw={320}
                  label={t`Publication date`}
                  description={t`Time zone: ${timeZone}`}
                  valueFormat="DD.MM.YYYY HH:mm"
                  minDate={new Date()}
                  required
                  {...form.getInputProps("publicationDate")}
                  onChange={(value) => form.setFieldValue("publicationDate", value ?? "")}
                />
              )}
            </Paper>
            <Paper withBorder p="sm">
              <Radio value="now" label={t`Publish now`} description={t`Goes on sale immediately.`} />
            </Paper>
          </Stack>
        </Radio.Group>
        <FeeModelNotice />
        <StepActions onBack={onBack} loading={publish.isPending} nextLabel={<Trans>Save</Trans>} />
      </Stack>
    </form>
  );
}
