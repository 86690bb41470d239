import { Alert, Anchor, Button, Drawer, Group, Skeleton, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import { darkerOnHover } from "../withdrawals/format";
import { type ContactMessage, INDUSTRY_LABELS, type MessageSummary } from "./types";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

function MessageBody({ message, onChanged }: { message: ContactMessage; onChanged: (m: ContactMessage) => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { dateTime } = useWalletMoney();
  const setHandled = useMutation(trpc.admin.messages.setHandled.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }) }));
  const number = new Intl.NumberFormat(i18n.locale);
  const industry = message.industry && message.industry in INDUSTRY_LABELS ? i18n._(INDUSTRY_LABELS[message.industry as keyof typeof INDUSTRY_LABELS]) : message.industry;
  const subject = t`Your message`;
  const handledOn = message.handledAt ? dateTime(message.handledAt) : "";
  const handledBy = message.handledByEmail ?? "–";

  const toggle = async (handled: boolean) => {
    try {
      onChanged(await setHandled.mutateAsync({ messageId: message.id, handled }));
      toast.success(handled ? t`Message marked as handled.` : t`Message reopened.`);
    } catch (error) {
      toast.error(describeError(i18n, error));
    }
  };

  return (
    <Stack gap="md">
      <Stack gap="xs" component="dl" m={0}>
        <Field label={t`Received`}>{dateTime(message.createdAt)}</Field>
        <Field label={t`Email`}>
          <Anchor href={`mailto:${message.email}`} size="sm">
            {message.email}
          </Anchor>
        </Field>
        {message.phone && (
          <Field label={t`Phone`}>
            <Anchor href={`tel:${message.phone.replace(/[^\d+]/g, "")}`} size="sm">
              {message.phone}
            </Anchor>
          </Field>
        )}
        {industry && <Field label={t`Industry`}>{industry}</Field>}
        {message.websiteUrl && (
          <Field label={t`Website`}>
            <Anchor href={message.websiteUrl} target="_blank" rel="noopener noreferrer nofollow" size="sm">
              {message.websiteUrl}
            </Anchor>
          </Field>
        )}
        {message.ticketsPerYear !== null && <Field label={t`Tickets sold per year`}>{number.format(message.ticketsPerYear)}</Field>}
        {message.referralSource && <Field label={t`How did you hear about us?`}>{message.referralSource}</Field>}
      </Stack>
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          <Trans>Message</Trans>
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="message-text">
          {message.message}
        </Text>
      </Stack>
      {message.handledAt && (
        <Alert color="teal" variant="light">
          <Trans>
            Handled on {handledOn} by {handledBy}.
          </Trans>
        </Alert>
      )}
      <Group gap="sm">
        <Button component="a" href={`mailto:${message.email}?subject=${encodeURIComponent(subject)}`} variant="outline" color="blue.9">
          <Trans>Reply by email</Trans>
        </Button>
        {message.handledAt === null ? (
          <Button color="teal.9" style={darkerOnHover("teal-9")} loading={setHandled.isPending} onClick={() => void toggle(true)}>
            <Trans>Mark handled</Trans>
          </Button>
        ) : (
          <Button variant="default" loading={setHandled.isPending} onClick={() => void toggle(false)}>
            <Trans>Reopen</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * One message, whole, in a drawer. Opening it reads it from the server, which marks it read the
 * first time; the list is read again so it is no longer shown as unread.
 */
export function MessageDrawer({ summary, onClose }: { summary: MessageSummary | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<ContactMessage | null>(null);
  const read = useMutation(trpc.admin.messages.read.mutationOptions());
  const id = summary?.id ?? null;
  const { mutate } = read;

  useEffect(() => {
    setMessage(null);
    if (id === null) return;
    mutate(
      { messageId: id },
      {
        onSuccess: (m) => {
          setMessage(m);
          void queryClient.invalidateQueries({ queryKey: trpc.admin.messages.list.queryKey() });
        },
      },
    );
  }, [id, mutate, queryClient, trpc]);

  const who = summary ? `${summary.firstName} ${summary.lastName}` : "";
  return (
    <Drawer opened={summary !== null} onClose={onClose} position="right" size="lg" title={t`Message from ${who}`}>
      {read.isError && <Alert color="red">{describeError(i18n, read.error)}</Alert>}
      {!read.isError && message === null && <Skeleton h={240} />}
      {message && message.id === id && <MessageBody message={message} onChanged={setMessage} />}
    </Drawer>
  );
}
