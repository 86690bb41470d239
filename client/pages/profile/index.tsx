import { Alert, Anchor, Container, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { PublicLayout } from "../../layout/PublicLayout";
import { describeError } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /profile/{id}: the organiser's public profile. */
export default function ProfilePage() {
  const { id = "" } = useParams<{ id: string }>();
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const valid = UUID.test(id);
  const profile = useQuery({ ...trpc.account.publicProfile.queryOptions({ organiserId: id }), enabled: valid });
  const upcoming = useQuery({ ...trpc.shop.organiserEvents.queryOptions({ organiserId: id }), enabled: valid && profile.isSuccess });
  const links = profile.data
    ? [
        { href: profile.data.website, label: "Website" },
        { href: profile.data.facebookUrl, label: "Facebook" },
        { href: profile.data.instagramUrl, label: "Instagram" },
        { href: profile.data.youtubeUrl, label: "YouTube" },
      ].filter((l): l is { href: string; label: string } => typeof l.href === "string" && /^https?:\/\//.test(l.href))
    : [];
  return (
    <PublicLayout>
      <Container size="md" py="xl">
        {!valid && (
          <Alert color="red">
            <Trans>This organiser does not exist.</Trans>
          </Alert>
        )}
        {valid && profile.isPending && <PageLoader />}
        {profile.isError && <Alert color="red">{describeError(i18n, profile.error)}</Alert>}
        {profile.data && (
          <Paper withBorder p="xl">
            <Stack>
              <Group gap="lg" align="center">
                {profile.data.logoUploadId && (
                  <Image src={`/uploads/${profile.data.logoUploadId}`} alt={t`Logo of ${profile.data.name}`} h={80} w="auto" maw={160} fit="contain" />
                )}
                <Title order={1} style={{ overflowWrap: "break-word", minWidth: 0 }}>
                  {profile.data.name}
                </Title>
              </Group>
              {(profile.data.city || profile.data.country) && (
                <Text c="dimmed">
                  {[profile.data.city, profile.data.country ? (new Intl.DisplayNames([i18n.locale], { type: "region" }).of(profile.data.country) ?? profile.data.country) : null]
                    .filter(Boolean)
                    .join(", ")}
                </Text>
              )}
              {profile.data.description && <Text>{profile.data.description}</Text>}
              {links.length > 0 && (
                <Group>
                  {links.map((l) => (
                    <Anchor key={l.label} href={l.href} target="_blank" rel="noopener noreferrer">
                      {l.label}
                    </Anchor>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>
        )}
        {upcoming.data && (
          <Stack mt="xl" gap="sm">
            <Title order={2} size="h3">
              <Trans>Upcoming events</Trans>
            </Title>
            {upcoming.data.length === 0 && (
              <Text c="dimmed">
                <Trans>No upcoming events at the moment.</Trans>
              </Text>
            )}
            {upcoming.data.map((e) => (
              <Paper key={e.id} withBorder p="md" component={Link} href={`~/event/${e.id}`} data-testid="profile-event">
                <Text fw={600}>{e.name}</Text>
                <Text size="sm" c="dimmed">
                  {new Intl.DateTimeFormat(i18n.locale, { dateStyle: "full", timeStyle: "short", timeZone: e.timeZone }).format(e.next)}
                  {e.city ? ` · ${e.city}` : ""}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Container>
    </PublicLayout>
  );
}
