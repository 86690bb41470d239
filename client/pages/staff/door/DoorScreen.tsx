import { ActionIcon, Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import type { CheckinEntry, CheckinTicket } from "../../../../shared/rules/checkin";
import { describeError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useTRPCClient } from "../../../lib/trpc";
import { scanKind } from "./decide";
import { Scanner } from "./Scanner";
import { searchStored } from "./store";
import { useDoor, type DoorDate, type DoorResult, type StaffHome } from "./use-door";
import { usePlaceLabels, VerdictScreen } from "./Verdict";

type Found = CheckinTicket & { entry: CheckinEntry | null };

/**
 * The check-in page at the door (issue 18 item 2), made for a phone: scan with the camera, type
 * a code or reference, or let a hand scanner type it and press Enter; anything else searches by
 * name or order number. The verdict fills the screen; counters, the network state and the
 * offline queue stay in sight.
 */
export function DoorScreen({ home, date, onDate }: { home: StaffHome; date: DoorDate; onDate: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const client = useTRPCClient();
  const door = useDoor(home, date.id, home.name);
  const [input, setInput] = useState("");
  const [result, setResult] = useState<DoorResult | null>(null);
  const [last, setLast] = useState<DoorResult | null>(null);
  const [found, setFound] = useState<Found[] | null>(null);
  const [working, setWorking] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const places = usePlaceLabels();

  const check = useCallback(
    async (code: string) => {
      setWorking(true);
      try {
        const r = await door.scan(code);
        setResult(r);
        if (r.verdict.kind === "valid") setLast(r);
        setFound(null);
      } catch (err) {
        toast.error(describeError(i18n, err));
      } finally {
        setWorking(false);
        field.current?.focus();
      }
    },
    [door, i18n],
  );

  const search = useCallback(
    async (query: string) => {
      setWorking(true);
      try {
        setFound(door.online ? await client.staff.checkin.search.query({ dateId: date.id, query }) : await searchStored(date.id, query));
      } catch {
        setFound(await searchStored(date.id, query));
      } finally {
        setWorking(false);
      }
    },
    [client, date.id, door.online],
  );

  const submit = () => {
    const value = input.trim();
    const kind = scanKind(value);
    if (kind === "empty") return;
    setInput("");
    if (kind === "ticket") void check(value);
    else if (value.length >= 2) void search(value);
  };

  const undo = useCallback(
    async (r: DoorResult) => {
      try {
        await door.undo(r);
        setLast(null);
        setResult(null);
      } catch (err) {
        toast.error(describeError(i18n, err));
      }
    },
    [door, i18n],
  );

  const closeVerdict = useCallback(() => {
    setResult(null);
    field.current?.focus();
  }, []);

  // A hand scanner types into the page wherever the focus is: keep it on the code field.
  useEffect(() => {
    field.current?.focus();
  }, []);

  const onCamera = useCallback((code: string) => void check(code), [check]);
  const intl = i18n.locale === "de" ? "de-DE" : "en-GB";
  const dateLabel = (d: DoorDate) =>
    `${new Intl.DateTimeFormat(intl, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: d.timeZone }).format(new Date(d.startsAt))}${d.eventName !== home.eventName ? ` · ${d.eventName}` : ""}`;

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {home.eventName}
            </Title>
            {home.dates.length > 1 ? (
              <Select
                aria-label={t`Date`}
                size="sm"
                value={date.id}
                onChange={(v) => v && onDate(v)}
                data={home.dates.map((d) => ({ value: d.id, label: dateLabel(d) }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {dateLabel(date)}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text fz={28} fw={800} lh={1} data-testid="door-counts" aria-label={t`Checked in`}>
              {door.counts ? `${door.counts.checkedIn.toLocaleString(intl)} / ${door.counts.expected.toLocaleString(intl)}` : "–"}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>checked in / expected</Trans>
            </Text>
            {door.online ? (
              <Badge color="green.9" variant="filled" data-testid="door-online">
                <Trans>Online</Trans>
              </Badge>
            ) : (
              <Badge color="red" variant="filled" size="lg" data-testid="door-offline">
                <Trans>Offline: checking on this device</Trans>
              </Badge>
            )}
            {door.pending > 0 && (
              <Text size="xs" fw={700} data-testid="door-pending">
                <Plural value={door.pending} one="# check-in waiting to be sent" other="# check-ins waiting to be sent" />
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>

      {door.syncError !== null && (
        <Alert color="red" title={t`The ticket list could not be refreshed`} data-testid="door-sync-error">
          {describeError(i18n, door.syncError)}
        </Alert>
      )}

      <Paper withBorder p="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              ref={field}
              style={{ flex: 1 }}
              size="lg"
              label={t`Code, ticket reference or name`}
              placeholder={t`e.g. K7M2-X9QD-1`}
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              data-testid="door-input"
            />
            <Button type="submit" size="lg" loading={working} data-testid="door-check">
              <Trans>Check</Trans>
            </Button>
          </Group>
        </form>
        <Stack mt="sm">
          <Scanner onCode={onCamera} paused={result !== null || working} />
        </Stack>
      </Paper>

      {last && (
        <Paper withBorder p="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              <Trans>
                Last check-in: {last.verdict.kind === "valid" && last.verdict.ticket ? last.verdict.ticket.reference : ""}{" "}
                {new Intl.DateTimeFormat(intl, { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(last.at)}
              </Trans>
            </Text>
            <Button variant="default" onClick={() => void undo(last)} data-testid="door-undo">
              <Trans>Undo</Trans>
            </Button>
          </Group>
        </Paper>
      )}

      {door.conflicts.length > 0 && (
        <Alert color="orange" title={t`Tickets let in twice while offline`} data-testid="door-conflicts">
          <Stack gap={4}>
            {door.conflicts.map((c) => (
              <Text size="sm" key={c.lineId}>
                {c.entries
                  .map((e) => `${e.deviceLabel} ${new Intl.DateTimeFormat(intl, { hour: "2-digit", minute: "2-digit", timeZone: date.timeZone }).format(new Date(e.scannedAt))}${e.deviceId === door.device?.id ? ` (${t`this device`})` : ""}`)
                  .join(" · ")}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      {found && (
        <Paper withBorder p="sm">
          <Group justify="space-between">
            <Text fw={600}>
              <Trans>Search results</Trans>
            </Text>
            <ActionIcon variant="subtle" onClick={() => setFound(null)} aria-label={t`Close the results`}>
              ✕
            </ActionIcon>
          </Group>
          {found.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>No ticket of this date matches.</Trans>
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing="xs">
                <Table.Tbody>
                  {found.map((f) => (
                    <Table.Tr key={f.lineId}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {f.buyerName || f.orderNumber}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {f.reference} · {f.categoryName}
                          {f.placeLabels.length ? ` · ${places(f.placeLabels)}` : ""}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        {f.lineStatus === "canceled" || f.orderStatus !== "valid" ? (
                          <Badge color="red">{f.orderStatus === "pending" ? t`Not paid` : t`Cancelled`}</Badge>
                        ) : f.hardTicket && !f.activated ? (
                          <Badge color="red">{t`Not activated`}</Badge>
                        ) : f.entry ? (
                          <Badge color="yellow" c="dark">{t`In at ${new Intl.DateTimeFormat(intl, { hour: "2-digit", minute: "2-digit", timeZone: date.timeZone }).format(new Date(f.entry.at))}`}</Badge>
                        ) : (
                          <Button size="xs" onClick={() => void check(f.reference)}>
                            <Trans>Check in</Trans>
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}

      {door.device && (
        <Text size="xs" c="dimmed">
          <Trans>This device: {door.device.label}</Trans>
          {door.lastSync && (
            <>
              {" · "}
              <Trans>list updated {new Intl.DateTimeFormat(intl, { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(door.lastSync)}</Trans>
            </>
          )}
        </Text>
      )}

      {result && (
        <VerdictScreen
          result={result}
          date={date}
          dates={home.dates}
          onClose={closeVerdict}
          onUndo={result.verdict.kind === "valid" && (result.checkinId || result.queuedNonce) ? () => void undo(result) : null}
        />
      )}
    </Stack>
  );
}
