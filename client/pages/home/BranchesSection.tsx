import { Badge, Card, Group, SimpleGrid, Text, Title } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BRANCHES, type BranchKey } from "../../../shared/branches";
import { BRANCH_LABELS, SUBCATEGORY_LABELS } from "../../lib/branch-labels";
import { Section } from "./Section";

const BRANCH_DESCRIPTIONS: Record<BranchKey, MessageDescriptor> = {
  events_concerts: msg`From the club gig to the open-air festival: sell standing and seated tickets, several dates and ticket types per event.`,
  music_theatre: msg`Opera houses, musical stages and ballet companies use seating plans with price categories and season tickets.`,
  sports_health: msg`Clubs sell match tickets and season tickets for their stadium; studios and coaches sell courses and seminars.`,
  leisure_travel: msg`Tours, trips and attractions with time slots, daily limits and participant details for every booking.`,
  fairs_exhibitions: msg`Day and multi-day tickets for visitors, check-in at the entrance and reports for exhibitors and partners.`,
};

export function BranchesSection() {
  const { i18n } = useLingui();
  return (
    <Section
      id="branches"
      title={<Trans>Branches</Trans>}
      intro={<Trans>One platform for every kind of event. Choose your branch and category when you create an event.</Trans>}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {BRANCHES.map((branch) => (
          <Card key={branch.key} withBorder padding="lg">
            <Title order={3} size="h4" mb="xs">
              {i18n._(BRANCH_LABELS[branch.key])}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {i18n._(BRANCH_DESCRIPTIONS[branch.key])}
            </Text>
            <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {branch.subcategories.map((sub) => (
                <Badge key={sub} component="li" variant="light" tt="none">
                  {i18n._(SUBCATEGORY_LABELS[sub])}
                </Badge>
              ))}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}
