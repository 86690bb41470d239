import { Alert, Anchor, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { WalletFigures } from "../dashboard/wallet/figures";
import { AccountSection } from "./organisers/account-section";
import { AuditSection } from "./organisers/audit-section";
import { EventsSection } from "./organisers/events-section";
import { PlanSection } from "./organisers/plan-section";
import { DocumentsSection, ProfileSection, Section } from "./organisers/profile-section";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackLink() {
  return (
    <Anchor component={Link} href="/organisers" size="sm">
      <Trans>← All organisers</Trans>
    </Anchor>
  );
}

/**
 * /admin-dashboard/organisers/{id} (issue 23 item 1): one organiser with its profile, documents,
 * events, plan and contingent (set or corrected here by hand), wallet, account state and the
 * admins' actions on it.
 */
export default function AdminOrganiserDetail() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const { organiserId = "" } = useParams<{ organiserId: string }>();
  const valid = UUID.test(organiserId);
  const detail = useQuery({ ...trpc.admin.organisers.detail.queryOptions({ organiserId }), enabled: valid });

  if (!valid || detail.isError) {
    return (
      <Stack>
        <BackLink />
        <Title order={1} size="h2">
          <Trans>Organiser</Trans>
        </Title>
        <Alert color="red">{valid ? describeError(i18n, detail.error) : <Trans>This organiser does not exist.</Trans>}</Alert>
      </Stack>
    );
  }
  if (detail.isPending) {
    return (
      <Stack>
        <BackLink />
        <Skeleton h={40} w={320} />
        <Skeleton h={200} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  const data = detail.data;
  return (
    <Stack>
      <BackLink />
      <Stack gap={4}>
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {data.organiser.name}
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Organiser account</Trans>
        </Text>
      </Stack>
      <AccountSection detail={data} />
      <PlanSection detail={data} />
      <Section id="organiser-wallet" title={t`Wallet`}>
        <WalletFigures summary={data.wallet} />
      </Section>
      <DocumentsSection detail={data} />
      <EventsSection detail={data} />
      <ProfileSection detail={data} />
      <AuditSection detail={data} />
    </Stack>
  );
}
