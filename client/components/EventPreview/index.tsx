import { Accordion, Alert, Anchor, AspectRatio, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Table, Text, Title, Typography } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatCents } from "../../../shared/rules/money";
import { youtubeEmbedUrl } from "../../../shared/rules/youtube";
import type { EventListStatus } from "../../../shared/schemas/events";
import { useBranchLabels } from "../../lib/branch-labels";

export type PreviewEvent = {
  name: string;
  category: string | null;
  subcategory: string | null;
  address: string | null;
  addressAddition: string | null;
  city: string | null;
  zip: string | null;
  country: string | null;
  timeZone: string;
  imageId: string | null;
  mediaImageIds: string[];
  youtubeUrl: string | null;
  descriptionHtml: string | null;
  faq: { question: string; answer: string }[];
};

export type PreviewDate = { id: string; startsAt: Date; endsAt: Date };
export type PreviewCategory = {
  id: string;
  name: string;
  kind: "chargeable" | "free";
  priceCents: number;
  webDescription: string | null;
  appliesTo: "boxoffice" | "boxoffice_online";
};

/**
 * An event as buyers see it: banner for cancelled/expired, draft marker, image, dates, venue,
 * description, video, FAQ and the ticket categories sold online.
 */
export function EventPreview({
  event,
  dates,
  categories,
  status,
  organiser,
  dateAction,
  children,
}: {
  event: PreviewEvent;
  dates: PreviewDate[];
  categories: PreviewCategory[];
  status: EventListStatus;
  /** The organiser, linked to its public profile. */
  organiser?: { id: string; name: string };
  /** Something to do per date (the shop links to the date's tickets). */
  dateAction?: (date: PreviewDate) => ReactNode;
  /** The shop, shown instead of the plain list of ticket categories. */
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const branch = useBranchLabels();
  const dateFormat = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: event.timeZone,
  });
  const timeFormat = new Intl.DateTimeFormat(i18n.locale, { timeStyle: "short", timeZone: event.timeZone });
  const embed = event.youtubeUrl ? youtubeEmbedUrl(event.youtubeUrl) : null;
  const online = categories.filter((c) => c.appliesTo === "boxoffice_online");
  const countryName = event.country ? new Intl.DisplayNames([i18n.locale], { type: "region" }).of(event.country) : null;

  return (
    <Stack>
      {status === "canceled" && (
        <Alert color="red" title={t`This event has been cancelled`}>
          <Trans>No tickets are sold any more. Buyers of tickets were informed by email.</Trans>
        </Alert>
      )}
      {status === "expired" && (
        <Alert color="gray" title={t`This event is over`}>
          <Trans>All dates of this event have passed.</Trans>
        </Alert>
      )}
      {(status === "draft" || status === "publish_later") && (
        <Badge color="yellow" size="lg" variant="filled" w="fit-content" data-testid="draft-marker">
          <Trans>Draft: not visible to the public</Trans>
        </Badge>
      )}
      {event.imageId && (
        <AspectRatio ratio={2}>
          <Image src={`/uploads/${event.imageId}`} alt={event.name} radius="md" fit="cover" />
        </AspectRatio>
      )}
      <Stack gap={4}>
        <Title order={1}>{event.name}</Title>
        {event.category && (
          <Text c="dimmed">
            {branch.branch(event.category)}
            {event.subcategory ? ` · ${branch.subcategory(event.subcategory)}` : ""}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Text fw={600} mb="xs">
            <Trans>Dates</Trans>
          </Text>
          {dates.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>No dates yet.</Trans>
            </Text>
          ) : (
            <Stack gap={4}>
              {dates.slice(0, 12).map((d) => (
                <Group key={d.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">
                    {dateFormat.format(d.startsAt)} – {timeFormat.format(d.endsAt)}
                  </Text>
                  {dateAction?.(d)}
                </Group>
              ))}
              {dates.length > 12 && (
                <Text size="sm" c="dimmed">
                  <Trans>and {dates.length - 12} more dates</Trans>
                </Text>
              )}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Text fw={600} mb="xs">
            <Trans>Venue</Trans>
          </Text>
          <Text size="sm">{event.address}</Text>
          {event.addressAddition && <Text size="sm">{event.addressAddition}</Text>}
          <Text size="sm">{[event.zip, event.city].filter(Boolean).join(" ")}</Text>
          {countryName && <Text size="sm">{countryName}</Text>}
          {organiser && (
            <Text size="sm" mt="xs">
              <Trans>
                Organiser: <Anchor component={Link} href={`~/profile/${organiser.id}`}>{organiser.name}</Anchor>
              </Trans>
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      {event.descriptionHtml && (
        <Typography>
          {/* Stored sanitised by the server (server/lib/sanitize.ts). */}
          <Box dangerouslySetInnerHTML={{ __html: event.descriptionHtml }} />
        </Typography>
      )}
      {event.mediaImageIds.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {event.mediaImageIds.map((id) => (
            <AspectRatio ratio={4 / 3} key={id}>
              <Image src={`/uploads/${id}`} alt="" radius="sm" fit="cover" />
            </AspectRatio>
          ))}
        </SimpleGrid>
      )}
      {children}
      {embed && (
        <AspectRatio ratio={16 / 9} maw={720}>
          <iframe src={embed} title={t`Video about ${event.name}`} allowFullScreen style={{ border: 0 }} />
        </AspectRatio>
      )}
      {children === undefined && <Paper withBorder p="md">
        <Text fw={600} mb="xs">
          <Trans>Tickets</Trans>
        </Text>
        {online.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No tickets on sale online.</Trans>
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {online.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Text fw={500}>{c.name}</Text>
                    {c.webDescription && (
                      <Text size="xs" c="dimmed">
                        {c.webDescription}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {c.kind === "free" ? <Trans>Free of charge</Trans> : formatCents(c.priceCents, i18n.locale)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>}
      {event.faq.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            <Trans>FAQ</Trans>
          </Title>
          <Accordion variant="separated">
            {event.faq.map((f, i) => (
              <Accordion.Item key={i} value={String(i)}>
                <Accordion.Control>{f.question}</Accordion.Control>
                <Accordion.Panel>{f.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}
      <Group />
    </Stack>
  );
}
