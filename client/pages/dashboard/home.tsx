import { Alert, Anchor, Button, CopyButton, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { canActForOrganiser } from "../../../shared/permissions";
import { PageLoader } from "../../components/PageLoader";
import { describeError } from "../../lib/errors";
import { useUserInfo } from "../../lib/session";
import { VerificationBadge } from "../../components/VerificationBadge";
import { useTRPC } from "../../lib/trpc";
import { ContingentPrompt } from "../../components/ContingentPrompt";
import { BoxOfficeCard } from "./boxoffice/card";
import { EventCalendar } from "./home/calendar";
import { FigureCards, type HomePeriod, PeriodSwitch, SalesByType } from "./home/figures";
import { NextEvent, RecentOrders } from "./home/recent";

/**
 * Dashboard home: the period's sales figures and sales by ticket type, recent orders, the next
 * event, the calendar of event dates (decision 023), the account state and the public profile link.
 */
export default function DashboardHome() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const info = useUserInfo();
  const canView = canActForOrganiser(info?.user, ["viewMainDashboard"]);
  const canOpenDocuments = canActForOrganiser(info?.user, ["orgProfileAccess"]);
  const overview = useQuery({ ...trpc.account.overview.queryOptions(), enabled: canView });
  const [period, setPeriod] = useState<HomePeriod>("30d");
  const home = useQuery({ ...trpc.dashboard.home.queryOptions({ period }), enabled: canView, placeholderData: keepPreviousData });

  if (!canView) {
    return (
      <Stack>
        <Alert color="yellow" title={t`No access to the main dashboard`}>
          <Trans>Your team account does not have the right to view the main dashboard. Ask the organiser to grant it.</Trans>
        </Alert>
        <BoxOfficeCard />
      </Stack>
    );
  }
  if (overview.isPending) return <PageLoader />;
  if (overview.isError) return <Alert color="red">{describeError(i18n, overview.error)}</Alert>;
  const o = overview.data;
  const profileUrl = `${window.location.origin}/profile/${o.id}`;
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" });
  const reason = o.rejectionReason;

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Welcome, {info?.user.firstName}</Trans>
      </Title>
      <Text c="dimmed">{o.name}</Text>
      {!o.canPublish && (
        <Alert color="yellow" title={t`Events can only be saved as drafts for now`}>
          <Trans>
            To publish events, your profile must be verified with documents and you need a plan with a sufficient ticket
            contingent.
          </Trans>
        </Alert>
      )}
      {o.plan !== "none" && o.contingentShort && <ContingentPrompt balance={o.ticketContingent} liveNeed={o.liveNeed} />}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          <Trans>Sales</Trans>
        </Title>
        <PeriodSwitch value={period} onChange={setPeriod} />
      </Group>
      {home.isError && <Alert color="red">{describeError(i18n, home.error)}</Alert>}
      <FigureCards figures={home.data?.figures} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SalesByType figures={home.data?.figures} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <RecentOrders data={home.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <NextEvent data={home.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <EventCalendar />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>Profile verification</Trans>
            </Text>
            <VerificationBadge state={o.verificationState} />
            {o.rejectionReason && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                <Trans>Reason: {reason}</Trans>
              </Text>
            )}
            {o.verificationState !== "verified" && o.verificationState !== "in_review" && canOpenDocuments && (
              <Anchor component={Link} href="/profile/documents" size="sm">
                <Trans>Upload documents</Trans>
              </Anchor>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>Plan</Trans>
            </Text>
            <Text fw={600}>
              {o.plan === "monthly" ? t`Monthly` : o.plan === "yearly" ? t`Yearly` : t`No plan`}
            </Text>
            {o.planUntil && (
              <Text size="sm">
                {o.planActive ? (
                  <Trans>In progress until {dateFormat.format(o.planUntil)}</Trans>
                ) : (
                  <Trans>Expired on {dateFormat.format(o.planUntil)}</Trans>
                )}
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              <Trans>Ticket contingent</Trans>
            </Text>
            <Text fw={600} fz="xl" data-testid="ticket-contingent">
              {new Intl.NumberFormat(i18n.locale).format(o.ticketContingent)}
            </Text>
          </Stack>
        </Paper>
        <BoxOfficeCard />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text fw={600}>
            <Trans>Your public profile</Trans>
          </Text>
          <Text size="sm" style={{ wordBreak: "break-all" }}>
            {profileUrl}
          </Text>
          <Group>
            <CopyButton value={profileUrl}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} color={copied ? "green" : "blue"}>
                  {copied ? t`Copied` : t`Copy profile URL`}
                </Button>
              )}
            </CopyButton>
            <Button component={Link} href={`~/profile/${o.id}`} variant="default">
              <Trans>See profile</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
