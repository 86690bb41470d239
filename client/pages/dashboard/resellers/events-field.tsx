import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Checkbox, Group, Input, Paper, Select, Stack, Text, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { MAX_PRICE_CENTS } from "../../../../shared/rules/money";
import { useEventStatusLabels } from "../../../components/EventStatusBadge";
import type { ReactNode } from "react";
import { HundredthsInput } from "../vouchers/inputs";
import { offeredCategories, type ResellerFormValues, toggledTickets } from "./form-model";
import { type ResellerOption, type StoredReseller, useResellerFormats } from "./use-resellers";

type Form = UseFormReturnType<ResellerFormValues>;
type Props = { form: Form; options: readonly ResellerOption[]; stored?: StoredReseller };

const errorText = (value: ReactNode) => value || undefined;

/** Drops the errors of event `index` (and the list's own): they are stale once the event changed. */
function clearEventErrors(form: Form, index: number) {
  const prefix = `events.${index}`;
  const kept = Object.fromEntries(Object.entries(form.errors).filter(([key]) => key !== "events" && key !== prefix && !key.startsWith(`${prefix}.`)));
  form.setErrors(kept);
}

/** One assigned event: its categories with a checkbox and the reseller's price each. */
function EventCard({ form, options, stored, index }: Props & { index: number }) {
  const { t } = useLingui();
  const formats = useResellerFormats();
  const statusLabels = useEventStatusLabels();
  const event = form.getValues().events[index]!;
  const option = options.find((o) => o.eventId === event.eventId);
  const storedEvent = stored?.events.find((e) => e.eventId === event.eventId);
  const name = option?.name ?? storedEvent?.eventName ?? "";
  const offered = offeredCategories(event.eventId, options, stored);
  const path = `events.${index}`;
  const when = option ? (option.startsAt ? formats.day(option.startsAt, option.timeZone) : t`no dates yet`) : null;
  const status = option ? statusLabels[option.listStatus] : statusLabels.canceled;
  const eventError = errorText(form.errors[`${path}.eventId`]);
  const ticketsError = errorText(form.errors[`${path}.tickets`]);
  const setTickets = (tickets: ResellerFormValues["events"][number]["tickets"]) => {
    clearEventErrors(form, index);
    form.setFieldValue(`${path}.tickets`, tickets);
  };
  return (
    <Paper withBorder p="sm" component="li" data-testid="reseller-event">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
            <Text fw={600}>{name}</Text>
            <Text size="xs" c="dimmed">
              {when ? `${when} · ${status}` : status}
            </Text>
          </div>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            aria-label={t`Remove ${name}`}
            onClick={() => {
              form.setErrors({});
              form.removeListItem("events", index);
            }}
          >
            <Trans>Remove</Trans>
          </Button>
        </Group>
        {eventError && (
          <Text size="sm" c="red.9" role="alert">
            {eventError}
          </Text>
        )}
        <Input.Wrapper label={t`Tickets and reseller prices`} error={ticketsError} description={t`What buyers pay at the reseller for one ticket.`}>
          <Stack gap={6} mt={6}>
            {offered.map((category) => {
              const j = event.tickets.findIndex((x) => x.ticketCategoryId === category.id);
              const selected = j >= 0;
              const categoryName = category.name;
              const listPrice = formats.money(category.priceCents);
              return (
                <Group key={category.id} gap="sm" align="flex-start" wrap="nowrap">
                  <Checkbox
                    mt={8}
                    style={{ flex: 1 }}
                    checked={selected}
                    onChange={(e) => setTickets(toggledTickets(offered, event.tickets, category.id, e.currentTarget.checked))}
                    label={categoryName}
                    description={t`Online price ${listPrice}`}
                    error={selected ? errorText(form.errors[`${path}.tickets.${j}.ticketCategoryId`]) : undefined}
                  />
                  <HundredthsInput
                    w={{ base: 120, xs: 150 }}
                    unit="euro"
                    max={MAX_PRICE_CENTS}
                    aria-label={t`Reseller price of ${categoryName}`}
                    disabled={!selected}
                    value={selected ? (event.tickets[j]!.priceCents ?? null) : category.priceCents}
                    onHundredths={(cents) => {
                      form.clearFieldError(`${path}.tickets.${j}.priceCents`);
                      form.setFieldValue(`${path}.tickets.${j}.priceCents`, cents);
                    }}
                    error={selected ? errorText(form.errors[`${path}.tickets.${j}.priceCents`]) : undefined}
                  />
                </Group>
              );
            })}
          </Stack>
        </Input.Wrapper>
      </Stack>
    </Paper>
  );
}

/** SPEC §5: at least one event, each with at least one ticket; each event once. */
export function AssignedEventsField({ form, options, stored }: Props) {
  const { t } = useLingui();
  const formats = useResellerFormats();
  const statusLabels = useEventStatusLabels();
  const assigned = form.getValues().events;
  const chosen = new Set(assigned.map((e) => e.eventId));
  const addable = options
    .filter((o) => !chosen.has(o.eventId))
    .map((o) => {
      const when = o.startsAt ? formats.day(o.startsAt, o.timeZone) : t`no dates yet`;
      const noTickets = o.categories.length === 0;
      const label = `${o.name} · ${when} · ${statusLabels[o.listStatus]}`;
      return { value: o.eventId, label: noTickets ? `${label} · ${t`no tickets yet`}` : label, disabled: noTickets };
    });
  const add = (eventId: string | null) => {
    const option = options.find((o) => o.eventId === eventId);
    if (!option) return;
    form.clearFieldError("events");
    form.insertListItem("events", { eventId: option.eventId, tickets: option.categories.map((c) => ({ ticketCategoryId: c.id, priceCents: c.priceCents })) });
  };
  const listError = errorText(form.errors.events);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        <Trans>Events and tickets</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>The reseller sells the tickets checked here, at the price you set. Which seats or places it gets, you decide per date under “Allocate tickets”.</Trans>
      </Text>
      {assigned.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Assigned events`}>
          {assigned.map((e, index) => (
            <EventCard key={e.eventId} form={form} options={options} stored={stored} index={index} />
          ))}
        </Stack>
      )}
      {options.length === 0 && assigned.length === 0 ? (
        <Alert color="yellow" variant="light">
          <Trans>You have no event a reseller could sell yet. Create an event with tickets first.</Trans>
          {listError && (
            <Text size="sm" c="red.9" role="alert" mt="xs">
              {listError}
            </Text>
          )}
        </Alert>
      ) : (
        <Select
          label={t`Add an event`}
          placeholder={addable.length > 0 ? t`Choose an event` : t`Every event is added`}
          searchable
          value={null}
          onChange={add}
          data={addable}
          disabled={addable.length === 0}
          nothingFoundMessage={t`No event found.`}
          error={listError}
          maw={560}
        />
      )}
    </Stack>
  );
}
