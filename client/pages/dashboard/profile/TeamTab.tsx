import { Alert, Badge, Button, Checkbox, Group, Modal, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { emptyPermissionSet, type PermissionSet } from "../../../../shared/permissions";
import { ZTeamMemberCreate, ZTeamMemberUpdate, type TTeamMemberCreate } from "../../../../shared/schemas/account";
import { PageLoader } from "../../../components/PageLoader";
import { useZodForm } from "../../../hooks/use-zod-form";
import { describeError } from "../../../lib/errors";
import { PERMISSION_LABELS, PERMISSION_ORDER } from "../../../lib/permission-labels";
import { toast } from "../../../lib/toast";
import { useTRPC, type RouterOutputs } from "../../../lib/trpc";

type Member = RouterOutputs["account"]["team"]["list"][number];

/** The 17 rights as checkboxes (SPEC §6 order), bound to `permissions.*` of a form. */
function RightsField({ value, onChange }: { value: PermissionSet; onChange: (next: PermissionSet) => void }) {
  const { t, i18n } = useLingui();
  const all = PERMISSION_ORDER.every((p) => value[p]);
  return (
    <Checkbox.Group label={t`Rights`} value={PERMISSION_ORDER.filter((p) => value[p])} onChange={(on) => onChange(Object.fromEntries(PERMISSION_ORDER.map((p) => [p, on.includes(p)])) as PermissionSet)}>
      <Stack gap="xs" mt="xs">
        <Checkbox
          label={t`All rights`}
          checked={all}
          indeterminate={!all && PERMISSION_ORDER.some((p) => value[p])}
          onChange={() => onChange(Object.fromEntries(PERMISSION_ORDER.map((p) => [p, !all])) as PermissionSet)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {PERMISSION_ORDER.map((p) => (
            <Checkbox key={p} value={p} label={i18n._(PERMISSION_LABELS[p])} />
          ))}
        </SimpleGrid>
      </Stack>
    </Checkbox.Group>
  );
}

function useRefreshTeam() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.account.team.list.queryKey() });
}

function CreateMemberForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTeam();
  const initialValues: TTeamMemberCreate = { firstName: "", lastName: "", login: { kind: "email", email: "" }, password: "", permissions: emptyPermissionSet() };
  const form = useZodForm(ZTeamMemberCreate, { mode: "controlled", initialValues });
  const create = useMutation(
    trpc.account.team.create.mutationOptions({
      onSuccess: async (member) => {
        toast.success(t`${member.firstName} ${member.lastName} can now log in.`);
        await refresh();
        onDone();
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) toast.error(describeError(i18n, error));
      },
    }),
  );
  const login = form.values.login;
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
      <Stack>
        <Group grow align="flex-start">
          <TextInput label={t`First name`} required data-autofocus {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} required {...form.getInputProps("lastName")} />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="team-login-kind">
            <Trans>Signs in with</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="team-login-kind"
            value={login.kind}
            onChange={(kind) => form.setFieldValue("login", kind === "email" ? { kind: "email", email: "" } : { kind: "username", username: "" })}
            data={[
              { value: "email", label: t`Email address` },
              { value: "username", label: t`User name` },
            ]}
          />
        </Stack>
        {login.kind === "email" ? (
          <TextInput label={t`Email address`} type="email" autoComplete="off" required {...form.getInputProps("login.email")} />
        ) : (
          <TextInput label={t`User name`} description={t`Letters, digits, dots, hyphens and underscores.`} autoComplete="off" required {...form.getInputProps("login.username")} />
        )}
        <PasswordInput
          label={t`Password`}
          description={t`At least 8 characters with an uppercase and a lowercase letter, a digit and a special character. Give it to the team member yourself.`}
          autoComplete="new-password"
          required
          {...form.getInputProps("password")}
        />
        <RightsField value={form.values.permissions as PermissionSet} onChange={(next) => form.setFieldValue("permissions", next)} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            <Trans>Create team member</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditMemberForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTeam();
  const form = useZodForm(ZTeamMemberUpdate, {
    mode: "controlled",
    initialValues: { id: member.id, firstName: member.firstName, lastName: member.lastName, permissions: { ...emptyPermissionSet(), ...member.permissions } },
  });
  const update = useMutation(
    trpc.account.team.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t`The rights are saved. They apply from the team member's next action on.`);
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
        <Group grow align="flex-start">
          <TextInput label={t`First name`} required {...form.getInputProps("firstName")} />
          <TextInput label={t`Last name`} required {...form.getInputProps("lastName")} />
        </Group>
        <RightsField value={form.values.permissions as PermissionSet} onChange={(next) => form.setFieldValue("permissions", next)} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ActiveSwitch({ member }: { member: Member }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTeam();
  const name = `${member.firstName} ${member.lastName}`;
  const setActive = useMutation(
    trpc.account.team.setActive.mutationOptions({
      onSuccess: refresh,
      onError: (error) => toast.error(describeError(i18n, error)),
    }),
  );
  return (
    <Switch
      checked={member.status === "active"}
      disabled={setActive.isPending}
      onChange={(e) => setActive.mutate({ id: member.id, active: e.currentTarget.checked })}
      label={member.status === "active" ? t`Activated` : t`Deactivated`}
      aria-label={t`${name} activated`}
    />
  );
}

/** Team management tab (owner only): team members with their rights, activated or not. */
export default function TeamTab() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const team = useQuery(trpc.account.team.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  if (team.isPending) return <PageLoader />;
  if (team.isError) return <Alert color="red">{describeError(i18n, team.error)}</Alert>;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>Team members sign in with their own login and see only the areas their rights allow.</Trans>
        </Text>
        <Button onClick={() => setCreating(true)}>
          <Trans>New team member</Trans>
        </Button>
      </Group>
      {team.data.length === 0 ? (
        <Alert color="gray">
          <Trans>No team members yet.</Trans>
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t`Team members`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Email or user name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Rights</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.data.map((m) => {
                const granted = PERMISSION_ORDER.filter((p) => m.permissions?.[p]);
                return (
                  <Table.Tr key={m.id}>
                    <Table.Td>{`${m.firstName} ${m.lastName}`}</Table.Td>
                    <Table.Td>{m.email ?? m.username}</Table.Td>
                    <Table.Td>
                      {granted.length === PERMISSION_ORDER.length ? (
                        <Badge variant="light">
                          <Trans>All rights</Trans>
                        </Badge>
                      ) : granted.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          <Trans>No rights</Trans>
                        </Text>
                      ) : (
                        <Text size="sm">{granted.map((p) => i18n._(PERMISSION_LABELS[p])).join(", ")}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <ActiveSwitch member={m} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setEditing(m)} aria-label={t`Edit ${m.firstName} ${m.lastName}`}>
                        <Trans>Edit</Trans>
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t`New team member`} size="lg">
        {creating && <CreateMemberForm onDone={() => setCreating(false)} />}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t`Edit team member`} size="lg">
        {editing && <EditMemberForm member={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
