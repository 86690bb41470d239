import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { type Feature, FeatureGrid } from "./FeatureGrid";
import { Section } from "./Section";

const FUNCTIONS: readonly Feature[] = [
  {
    key: "seating",
    title: msg`Live seating plans`,
    text: msg`Draw your venue with blocks, rows and seats, assign price categories and let buyers pick their seat. Sold seats update live for everyone.`,
  },
  {
    key: "boxoffice",
    title: msg`Box office`,
    text: msg`Sell at the counter with cash or card payment, print tickets on the spot and decide which tickets are sold only at the box office.`,
  },
  {
    key: "resellers",
    title: msg`Resellers`,
    text: msg`Give partners their own login, allocate tickets with their own prices and follow their sales and revenue.`,
  },
  {
    key: "checkin",
    title: msg`Check-in with QR codes`,
    text: msg`Create event staff accounts for the entrance. Staff scan the QR code on each ticket and see immediately whether it is valid.`,
  },
  {
    key: "vouchers",
    title: msg`Vouchers and discounts`,
    text: msg`Fixed or percentage discounts with minimum and maximum order values, validity dates and limited or unlimited redemptions.`,
  },
  {
    key: "reports",
    title: msg`Reports`,
    text: msg`Sales per ticket type, per event and per period, with downloads as PDF and CSV for your accounting.`,
  },
  {
    key: "wallet",
    title: msg`Wallet and payouts`,
    text: msg`Your revenue, fees and withdrawals at a glance. Request a payout to your bank account whenever you need it.`,
  },
  {
    key: "seasons",
    title: msg`Season tickets`,
    text: msg`Bundle the events of a season, sell season tickets with fixed seats and keep those seats blocked for every single event.`,
  },
];

export function FunctionsSection() {
  return (
    <Section
      id="functions"
      shaded
      title={<Trans>Functions</Trans>}
      intro={<Trans>Everything from creating an event to the guest at the door, in one dashboard for you and your team.</Trans>}
    >
      <FeatureGrid items={FUNCTIONS} cols={{ base: 1, sm: 2, md: 4 }} />
    </Section>
  );
}
