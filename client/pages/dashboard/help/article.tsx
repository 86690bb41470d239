import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useParams, useRouter } from "wouter";
import { AreaNotFound } from "../../../layout/AreaShell/AreaNotFound";
import { HelpBody } from "./body";
import { helpLanguage } from "./language";
import { findHelpArticle } from "./search";

/** /dashboard/help/{slug}: one article, with the way to its screen. */
export default function HelpArticlePage() {
  const { t, i18n } = useLingui();
  const { slug = "" } = useParams<{ slug: string }>();
  const { base } = useRouter();
  const language = helpLanguage(i18n.locale);
  const article = findHelpArticle(slug, language);
  if (!article) return <AreaNotFound />;
  const screen = `~/dashboard${article.screen.href}`;
  return (
    <Stack maw={760} lang={language}>
      <Anchor component={Link} href={`~${base}`} size="sm">
        <Trans>← All help articles</Trans>
      </Anchor>
      <Title order={1} size="h2" style={{ overflowWrap: "break-word", hyphens: "auto" }}>
        {article.title}
      </Title>
      <Text size="lg">{article.summary}</Text>
      <HelpBody blocks={article.body} />
      <Paper withBorder p="md" mt="md">
        <Group justify="space-between" gap="sm">
          <Text fw={600}>
            <Trans>Try it yourself: {article.screen.label}</Trans>
          </Text>
          <Button component={Link} href={screen} aria-label={t`Open the screen: ${article.screen.label}`}>
            <Trans>Open the screen</Trans>
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
