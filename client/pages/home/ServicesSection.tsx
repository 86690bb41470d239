import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { type Feature, FeatureGrid } from "./FeatureGrid";
import { Section } from "./Section";

const SERVICES: readonly Feature[] = [
  {
    key: "onboarding",
    title: msg`Onboarding`,
    text: msg`We walk you through your account, verification, payment details and your first event, so you can start selling quickly.`,
  },
  {
    key: "seating_setup",
    title: msg`Seating-plan set-up`,
    text: msg`Send us the plan of your venue and we build the seating plan with blocks, rows and price categories for you.`,
  },
  {
    key: "hard_tickets",
    title: msg`Hard-ticket printing`,
    text: msg`Printed tickets for the box office, presale points and gifts. Each ticket is activated by scanning its code after printing.`,
  },
  {
    key: "support",
    title: msg`Personal support`,
    text: msg`Questions about an event, an order or a payout? Our support team answers them in German and English.`,
  },
];

export function ServicesSection() {
  return (
    <Section
      id="services"
      title={<Trans>Services</Trans>}
      intro={<Trans>The software is only half of it. We help you get set up and stay by your side during the sale.</Trans>}
    >
      <FeatureGrid items={SERVICES} cols={{ base: 1, sm: 2, md: 4 }} />
    </Section>
  );
}
