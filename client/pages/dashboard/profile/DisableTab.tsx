import { Alert, Button, Checkbox, List, Paper, PasswordInput, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "wouter";
import { ZDisableAccount } from "../../../../shared/schemas/account";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { clearUserInfo } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";

/** Disable account tab (owner only): says what happens, asks for the password, then signs out. */
export default function DisableTab() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [, navigate] = useLocation();
  const [understood, setUnderstood] = useState(false);
  const form = useZodForm(ZDisableAccount, { mode: "uncontrolled", initialValues: { currentPassword: "" } });
  const disable = useMutation(
    trpc.account.access.disableAccount.mutationOptions({
      onSuccess: () => {
        clearUserInfo();
        toast.success(t`Your account is disabled.`);
        navigate("~/");
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  return (
    <Paper withBorder p="md" maw={640}>
      <form onSubmit={form.onSubmit((values) => disable.mutate(values))} noValidate>
        <Stack>
          <Alert color="red" title={t`Disable your account`}>
            <Stack gap="xs">
              <Text size="sm">
                <Trans>When you disable your account:</Trans>
              </Text>
              <List size="sm">
                <List.Item>
                  <Trans>you, your team members, event staff and resellers are signed out and can no longer log in;</Trans>
                </List.Item>
                <List.Item>
                  <Trans>your events stop selling tickets at once; tickets already sold stay valid;</Trans>
                </List.Item>
                <List.Item>
                  <Trans>your public profile is no longer shown.</Trans>
                </List.Item>
              </List>
              <Text size="sm">
                <Trans>Only our support can enable the account again: contact us if you change your mind.</Trans>
              </Text>
            </Stack>
          </Alert>
          <Checkbox label={t`I understand what happens and want to disable my account.`} checked={understood} onChange={(e) => setUnderstood(e.currentTarget.checked)} />
          <PasswordInput label={t`Your password`} autoComplete="current-password" required key={form.key("currentPassword")} {...form.getInputProps("currentPassword")} />
          <Button type="submit" color="red" disabled={!understood} loading={disable.isPending} style={{ alignSelf: "flex-start" }}>
            <Trans>Disable account</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
