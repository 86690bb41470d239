import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Card, CloseButton, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMemo } from "react";
import { Link, useLocation, useRouter, useSearch } from "wouter";
import { HELP_ARTICLES } from "./articles";
import type { HelpArticle } from "./articles/types";
import { helpLanguage } from "./language";
import { searchHelp } from "./search";
import { useRestartTour } from "./use-restart-tour";

function ArticleCard({ article }: { article: HelpArticle }) {
  return (
    <Card withBorder padding="md" component="li" style={{ listStyle: "none" }}>
      <Anchor component={Link} href={`/${article.slug}`} fw={600} style={{ overflowWrap: "break-word", hyphens: "auto" }}>
        {article.title}
      </Anchor>
      <Text size="sm" mt={4}>
        {article.summary}
      </Text>
    </Card>
  );
}

/** /dashboard/help: the articles, a search over them (kept in ?q=) and the way back into the tour. */
export default function HelpHome() {
  const { t, i18n } = useLingui();
  const language = helpLanguage(i18n.locale);
  const [, navigate] = useLocation();
  const { base } = useRouter();
  const query = new URLSearchParams(useSearch()).get("q") ?? "";
  const hits = useMemo(() => searchHelp(query, language), [query, language]);
  const restart = useRestartTour();
  const searching = query.trim() !== "";
  const articles = searching ? hits.map((h) => h.article) : HELP_ARTICLES[language];
  // Absolute ("~"): the nested route "/" would add a slash after /dashboard/help.
  const setQuery = (value: string) => navigate(`~${base}${value ? `?${new URLSearchParams({ q: value })}` : ""}`, { replace: true });

  return (
    <Stack lang={language}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          <Trans>Help</Trans>
        </Title>
        <Button variant="light" onClick={() => restart.mutate()} loading={restart.isPending}>
          <Trans>Start the tour again</Trans>
        </Button>
      </Group>
      <Text>
        <Trans>How the dashboard works, area by area. Search in German or English.</Trans>
      </Text>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput
          label={t`Search the help`}
          placeholder={t`e.g. voucher, box office, payout`}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          maw={520}
          rightSection={searching ? <CloseButton aria-label={t`Clear the search`} onClick={() => setQuery("")} /> : null}
        />
      </form>
      <Text size="sm" aria-live="polite" data-testid="help-result-count">
        {searching
          ? hits.length === 0
            ? t`No article matches “${query}”. Try another word, or browse the articles below.`
            : t({ message: plural(hits.length, { one: `# article matches “${query}”.`, other: `# articles match “${query}”.` }) })
          : null}
      </Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} aria-label={searching ? t`Search results` : t`Help articles`}>
        {(searching && hits.length === 0 ? HELP_ARTICLES[language] : articles).map((article) => (
          <ArticleCard key={article.slug} article={article} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
