import { Accordion, Anchor, Group } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { FAQ_ITEMS } from "../faq/faq-items";
import { Section } from "./Section";

const FEATURED = FAQ_ITEMS.filter((item) => item.featured);

export function FaqSection() {
  const { i18n } = useLingui();
  return (
    <Section id="faq" title={<Trans>Frequently asked questions</Trans>}>
      <Accordion variant="separated" order={3} maw={820} w="100%" mx="auto">
        {FEATURED.map((item) => (
          <Accordion.Item key={item.key} value={item.key}>
            <Accordion.Control>{i18n._(item.question)}</Accordion.Control>
            <Accordion.Panel>{i18n._(item.answer)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group justify="center">
        <Anchor component={Link} href="/faq">
          <Trans>See all questions and answers</Trans>
        </Anchor>
      </Group>
    </Section>
  );
}
