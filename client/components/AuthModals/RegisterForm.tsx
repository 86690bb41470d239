import { Alert, Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ZRegisterInput } from "../../../shared/schemas/auth";
import { useZodForm } from "../../hooks/use-zod-form";
import { currentLocale } from "../../i18n";
import { describeError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { openAuth } from "./store";

export function RegisterForm() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useZodForm(ZRegisterInput, {
    mode: "uncontrolled",
    initialValues: { firstName: "", lastName: "", organizerName: "", email: "", confirmEmail: "", password: "", locale: "de" },
  });
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );

  if (registeredEmail) {
    return (
      <Stack>
        <Alert color="green" title={t`Almost done`}>
          <Trans>
            We sent an activation link to {registeredEmail}. Open it to activate your account, then log in.
          </Trans>
        </Alert>
        <Button onClick={() => openAuth("login")}>
          <Trans>Go to login</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        register.mutate({ ...values, locale: currentLocale() }, { onSuccess: () => setRegisteredEmail(values.email) }),
      )}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t`First name`} autoComplete="given-name" required data-autofocus key={form.key("firstName")} {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} autoComplete="family-name" required key={form.key("lastName")} {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <TextInput label={t`Organizer name`} autoComplete="organization" required key={form.key("organizerName")} {...form.getInputProps("organizerName")} />
        <TextInput label={t`Email`} type="email" autoComplete="email" required key={form.key("email")} {...form.getInputProps("email")} />
        <TextInput label={t`Confirm email`} type="email" autoComplete="email" required key={form.key("confirmEmail")} {...form.getInputProps("confirmEmail")} />
        <PasswordInput
          label={t`Password`}
          description={t`At least 8 characters with an uppercase and a lowercase letter, a digit and a special character.`}
          autoComplete="new-password"
          required
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          <Trans>Create account</Trans>
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm">
            <Trans>Already registered?</Trans>
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => openAuth("login")}>
            <Trans>Log in</Trans>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
