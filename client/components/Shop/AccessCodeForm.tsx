import { Alert, Button, Group, PasswordInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";

/** Access tokens of code-protected events, kept for the browser tab. */
export function storedAccess(eventId: string): string | undefined {
  return sessionStorage.getItem(`access:${eventId}`) ?? undefined;
}

/** SPEC §2: code-protected events show their tickets only after the right access code. */
export function AccessCodeForm({ eventId, onUnlocked }: { eventId: string; onUnlocked: (access: string) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const [code, setCode] = useState("");
  const unlock = useMutation(
    trpc.shop.unlock.mutationOptions({
      onSuccess: ({ access }) => {
        sessionStorage.setItem(`access:${eventId}`, access);
        onUnlocked(access);
      },
    }),
  );
  return (
    <Alert color="blue" title={t`Access code required`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) unlock.mutate({ eventId, code });
        }}
      >
        <Trans>The tickets of this event are available with an access code only.</Trans>
        <Group align="flex-end" mt="sm">
          <PasswordInput
            label={t`Access code`}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={unlock.error ? describeError(i18n, unlock.error) : undefined}
            autoComplete="off"
            w={260}
          />
          <Button type="submit" loading={unlock.isPending} disabled={!code.trim()}>
            <Trans>Show tickets</Trans>
          </Button>
        </Group>
      </form>
    </Alert>
  );
}
