import { Accordion, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { openAuth } from "../../components/AuthModals";
import { PublicLayout } from "../../layout/PublicLayout";
import { FAQ_ITEMS, FAQ_TOPICS } from "./faq-items";

export default function FaqPage() {
  const { i18n } = useLingui();
  return (
    <PublicLayout>
      <Container size="md" py={{ base: 40, md: 64 }}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1}>
              <Trans>Frequently asked questions</Trans>
            </Title>
            <Text c="dimmed" size="lg">
              <Trans>Answers for ticket buyers and for organisers who sell their events with us.</Trans>
            </Text>
          </Stack>
          {FAQ_TOPICS.map((topic) => (
            <Stack key={topic.key} gap="sm" component="section" aria-labelledby={`faq-${topic.key}`}>
              <Title order={2} size="h3" id={`faq-${topic.key}`}>
                {i18n._(topic.title)}
              </Title>
              <Accordion variant="separated" order={3} multiple>
                {FAQ_ITEMS.filter((item) => item.topic === topic.key).map((item) => (
                  <Accordion.Item key={item.key} value={item.key}>
                    <Accordion.Control>{i18n._(item.question)}</Accordion.Control>
                    <Accordion.Panel>{i18n._(item.answer)}</Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          ))}
          <Paper withBorder p="lg" bg="blue.0">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h4">
                <Trans>Ready to sell your first tickets?</Trans>
              </Title>
              <Text>
                <Trans>Create your organiser account for free and prepare your first event today.</Trans>
              </Text>
              <Button onClick={() => openAuth("register")}>
                <Trans>Register now</Trans>
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </PublicLayout>
  );
}
