import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { DocumentTable } from "../../../components/DocumentTable";
import { VerificationBadge } from "../../../components/VerificationBadge";
import { useWalletMoney } from "../../dashboard/wallet/labels";
import type { OrganiserDetail } from "./labels";

/** A titled block of the detail page; its heading names the region for screen readers. */
export function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {value === null || value === undefined || value === "" ? "–" : value}
      </Text>
    </Stack>
  );
}

/** The organiser's contact and address, its owner and its payout account (the IBAN masked). */
export function ProfileSection({ detail }: { detail: OrganiserDetail }) {
  const { t } = useLingui();
  const { day, dateTime } = useWalletMoney();
  const { organiser: o, owner } = detail;
  const place = [o.zipCode, o.city].filter(Boolean).join(" ");
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() : null;
  return (
    <Section id="organiser-profile" title={t`Profile`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <Fact label={t`Owner`} value={ownerName} />
        <Fact
          label={t`Email`}
          value={
            owner?.email ? (
              <Group gap="xs">
                <span>{owner.email}</span>
                {owner.status === "pending" && (
                  <Badge size="xs" color="gray.7">
                    <Trans>not activated</Trans>
                  </Badge>
                )}
              </Group>
            ) : null
          }
        />
        <Fact label={t`Last sign-in`} value={owner?.lastLoginAt ? dateTime(owner.lastLoginAt) : null} />
        <Fact label={t`Phone`} value={o.phone} />
        <Fact label={t`Address`} value={[o.address, place, o.country].filter(Boolean).join(", ")} />
        <Fact label={t`Website`} value={o.website} />
        <Fact label={t`VAT ID`} value={o.vatId} />
        <Fact label={t`Tax number`} value={o.taxNumber} />
        <Fact label={t`Registered`} value={day(o.createdAt)} />
        <Fact label={t`Bank name`} value={o.bankName} />
        <Fact label={t`IBAN`} value={o.ibanMasked} testId="organiser-iban" />
        <Fact label={t`BIC`} value={o.bic} />
      </SimpleGrid>
    </Section>
  );
}

/** The verification state, a rejection's reason and the documents (each opens its download). */
export function DocumentsSection({ detail }: { detail: OrganiserDetail }) {
  const { t } = useLingui();
  const { dateTime } = useWalletMoney();
  const { verification } = detail;
  const reviewed = verification.reviewedAt ? dateTime(verification.reviewedAt) : null;
  return (
    <Section id="organiser-documents" title={t`Documents`} actions={<VerificationBadge state={verification.state} />}>
      {verification.state === "rejected" && verification.note && (
        <Alert color="red" variant="light" title={t`Reason of the rejection`}>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {verification.note}
          </Text>
        </Alert>
      )}
      {reviewed && (
        <Text size="sm" c="dimmed">
          <Trans>Last decided on {reviewed}</Trans>
        </Text>
      )}
      {verification.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No documents uploaded.</Trans>
        </Text>
      ) : (
        <DocumentTable documents={verification.documents} label={t`Verification documents`} />
      )}
    </Section>
  );
}
