import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { ZStaffCreate, ZStaffPasswordReset, ZStaffUpdate, type TStaffCreate } from "../../../../shared/schemas/staff";
import { useEventStatusLabels } from "../../../components/EventStatusBadge";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { type AssignableEvent, type StaffMember, staffName, useRefreshStaff, useStaffDates } from "./use-staff";

/** The event a staff member checks people in for: a cancelled one is shown but cannot be chosen. */
function EventField({ events, currentEventId, inputProps }: { events: AssignableEvent[]; currentEventId: string | null; inputProps: GetInputPropsReturnType }) {
  const { t } = useLingui();
  const dates = useStaffDates();
  const statusLabels = useEventStatusLabels();
  const data = events
    .filter((e) => e.status !== "cancelled" || e.id === currentEventId)
    .map((e) => {
      const when = e.firstStartsAt ? dates.day(e.firstStartsAt, e.timeZone) : t`no dates yet`;
      return { value: e.id, label: `${e.name} · ${when} · ${statusLabels[e.listStatus]}`, disabled: e.status === "cancelled" && e.id !== currentEventId };
    });
  return (
    <Select
      label={t`Event`}
      description={t`The staff member checks in tickets of this event only.`}
      placeholder={t`Choose an event`}
      searchable
      required
      nothingFoundMessage={t`No event found.`}
      data={data}
      {...inputProps}
      value={(inputProps.value as string) || null}
      onChange={(v) => inputProps.onChange(v ?? "")}
    />
  );
}

function PasswordRules() {
  return (
    <Trans>At least 8 characters with an uppercase and a lowercase letter, a digit and a special character. Give it to the staff member yourself.</Trans>
  );
}

/** A new staff member: name, user name, password and one event. */
export function CreateStaffForm({ events, onDone }: { events: AssignableEvent[]; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshStaff();
  const initialValues: TStaffCreate = { firstName: "", lastName: "", username: "", password: "", eventId: "" };
  const form = useZodForm(ZStaffCreate, { mode: "controlled", initialValues });
  const create = useMutation(
    trpc.staff.manage.create.mutationOptions({
      onSuccess: async (member) => {
        toast.success(t`${staffName(member)} can now log in at the event staff login as ${member.username}.`);
        await refresh();
        onDone();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t`First name`} required data-autofocus {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <TextInput
          label={t`User name`}
          description={t`For the event staff login. Letters, digits, dots, hyphens and underscores.`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.getInputProps("username")}
        />
        <PasswordInput label={t`Password`} description={<PasswordRules />} autoComplete="new-password" required {...form.getInputProps("password")} />
        <EventField events={events} currentEventId={null} inputProps={form.getInputProps("eventId")} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            <Trans>Create staff member</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Name and event of an existing staff member (the user name stays; the password has its own form). */
export function EditStaffForm({ member, events, onDone }: { member: StaffMember; events: AssignableEvent[]; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshStaff();
  const form = useZodForm(ZStaffUpdate, {
    mode: "controlled",
    initialValues: { id: member.id, firstName: member.firstName, lastName: member.lastName, eventId: member.eventId ?? "" },
  });
  const update = useMutation(
    trpc.staff.manage.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t`Saved.`);
        await refresh();
        onDone();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t`First name`} required data-autofocus {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <TextInput label={t`User name`} value={member.username ?? ""} readOnly variant="filled" />
        <EventField events={events} currentEventId={member.eventId} inputProps={form.getInputProps("eventId")} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The owner types a new password; the staff member is signed out everywhere. */
export function ResetPasswordForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const form = useZodForm(ZStaffPasswordReset, { mode: "controlled", initialValues: { id: member.id, password: "" } });
  const reset = useMutation(
    trpc.staff.manage.resetPassword.mutationOptions({
      onSuccess: () => {
        toast.success(t`The new password is set. ${staffName(member)} has been signed out and logs in with it.`);
        onDone();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
      <Stack>
        <PasswordInput
          label={t`New password`}
          description={<PasswordRules />}
          autoComplete="new-password"
          required
          data-autofocus
          {...form.getInputProps("password")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reset.isPending}>
            <Trans>Set password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
