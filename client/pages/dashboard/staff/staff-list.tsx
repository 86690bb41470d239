import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Paper, SimpleGrid, Stack, Switch, Table, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { type StaffMember, staffName, useRefreshStaff, useStaffDates } from "./use-staff";

export type StaffActions = { onEdit: (member: StaffMember) => void; onResetPassword: (member: StaffMember) => void };

/** Activated or deactivated (SPEC §4); deactivating signs the staff member out at once. */
function ActiveSwitch({ member }: { member: StaffMember }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshStaff();
  const name = staffName(member);
  const setActive = useMutation(
    trpc.staff.manage.setActive.mutationOptions({
      onSuccess: async (_, input) => {
        toast.success(input.active ? t`${name} can log in again.` : t`${name} is deactivated and has been signed out.`);
        await refresh();
      },
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

function EventName({ member }: { member: StaffMember }) {
  return member.eventName ? (
    <>{member.eventName}</>
  ) : (
    <Text span size="sm" c="dimmed">
      <Trans>No event assigned</Trans>
    </Text>
  );
}

function LastLogin({ member }: { member: StaffMember }) {
  const dates = useStaffDates();
  return member.lastLoginAt ? (
    <>{dates.dateTime(member.lastLoginAt)}</>
  ) : (
    <Text span size="sm" c="dimmed">
      <Trans>Never</Trans>
    </Text>
  );
}

function RowActions({ member, onEdit, onResetPassword }: StaffActions & { member: StaffMember }) {
  const { t } = useLingui();
  const name = staffName(member);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => onEdit(member)} aria-label={t`Edit ${name}`}>
        <Trans>Edit</Trans>
      </Button>
      <Button size="xs" variant="default" onClick={() => onResetPassword(member)} aria-label={t`Reset password of ${name}`}>
        <Trans>Reset password</Trans>
      </Button>
    </Group>
  );
}

/** Wide screens: one row per staff member. */
export function StaffTable({ staff, ...actions }: StaffActions & { staff: StaffMember[] }) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped verticalSpacing="sm" aria-label={t`Event staff`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>User name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last login</Trans>
            </Table.Th>
            <Table.Th ta="right">
              <Trans>Check-ins</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((m) => (
            <Table.Tr key={m.id} data-testid="staff-row">
              <Table.Td>{staffName(m)}</Table.Td>
              <Table.Td ff="monospace">{m.username}</Table.Td>
              <Table.Td>
                <EventName member={m} />
              </Table.Td>
              <Table.Td>
                <ActiveSwitch member={m} />
              </Table.Td>
              <Table.Td>
                <LastLogin member={m} />
              </Table.Td>
              <Table.Td ta="right">{m.checkinCount}</Table.Td>
              <Table.Td>
                <RowActions member={m} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: the same facts as the table, one card per staff member. */
export function StaffCards({ staff, ...actions }: StaffActions & { staff: StaffMember[] }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} aria-label={t`Event staff`} style={{ listStyle: "none" }}>
      {staff.map((m) => (
        <Paper key={m.id} withBorder p="sm" component="li" data-testid="staff-row">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{staffName(m)}</Text>
                <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {m.username}
                </Text>
              </div>
              <ActiveSwitch member={m} />
            </Group>
            <Text size="sm">
              <EventName member={m} />
            </Text>
            <SimpleGrid cols={2} spacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Last login</Trans>
                </Text>
                <Text size="sm">
                  <LastLogin member={m} />
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  <Trans>Check-ins</Trans>
                </Text>
                <Text size="sm">{m.checkinCount}</Text>
              </div>
            </SimpleGrid>
            <RowActions member={m} {...actions} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
