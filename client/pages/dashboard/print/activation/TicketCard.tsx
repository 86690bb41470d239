import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { formatCents } from "../../../../../shared/rules/money";
import { usePlaceLabels } from "../../../staff/door/Verdict";
import { PAYMENT_METHOD_LABELS } from "../../orders/labels";
import { outcomeColour, ticketState, type HardTicket, type Outcome, type OutcomeColour, type TicketState } from "./model";

/** Light backgrounds with dark text (AA contrast), a strong border in the outcome's colour (the door's green and red). */
const PALETTE: Record<OutcomeColour, { bg: string; border: string; fg: string }> = {
  green: { bg: "var(--mantine-color-green-0)", border: "#1b7f3b", fg: "#175c2c" },
  yellow: { bg: "var(--mantine-color-yellow-0)", border: "var(--mantine-color-yellow-6)", fg: "#5c3c00" },
  red: { bg: "var(--mantine-color-red-0)", border: "#c0262d", fg: "#a0161c" },
  gray: { bg: "var(--mantine-color-gray-0)", border: "var(--mantine-color-gray-5)", fg: "var(--mantine-color-dark-7)" },
};

/** Filled badges with white text in AA contrast (Mantine's green 9 is 4.4:1 at badge size). */
export const BADGE = { green: "#1b7f3b", yellow: "yellow.5", red: "red.9", gray: "gray.7" } as const;

function useDates() {
  const { i18n } = useLingui();
  const intl = i18n.locale === "de" ? "de-DE" : "en-GB";
  return {
    when: (d: Date, timeZone: string) => new Intl.DateTimeFormat(intl, { dateStyle: "full", timeStyle: "short", timeZone }).format(d),
    at: (d: Date, timeZone: string) => new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short", timeZone }).format(d),
  };
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="md">{children}</Text>
    </div>
  );
}

/** The ticket as printed (event, date, place, category, face value, reference) and what happened to it. */
export function TicketFacts({ ticket }: { ticket: HardTicket }) {
  const { t, i18n } = useLingui();
  const places = usePlaceLabels();
  const dates = useDates();
  const money = (c: number) => formatCents(c, i18n.locale);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
        <Fact label={t`Event`}>{ticket.eventName}</Fact>
        <Fact label={t`Date`}>{dates.when(ticket.startsAt, ticket.timeZone)}</Fact>
        <Fact label={t`Place`}>{ticket.places.length > 0 ? places(ticket.places) : t`Free choice of place`}</Fact>
        <Fact label={t`Category`}>{ticket.categoryName}</Fact>
        <Fact label={t`Price`}>{money(ticket.priceCents)}</Fact>
        <Fact label={t`Reference`}>{ticket.reference}</Fact>
      </SimpleGrid>
      {ticket.activatedAt && (
        <Text size="sm" data-testid="activation-activated">
          {ticket.activatedByName
            ? t`Activated ${dates.at(ticket.activatedAt, ticket.timeZone)} by ${ticket.activatedByName}`
            : t`Activated ${dates.at(ticket.activatedAt, ticket.timeZone)}`}
          {ticket.sale ? ` · ${t`sold: ${i18n._(PAYMENT_METHOD_LABELS[ticket.sale.paymentMethod])}, ${money(ticket.sale.priceCents)}`}` : ""}
        </Text>
      )}
    </Stack>
  );
}

/** The state of a looked-up ticket, as a badge. */
export function StateBadge({ state }: { state: TicketState }) {
  const { t } = useLingui();
  const label: Record<TicketState, string> = {
    inactive: t`Not activated yet`,
    active: t`Activated`,
    voided: t`Voided`,
    cancelled: t`Cancelled`,
  };
  const colour: Record<TicketState, string> = { inactive: "gray.7", active: BADGE.green, voided: BADGE.red, cancelled: BADGE.red };
  return (
    <Badge color={colour[state]} variant="filled" size="lg">
      {label[state]}
    </Badge>
  );
}

/**
 * The result of the last scan or action: green activated, yellow already active (or nothing left
 * in a range), red refused; the ticket's facts below.
 */
export function OutcomePanel({ outcome, onActivate }: { outcome: Outcome; onActivate?: ((reference: string) => void) | undefined }) {
  const { t } = useLingui();
  const colour = outcomeColour(outcome);
  const palette = PALETTE[colour];
  // The headline: what the person with the scanner reads at a glance.
  let head: { text: string; state: string };
  switch (outcome.kind) {
    case "activated":
      head = { text: outcome.ticket.sale ? t`ACTIVATED AND SOLD` : t`ACTIVATED`, state: "activated" };
      break;
    case "already":
      head = { text: t`ALREADY ACTIVATED`, state: "already" };
      break;
    case "range":
      head = { text: outcome.result.activated > 0 ? t`RANGE ACTIVATED` : t`NOTHING TO ACTIVATE`, state: "range" };
      break;
    case "error":
      head = { text: t`NOT ACTIVATED`, state: "error" };
      break;
    case "looked": {
      const state = ticketState(outcome.ticket);
      const text = { inactive: t`NOT ACTIVATED YET`, active: t`ACTIVATED`, voided: t`VOIDED`, cancelled: t`CANCELLED` }[state];
      head = { text, state };
      break;
    }
  }
  return (
    <Paper
      p="md"
      radius="md"
      data-testid="activation-result"
      data-colour={colour}
      role="status"
      aria-live="polite"
      style={{ background: palette.bg, borderLeft: `8px solid ${palette.border}`, border: `1px solid ${palette.border}`, borderLeftWidth: 8 }}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          <Text fz={32} lh={1} fw={800} c={palette.fg} aria-hidden>
            {colour === "green" ? "✓" : colour === "yellow" ? "!" : colour === "red" ? "✕" : "○"}
          </Text>
          <Text fz={{ base: 22, sm: 28 }} fw={800} lh={1.15} c={palette.fg} data-testid="activation-state" data-state={head.state}>
            {head.text}
          </Text>
        </Group>
        {outcome.kind === "error" && (
          <Text size="lg" c={palette.fg} fw={600}>
            {outcome.message}
          </Text>
        )}
        {outcome.kind === "already" && (
          <Text size="sm" c={palette.fg} fw={600}>
            <Trans>This ticket was activated before; nothing was changed.</Trans>
          </Text>
        )}
        {outcome.kind === "range" && (
          <Text size="lg" c={palette.fg} fw={600} data-testid="activation-range-counts">
            <Plural value={outcome.result.activated} one="# ticket activated" other="# tickets activated" />
            {outcome.result.already > 0 && (
              <>
                {" · "}
                <Plural value={outcome.result.already} one="# was active already" other="# were active already" />
              </>
            )}
            {outcome.result.voided > 0 && (
              <>
                {" · "}
                <Plural value={outcome.result.voided} one="# voided, not activated" other="# voided, not activated" />
              </>
            )}
          </Text>
        )}
        {outcome.kind === "range" ? (
          <Text size="sm">
            {outcome.first.reference} – {outcome.last.reference} · {outcome.first.eventName} · {outcome.first.categoryName}
          </Text>
        ) : outcome.kind !== "error" ? (
          <TicketFacts ticket={outcome.ticket} />
        ) : null}
        {outcome.kind === "looked" && onActivate && ticketState(outcome.ticket) === "inactive" && (
          <Group>
            <Button onClick={() => onActivate(outcome.ticket.reference)} data-testid="activation-activate-shown">
              <Trans>Activate this ticket</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
