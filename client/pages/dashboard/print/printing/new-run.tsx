import { Alert, Anchor, Button, CloseButton, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { formatCents } from "../../../../../shared/rules/money";
import { describeError, fieldErrorsOf } from "../../../../lib/errors";
import { useTRPC } from "../../../../lib/trpc";
import { type CreatedRun, formatWhen, MAX_PRINT_COUNT, pdfHref, type PrintEvent, timeZoneOf } from "./model";
import { PlanSeatPicker } from "./plan-picker";

type Mode = "count" | "seats";
type Errors = { count?: string; seatKeys?: string; form?: string };

/** A random key for one print run asked for (`print.createRun` makes one run per key). */
function newRunKey(): string {
  if (typeof crypto.randomUUID === "function") return `pr-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pr-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** What the last run was made for, to say so next to its PDF. */
type Done = { run: CreatedRun; eventName: string; when: string; categoryName: string };

/**
 * A new print run: an event, one of its dates and a ticket category, then a number of tickets
 * or seats picked on the live plan. "Create print run" takes them off sale at once; then a big
 * "Download PDF" hands over the DIN-long tickets.
 */
export function NewRunPanel({ events }: { events: PrintEvent[] }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [eventId, setEventId] = useState<string | null>(events.length === 1 ? events[0]!.eventId : null);
  const [scopeId, setScopeId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>("count");
  const [count, setCount] = useState<number | "">(1);
  const [seatKeys, setSeatKeys] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<Done | null>(null);
  const phone = useMediaQuery("(max-width: 36em)");
  // One key per run asked for: a double click or a retry after a lost answer makes one run.
  const attempt = useRef<string | null>(null);
  const keyOf = () => (attempt.current ??= newRunKey());

  const event = events.find((e) => e.eventId === eventId);
  const dates = event?.dates ?? [];
  // An event with a single date has it chosen at once.
  const date = dates.find((d) => d.scopeId === scopeId) ?? (dates.length === 1 ? dates[0] : undefined);
  const category = event?.categories.find((c) => c.id === categoryId);
  const seatMode = mode === "seats" && category?.seated === true;
  const whenOf = (startsAt: Date) => formatWhen(i18n.locale, startsAt, timeZoneOf(date ?? event ?? {}));

  const create = useMutation(
    trpc.print.createRun.mutationOptions({
      onSuccess: async (run) => {
        attempt.current = null;
        setDone({ run, eventName: event?.eventName ?? "", when: date ? whenOf(date.startsAt) : "", categoryName: category?.name ?? "" });
        setSeatKeys([]);
        setErrors({});
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.print.runs.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.print.scope.pathKey() }),
        ]);
      },
      onError: (error) => {
        const fields = fieldErrorsOf(i18n, error);
        // PRINT_NOT_ENOUGH names the count or the seats: shown where the tickets were chosen.
        const field = fields.count ?? fields.seatKeys;
        if (!field) setErrors({ form: describeError(i18n, error) });
        else setErrors(seatMode ? { seatKeys: field } : { count: field });
      },
    }),
  );

  const submit = () => {
    setErrors({});
    if (!date || !category) return;
    if (seatMode) {
      if (seatKeys.length === 0) {
        setErrors({ seatKeys: t`Choose at least one seat on the plan.` });
        return;
      }
      create.mutate({ idempotencyKey: keyOf(), scopeId: date.scopeId, ticketCategoryId: category.id, seatKeys });
      return;
    }
    if (count === "" || !Number.isInteger(count) || count < 1 || count > MAX_PRINT_COUNT) {
      setErrors({ count: t`Enter a number of tickets from 1 to ${MAX_PRINT_COUNT}.` });
      return;
    }
    create.mutate({ idempotencyKey: keyOf(), scopeId: date.scopeId, ticketCategoryId: category.id, count });
  };

  const reset = (what: "event" | "date" | "category" | "tickets") => {
    attempt.current = null;
    setErrors({});
    if (what === "tickets") return;
    if (what === "event") {
      setScopeId(null);
      setCategoryId(null);
      setMode("count");
    }
    setSeatKeys([]);
  };

  const ready = date !== undefined && category !== undefined && !create.isPending;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="print-new-run">
      <Stack gap="sm">
        <Title order={2} size="h4" id="print-new-run">
          <Trans>New print run</Trans>
        </Title>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No published event date can be printed right now.</Trans>
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t`Event`}
                placeholder={t`Choose an event`}
                data={events.map((e) => ({ value: e.eventId, label: e.eventName }))}
                value={eventId}
                onChange={(v) => {
                  setEventId(v);
                  reset("event");
                }}
                searchable
                allowDeselect={false}
                disabled={create.isPending}
              />
              <Select
                label={t`Date`}
                placeholder={t`Choose a date`}
                data={dates.map((d) => ({ value: d.scopeId, label: whenOf(d.startsAt) }))}
                value={date?.scopeId ?? null}
                onChange={(v) => {
                  setScopeId(v);
                  reset("date");
                }}
                allowDeselect={false}
                disabled={!event || create.isPending}
              />
              <Select
                label={t`Ticket category`}
                placeholder={t`Choose a category`}
                data={(event?.categories ?? []).map((c) => ({ value: c.id, label: `${c.name} (${formatCents(c.priceCents, i18n.locale)})` }))}
                value={categoryId}
                onChange={(v) => {
                  setCategoryId(v);
                  reset("category");
                }}
                allowDeselect={false}
                disabled={!event || create.isPending}
              />
            </SimpleGrid>
            {category?.seated && (
              <SegmentedControl
                value={mode}
                onChange={(v) => {
                  setMode(v as Mode);
                  reset("tickets");
                }}
                data={[
                  { value: "count", label: t`Number of tickets` },
                  { value: "seats", label: t`Seats on the plan` },
                ]}
                disabled={create.isPending}
                aria-label={t`How to choose the tickets`}
                orientation={phone ? "vertical" : "horizontal"}
                fullWidth={phone === true}
                style={{ alignSelf: phone ? "stretch" : "flex-start" }}
              />
            )}
            {seatMode && date ? (
              <PlanSeatPicker
                key={`${date.scopeId}:${category.id}`}
                scopeId={date.scopeId}
                ticketCategoryId={category.id}
                value={seatKeys}
                onChange={(keys) => {
                  setSeatKeys(keys);
                  reset("tickets");
                }}
                error={errors.seatKeys}
                disabled={create.isPending}
              />
            ) : (
              <NumberInput
                label={t`Number of tickets`}
                description={category?.seated ? t`The best free seats of the category are taken.` : undefined}
                min={1}
                max={MAX_PRINT_COUNT}
                allowDecimal={false}
                allowNegative={false}
                value={count}
                onChange={(v) => {
                  setCount(typeof v === "number" ? v : v === "" ? "" : Number(v));
                  reset("tickets");
                }}
                error={errors.count}
                disabled={create.isPending}
                maw={{ base: "100%", sm: 360 }}
              />
            )}
            <Text size="sm" c="dimmed">
              <Trans>The tickets are taken off online sale at once. Printed tickets are valid only after they are scanned on the Activation page.</Trans>
            </Text>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group>
              <Button onClick={submit} disabled={!ready} loading={create.isPending}>
                <Trans>Create print run</Trans>
              </Button>
            </Group>
          </>
        )}
        {done && <RunCreated done={done} onClose={() => setDone(null)} />}
      </Stack>
    </Paper>
  );
}

/** The run just made: its PDF behind a big button, and where to activate the tickets. */
function RunCreated({ done, onClose }: { done: Done; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { run } = done;
  const tickets = run.tickets;
  return (
    <Paper withBorder p="md" role="status" data-testid="print-run-created" style={{ borderColor: "var(--mantine-color-teal-7)", borderWidth: 2 }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>
            <Plural value={tickets} one="Print run created: # hard ticket" other="Print run created: # hard tickets" />
          </Text>
          <CloseButton onClick={onClose} aria-label={t`Close`} />
        </Group>
        <Text size="sm">{[done.eventName, done.when, done.categoryName].filter(Boolean).join(" · ")}</Text>
        <Button component="a" href={pdfHref(run.pdfUrl, i18n.locale)} download size="lg" style={{ alignSelf: "flex-start" }} data-testid="print-download">
          <Trans>Download PDF</Trans>
        </Button>
        <Text size="sm">
          <Trans>
            After printing, activate the tickets on the{" "}
            <Anchor component={Link} href="/activation">
              Activation
            </Anchor>{" "}
            page.
          </Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
