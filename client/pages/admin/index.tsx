import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { VerificationBadge } from "../../components/VerificationBadge";
import { AreaShell } from "../../layout/AreaShell";
import { AreaNotFound } from "../../layout/AreaShell/AreaNotFound";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useRoleLabels } from "../../lib/role-labels";
import { AccountStatusCell } from "./AccountStatusCell";

const AdminVerification = lazy(() => import("./verification"));
const AdminWithdrawals = lazy(() => import("./withdrawals"));
const AdminAudit = lazy(() => import("./audit"));

function AdminHome() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const roleLabel = useRoleLabels();
  const organisers = useQuery(trpc.admin.organisers.list.queryOptions());
  const counts = useQuery(trpc.admin.figures.userCounts.queryOptions());
  if (organisers.isPending || counts.isPending) return <PageLoader />;
  if (organisers.isError) return <Alert color="red">{describeError(i18n, organisers.error)}</Alert>;
  if (counts.isError) return <Alert color="red">{describeError(i18n, counts.error)}</Alert>;
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" });
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Platform overview</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {counts.data.map((c) => (
          <Paper key={c.role} withBorder p="md">
            <Text size="sm" c="dimmed">
              {roleLabel(c.role)}
            </Text>
            <Text fw={700} fz="xl">
              {c.count}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={2} size="h3">
        <Trans>Organisers</Trans>
      </Title>
      {/* Focusable, so keyboard users can scroll the table on a phone. */}
      <Table.ScrollContainer minWidth={640} tabIndex={0}>
        <Table striped highlightOnHover aria-label={t`Organisers`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Owner</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Verification</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Ticket contingent</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Registered</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Account</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {organisers.data.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{o.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{o.ownerEmail ?? "-"}</Text>
                    {o.ownerStatus === "pending" && (
                      <Badge size="xs" color="gray">
                        <Trans>not activated</Trans>
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <VerificationBadge state={o.verificationState} />
                </Table.Td>
                <Table.Td>{new Intl.NumberFormat(i18n.locale).format(o.ticketContingent)}</Table.Td>
                <Table.Td>{dateFormat.format(o.createdAt)}</Table.Td>
                <Table.Td>
                  <AccountStatusCell organiserId={o.id} name={o.name} disabledAt={o.disabledAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** /admin-dashboard/*: the administrator's area. */
export default function AdminArea() {
  const { t } = useLingui();
  return (
    <AreaShell
      title={t`Admin dashboard`}
      nav={[
        { href: "/", label: t`Overview` },
        { href: "/verification", label: t`Verification` },
        { href: "/withdrawals", label: t`Withdrawals` },
        { href: "/audit", label: t`Audit log` },
      ]}
    >
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={AdminHome} />
          <Route path="/verification" component={AdminVerification} />
          <Route path="/withdrawals" component={AdminWithdrawals} />
          <Route path="/audit" component={AdminAudit} />
          <Route component={AreaNotFound} />
        </Switch>
      </Suspense>
    </AreaShell>
  );
}
