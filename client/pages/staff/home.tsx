import { Alert, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useParams } from "wouter";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { PageLoader } from "../../components/PageLoader";
import { useLogout } from "../../hooks/use-logout";
import { describeError } from "../../lib/errors";
import { useUserInfo } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { DoorScreen } from "./door/DoorScreen";
import { getSetting, setSetting } from "./door/store";
import { defaultDate, type StaffHome } from "./door/use-door";
import { registerDoorShell } from "./door/shell";

/** The last home answer, kept so the door opens without network after a reload. */
const HOME_KEY = "home";
const DATE_CHOICE_KEY = "dateChoice";
type DateChoice = { staffId: string; dateId: string; day: string };
const today = () => new Date().toDateString();

/**
 * /event-staff/{agentId}: the check-in page of an event staff member (issue 18). It opens with
 * the last known event, dates and key when the network is gone, and checks people in from there.
 */
export default function StaffHomePage() {
  const { agentId } = useParams<{ agentId: string }>();
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const home = useQuery({ ...trpc.staff.home.queryOptions(), refetchInterval: 60_000 });
  const [cached, setCached] = useState<StaffHome | null>(null);
  const [dateId, setDateId] = useState<string | null>(null);

  // An agent only has their own page.
  useEffect(() => {
    if (info && info.user.id !== agentId) navigate(`/event-staff/${info.user.id}`, { replace: true });
  }, [info, agentId, navigate]);

  useEffect(() => {
    registerDoorShell();
    void getSetting<StaffHome>(HOME_KEY).then((h) => h && h.id === agentId && setCached(h));
    // A date chosen by hand holds for this staff member on this day only (tomorrow's door opens on the date running then).
    void getSetting<DateChoice>(DATE_CHOICE_KEY).then((c) => c && c.staffId === agentId && c.day === today() && setDateId(c.dateId));
  }, [agentId]);

  useEffect(() => {
    if (home.data) void setSetting(HOME_KEY, home.data);
  }, [home.data]);

  const data = home.data ?? (home.isError ? cached : null);
  const date = data ? (data.dates.find((d) => d.id === dateId) ?? defaultDate(data.dates)) : undefined;
  const chooseDate = (id: string) => {
    setDateId(id);
    void setSetting(DATE_CHOICE_KEY, { staffId: agentId, dateId: id, day: today() } satisfies DateChoice);
  };

  return (
    <Container size="sm" px="xs" py="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={1} size="h4">
              <Trans>Check-in</Trans>
            </Title>
            {data && (
              <Text size="sm" c="dimmed">
                <span data-testid="signed-in-user">{data.name}</span>
                {data.organiserName ? ` · ${data.organiserName}` : ""}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <Button variant="default" size="xs" onClick={() => void logout()}>
              <Trans>Logout</Trans>
            </Button>
          </Group>
        </Group>
        {!data && home.isPending && <PageLoader />}
        {!data && home.isError && <Alert color="red">{describeError(i18n, home.error)}</Alert>}
        {data && data.eventId === null && (
          <Alert color="yellow">
            <Trans>You are not assigned to an event yet. The organiser assigns you to the event you check in for.</Trans>
          </Alert>
        )}
        {data && data.eventId !== null && data.eventCancelled && (
          <Alert color="red">
            <Trans>This event was cancelled. Its tickets are not valid.</Trans>
          </Alert>
        )}
        {data && data.eventId !== null && !data.eventCancelled && !date && (
          <Alert color="yellow">
            <Trans>This event has no dates to check in for.</Trans>
          </Alert>
        )}
        {data && date && <DoorScreen key={date.id} home={data} date={date} onDate={chooseDate} />}
      </Stack>
    </Container>
  );
}
