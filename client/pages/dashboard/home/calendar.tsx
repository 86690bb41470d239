import { Anchor, Badge, Group, Indicator, Paper, Stack, Text, Title } from "@mantine/core";
import { Calendar } from "@mantine/dates";
import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "wouter";
import "dayjs/locale/de";
import { useTRPC } from "../../../lib/trpc";
import { useOrderDates } from "../orders/labels";

/** "YYYY-MM-DD" of today in Berlin time (the calendar's and the figures' zone). */
function berlinDay(d: Date): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(d);
}

/**
 * A month of the organiser's event dates: days with dates are marked; clicking one lists its
 * dates (time, event, state) with links to the event and its box office counter.
 */
export function EventCalendar() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const dates = useOrderDates();
  const today = berlinDay(new Date());
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string | null>(today);
  const { data: monthDates } = useQuery({ ...trpc.dashboard.calendar.queryOptions({ month }), placeholderData: keepPreviousData });
  const byDay = useMemo(() => {
    const map = new Map<string, NonNullable<typeof monthDates>>();
    for (const d of monthDates ?? []) map.set(d.localDate, [...(map.get(d.localDate) ?? []), d]);
    return map;
  }, [monthDates]);
  const chosen = selected ? (byDay.get(selected) ?? []) : [];
  const selectedLabel = selected ? dates.day(new Date(`${selected}T12:00:00Z`), "UTC") : "";
  const dayFormat = new Intl.DateTimeFormat(i18n.locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const longDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Event calendar</Trans>
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Calendar
            locale={i18n.locale}
            maxLevel="month"
            hideOutsideDates
            date={`${month}-01`}
            onDateChange={(d) => setMonth(d.slice(0, 7))}
            onNextMonth={(d) => setMonth(d.slice(0, 7))}
            onPreviousMonth={(d) => setMonth(d.slice(0, 7))}
            ariaLabels={{ nextMonth: t`Next month`, previousMonth: t`Previous month` }}
            getDayProps={(day) => ({
              selected: day === selected,
              onClick: () => setSelected(day),
              // The name holds the visible day number (WCAG 2.5.3): "26 November 2026".
              "aria-label": byDay.has(day) ? t`${longDay(day)}: event dates` : longDay(day),
            })}
            renderDay={(day) => {
              const n = byDay.get(day)?.length ?? 0;
              return (
                <Indicator size={6} color="blue" offset={-2} disabled={n === 0}>
                  <div style={{ fontWeight: n > 0 ? 700 : undefined }}>{Number(day.slice(8, 10))}</div>
                </Indicator>
              );
            }}
          />
          <Stack gap="xs" style={{ flex: "1 1 220px", minWidth: 0 }}>
            <Text fw={600} size="sm">
              {selectedLabel}
            </Text>
            {chosen.length === 0 && (
              <Text size="sm" c="dimmed">
                <Trans>No event dates on this day.</Trans>
              </Text>
            )}
            {chosen.map((d) => (
              <Paper key={d.dateId} withBorder p="xs">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor component={Link} href={`/events/${d.eventId}`} size="sm" fw={500} truncate="end">
                    {d.eventName}
                  </Anchor>
                  {d.status !== "published" && (
                    <Badge size="xs" variant="light" color={d.status === "cancelled" ? "red" : "gray"}>
                      {d.status === "cancelled" ? t`Cancelled` : d.status === "draft" ? t`Draft` : t`Scheduled`}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {dates.dateTime(new Date(d.startsAt), d.timeZone)}
                </Text>
                {d.status === "published" && new Date(d.endsAt) > new Date() && (
                  <Anchor component={Link} href={`/boxoffice/${d.dateId}`} size="xs" aria-label={t`Box office of ${d.eventName}`}>
                    <Trans>Box office</Trans>
                  </Anchor>
                )}
              </Paper>
            ))}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
