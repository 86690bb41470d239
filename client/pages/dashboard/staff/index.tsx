import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { PageLoader } from "../../../components/PageLoader";
import { describeError } from "../../../lib/errors";
import { useTRPC } from "../../../lib/trpc";
import { CreateStaffForm, EditStaffForm, ResetPasswordForm } from "./staff-form";
import { StaffCards, StaffTable } from "./staff-list";
import { type StaffMember, staffName } from "./use-staff";

/**
 * /dashboard/event-staff (owner only, decision 019): the people who check tickets in at the
 * door, each with a login of their own for one event.
 */
export default function StaffArea() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const staff = useQuery(trpc.staff.manage.list.queryOptions());
  const events = useQuery(trpc.staff.manage.events.queryOptions());
  const narrow = useMediaQuery("(max-width: 48em)");
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const error = staff.error ?? events.error;
  const hasEvents = (events.data ?? []).some((e) => e.status !== "cancelled");
  const actions = { onEdit: setEditing, onResetPassword: setResetting };
  const close = { "aria-label": t`Close` };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Event Staff</Trans>
        </Title>
        <Button onClick={() => setCreating(true)} disabled={!hasEvents}>
          <Trans>New staff member</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Event staff check tickets in at the door of one event. They log in at{" "}
          <Anchor href="/event-staff/login" target="_blank" size="sm" underline="always">
            the event staff login
          </Anchor>{" "}
          with the user name and password you give them, and see the buyers of their event only.
        </Trans>
      </Text>
      {error && <Alert color="red">{describeError(i18n, error)}</Alert>}
      {(staff.isPending || events.isPending) && !error && <PageLoader />}
      {staff.data && events.data && staff.data.length === 0 && (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center" gap="sm">
            <Text c="dimmed">
              <Trans>No event staff yet.</Trans>
            </Text>
            {hasEvents ? (
              <Button variant="light" onClick={() => setCreating(true)}>
                <Trans>Create the first staff member</Trans>
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                <Trans>
                  Staff are assigned to an event.{" "}
                  <Anchor component={Link} href="~/dashboard/events" size="sm" underline="always">
                    Create an event
                  </Anchor>{" "}
                  first.
                </Trans>
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {staff.data && staff.data.length > 0 && (narrow ? <StaffCards staff={staff.data} {...actions} /> : <StaffTable staff={staff.data} {...actions} />)}
      <Modal opened={creating} onClose={() => setCreating(false)} title={t`New staff member`} size="lg" closeButtonProps={close}>
        {creating && events.data && <CreateStaffForm events={events.data} onDone={() => setCreating(false)} />}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t`Edit staff member`} size="lg" closeButtonProps={close}>
        {editing && events.data && <EditStaffForm member={editing} events={events.data} onDone={() => setEditing(null)} />}
      </Modal>
      <Modal opened={resetting !== null} onClose={() => setResetting(null)} title={resetting ? t`New password for ${staffName(resetting)}` : ""} closeButtonProps={close}>
        {resetting && <ResetPasswordForm member={resetting} onDone={() => setResetting(null)} />}
      </Modal>
    </Stack>
  );
}
