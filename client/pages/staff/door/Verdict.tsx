import { Box, Button, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { verdictColour, type CheckinTicket } from "../../../../shared/rules/checkin";
import type { DoorDate, DoorResult } from "./use-door";

const BACKGROUND = { green: "#1b7f3b", yellow: "#f2c200", red: "#c0262d" } as const;
const FOREGROUND = { green: "#fff", yellow: "#1a1a1a", red: "#fff" } as const;

function time(iso: string | Date, timeZone: string, locale: string) {
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));
}

/** A ticket's places as read at the door: "Block A, row 3, seat 12" per seat, or the standing area. */
export function usePlaceLabels(): (labels: readonly string[]) => string {
  const { t } = useLingui();
  return (labels) =>
    labels
      .map((label) => {
        const [block, row, seat] = label.split("|");
        return row !== undefined && seat !== undefined ? t`${block}, row ${row}, seat ${seat}` : label;
      })
      .join(" · ");
}

function TicketLines({ ticket }: { ticket: CheckinTicket }) {
  const places = usePlaceLabels();
  return (
    <>
      <Text size="xl" fw={700}>
        {ticket.categoryName}
        {ticket.places > 1 ? ` × ${ticket.places}` : ""}
      </Text>
      {ticket.placeLabels.length > 0 && <Text size="xl">{places(ticket.placeLabels)}</Text>}
      {/* A hard ticket's order names the organiser, not who holds the ticket. */}
      {ticket.buyerName && !ticket.hardTicket && <Text size="lg">{ticket.buyerName}</Text>}
      <Text size="sm">
        {ticket.reference}
      </Text>
    </>
  );
}

/**
 * The verdict filling the screen (issue 18 item 2): green VALID, yellow ALREADY CHECKED IN,
 * red for everything else, readable at a glance and from a step away. A tap closes it; green
 * closes by itself after 2.5 s, the others after 5 s, so the next person can be scanned.
 */
export function VerdictScreen({ result, date, dates, onClose, onUndo }: { result: DoorResult; date: DoorDate; dates: DoorDate[]; onClose: () => void; onUndo: (() => void) | null }) {
  const { t, i18n } = useLingui();
  const v = result.verdict;
  const colour = verdictColour(v.kind);
  const tz = date.timeZone;

  useEffect(() => {
    const timer = window.setTimeout(onClose, colour === "green" ? 2500 : 5000);
    return () => window.clearTimeout(timer);
  }, [result, colour, onClose]);

  const title: Record<typeof v.kind, string> = {
    valid: t`VALID`,
    already_checked_in: t`ALREADY CHECKED IN`,
    cancelled: t`CANCELLED`,
    unpaid: t`NOT PAID`,
    not_activated: t`NOT ACTIVATED`,
    other_event: t`OTHER EVENT`,
    other_date: t`OTHER DATE`,
    not_valid_yet: t`NOT VALID YET`,
    expired: t`NO LONGER VALID`,
    forged: t`FORGED`,
    unknown: t`NOT VALID`,
  };

  let detail: React.ReactNode = null;
  switch (v.kind) {
    case "valid":
      detail = v.ticket ? <TicketLines ticket={v.ticket} /> : <Text size="lg">{t`Genuine ticket. Its details arrive with the next sync.`}</Text>;
      break;
    case "already_checked_in":
      detail = (
        <>
          {v.entry ? (
            <Text size="xl" fw={700} data-testid="entry-time">
              {t`at ${time(v.entry.at, tz, i18n.locale)}`}
              {v.entry.deviceLabel ? ` · ${t`device ${v.entry.deviceLabel}`}` : ""}
              {v.entry.staffName ? ` · ${t`by ${v.entry.staffName}`}` : ""}
            </Text>
          ) : null}
          {v.ticket && <TicketLines ticket={v.ticket} />}
        </>
      );
      break;
    case "cancelled":
      detail = (
        <>
          <Text size="lg">{t`This ticket was cancelled. Do not let it in.`}</Text>
          <TicketLines ticket={v.ticket} />
        </>
      );
      break;
    case "unpaid":
      detail = (
        <>
          <Text size="lg">{t`The order of this ticket is not paid.`}</Text>
          <TicketLines ticket={v.ticket} />
        </>
      );
      break;
    case "not_activated":
      detail = (
        <>
          <Text size="lg">{t`This hard ticket has not been activated (sold) yet.`}</Text>
          <TicketLines ticket={v.ticket} />
        </>
      );
      break;
    case "other_event":
      detail = <Text size="lg">{t`This ticket is for another event.`}</Text>;
      break;
    case "other_date": {
      const other = dates.find((d) => d.id === v.scopeId);
      const when = other ? new Intl.DateTimeFormat(i18n.locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: other.timeZone }).format(new Date(other.startsAt)) : null;
      detail = <Text size="lg">{when ? t`This ticket is for ${when}.` : t`This ticket is for another date.`}</Text>;
      break;
    }
    case "not_valid_yet":
      detail = <Text size="lg">{t`Valid from ${time(v.from, tz, i18n.locale)}.`}</Text>;
      break;
    case "expired":
      detail = <Text size="lg">{t`Was valid until ${time(v.until, tz, i18n.locale)}.`}</Text>;
      break;
    case "forged":
      detail = <Text size="lg">{t`This code is not a genuine ticket.`}</Text>;
      break;
    case "unknown":
      detail = <Text size="lg">{t`No ticket with this code or reference.`}</Text>;
      break;
  }

  return (
    <Box
      role="alert"
      aria-live="assertive"
      data-testid="verdict"
      data-verdict={v.kind}
      onClick={onClose}
      pos="fixed"
      inset={0}
      style={{ zIndex: 300, background: BACKGROUND[colour], color: FOREGROUND[colour], display: "flex", alignItems: "center", justifyContent: "center", padding: 24, cursor: "pointer" }}
    >
      <Stack align="center" gap="sm" maw={640} ta="center">
        <Text fz={72} lh={1} aria-hidden>
          {colour === "green" ? "✓" : colour === "yellow" ? "!" : "✕"}
        </Text>
        <Title order={2} fz={{ base: 40, sm: 56 }} lh={1.1} c="inherit" data-testid="verdict-title">
          {title[v.kind]}
        </Title>
        {detail}
        {result.offline && (
          <Text size="sm" fw={700}>
            <Trans>Decided on this device (offline)</Trans>
          </Text>
        )}
        {onUndo && (
          <Button
            mt="md"
            size="lg"
            variant="white"
            color="dark"
            onClick={(e) => {
              e.stopPropagation();
              onUndo();
            }}
          >
            <Trans>Undo check-in</Trans>
          </Button>
        )}
        <Text size="sm">
          <Trans>Tap to continue</Trans>
        </Text>
      </Stack>
    </Box>
  );
}
