import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_FAQ } from "../../../../../../shared/schemas/events";
import type { DetailsFormHandle } from "./form";

/** Questions and answers for the event page, up to MAX_FAQ. */
export function FaqSection({ form }: { form: DetailsFormHandle }) {
  const { t } = useLingui();
  const faq = form.getValues().faq ?? [];
  const maxFaq = MAX_FAQ;
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h4">
          <Trans>Frequently asked questions</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Answer common questions of visitors (up to {maxFaq}).</Trans>
        </Text>
      </div>
      {faq.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No questions yet.</Trans>
        </Text>
      )}
      {faq.map((_, index) => {
        const position = index + 1;
        return (
          <Paper key={index} withBorder p="sm">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={500} size="sm">
                  <Trans>Question {position}</Trans>
                </Text>
                <Button variant="subtle" color="red" size="xs" onClick={() => form.removeListItem("faq", index)}>
                  <Trans>Remove question {position}</Trans>
                </Button>
              </Group>
              <TextInput label={t`Question`} required {...form.getInputProps(`faq.${index}.question`)} />
              <Textarea label={t`Answer`} required autosize minRows={2} maxRows={8} {...form.getInputProps(`faq.${index}.answer`)} />
            </Stack>
          </Paper>
        );
      })}
      {form.errors.faq && (
        <Text size="sm" c="red" role="alert">
          {form.errors.faq}
        </Text>
      )}
      <div>
        <Button
          variant="light"
          onClick={() => form.insertListItem("faq", { question: "", answer: "" })}
          disabled={faq.length >= MAX_FAQ}
        >
          <Trans>Add question</Trans>
        </Button>
      </div>
    </Stack>
  );
}
