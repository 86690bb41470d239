import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { type Feature, FeatureGrid } from "./FeatureGrid";
import { Section } from "./Section";

const TEAMS: readonly Feature[] = [
  {
    key: "customer_success",
    title: msg`Customer success`,
    text: msg`Your first contact: sets up your account with you, imports seating plans and plans the ticket sale together with you.`,
  },
  {
    key: "product",
    title: msg`Product & engineering`,
    text: msg`Develops the platform, keeps the shop fast on sale days and turns the feedback of organisers into new functions.`,
  },
  {
    key: "support",
    title: msg`Support`,
    text: msg`Helps organisers, resellers and ticket buyers with questions about orders, tickets and payouts, in German and English.`,
  },
];

export function TeamSection() {
  return (
    <Section
      id="team"
      shaded
      title={<Trans>Team</Trans>}
      intro={
        <Trans>
          Behind the platform is a team of people who have organised events themselves and know what matters when the
          doors open.
        </Trans>
      }
    >
      <FeatureGrid items={TEAMS} cols={{ base: 1, sm: 2, md: 3 }} />
    </Section>
  );
}
