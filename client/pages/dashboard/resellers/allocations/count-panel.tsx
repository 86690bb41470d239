import { Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ALLOCATION_PLACES_MAX } from "../../../../../shared/schemas/resellers";
import type { CounterState } from "../../../../../shared/schemas/shop";
import { toast } from "../../../../lib/toast";
import type { useAllocationActions } from "./actions";
import { useAllocationFormats } from "./formats";
import { type AllocationDate, type AllocationSummary, areasFor, type DateReseller, resellerPrice, standingAreas } from "./model";

type Props = {
  data: AllocationDate;
  reseller: DateReseller;
  allocation: AllocationSummary | undefined;
  /** The live feed's counters (`area:<id>`, `ticket:<id>`). */
  counters: ReadonlyMap<string, CounterState>;
  /** A standing area chosen on the plan. */
  areaChoice: string | null;
  onArea: (areaId: string | null) => void;
  returnAt: Date | null;
  blocked: boolean;
  actions: ReturnType<typeof useAllocationActions>;
  ticketName: (ticketCategoryId: string) => string;
};

const left = (c: CounterState | undefined) => (c ? Math.max(0, c.cap - c.held - c.sold) : null);
const quantityOf = (v: string | number) => (typeof v === "number" ? v : Number.parseInt(v, 10) || 0);

/**
 * Places without a seat (standing areas, or every ticket of a date without a plan): a number
 * of tickets of one category (and area) for the chosen reseller, and what it holds of them,
 * to give back in part.
 */
export function CountPanel({ data, reseller, allocation, counters, areaChoice, onArea, returnAt, blocked, actions, ticketName }: Props) {
  const { t } = useLingui();
  const formats = useAllocationFormats();
  const areas = standingAreas(data.layout);
  const planned = data.layout !== null;
  const options = data.categories.filter((c) => resellerPrice(reseller, c.id) !== undefined && (!planned || areasFor(c, areas).length > 0));
  const [tcId, setTcId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<string | number>(1);

  const fitsChoice = (id: string) => areaChoice === null || areasFor(data.categories.find((c) => c.id === id)!, areas).some((a) => a.id === areaChoice);
  const areaTc = areaChoice ? options.find((c) => fitsChoice(c.id)) : undefined;
  const tc = options.find((c) => c.id === tcId && (!planned || fitsChoice(c.id))) ?? areaTc ?? options.find((c) => c.id === tcId) ?? options[0];
  const tcAreas = tc && planned ? areasFor(tc, areas) : [];
  const area = tcAreas.find((a) => a.id === areaChoice) ?? tcAreas[0];
  const areaLeft = area ? left(counters.get(`area:${area.id}`)) : null;
  const ticketLeft = tc ? left(counters.get(`ticket:${tc.id}`)) : null;
  const n = quantityOf(quantity);
  const name = reseller.name;
  const areaName = (id: string) => (id ? (areas.find((a) => a.id === id)?.name ?? id) : "");

  const allocate = () => {
    if (!tc || n < 1) return;
    actions.allocate.mutate(
      { resellerId: reseller.id, eventDateId: data.eventDateId, seats: [], counts: [{ ticketCategoryId: tc.id, areaId: area?.id ?? "", quantity: n }], returnAt },
      { onSuccess: () => toast.success(<Plural value={n} one={`# place allocated to ${name}.`} other={`# places allocated to ${name}.`} />) },
    );
  };

  return (
    <Paper withBorder p="md" data-testid="allocation-places">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {planned ? <Trans>Standing places</Trans> : <Trans>Tickets</Trans>}
        </Title>
        <Text size="xs" c="dimmed">
          {planned ? (
            <Trans>Standing areas are allocated by number: choose the ticket, the area and how many.</Trans>
          ) : (
            <Trans>This date has no seating plan: allocate a number of tickets per category.</Trans>
          )}
        </Text>
        {options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {planned ? <Trans>{name} sells no ticket for the standing areas.</Trans> : <Trans>{name} sells no ticket of this event.</Trans>}
          </Text>
        ) : (
          <>
            <Select
              label={t`Ticket category`}
              data={options.map((c) => ({ value: c.id, label: `${c.name} – ${formats.money(resellerPrice(reseller, c.id) ?? c.priceCents)}` }))}
              value={tc?.id ?? null}
              onChange={(v) => {
                setTcId(v);
                const next = options.find((c) => c.id === v);
                if (next && planned && !areasFor(next, areas).some((a) => a.id === areaChoice)) onArea(areasFor(next, areas)[0]?.id ?? null);
              }}
              allowDeselect={false}
            />
            {planned && (
              <Select
                label={t`Area`}
                data={tcAreas.map(({ id, name: areaLabel }) => {
                  const free = left(counters.get(`area:${id}`));
                  return { value: id, label: free === null ? areaLabel : t`${areaLabel} (${free} free)` };
                })}
                value={area?.id ?? null}
                onChange={onArea}
                allowDeselect={false}
              />
            )}
            <NumberInput
              label={t`Quantity`}
              min={1}
              max={ALLOCATION_PLACES_MAX}
              allowDecimal={false}
              allowNegative={false}
              value={quantity}
              onChange={setQuantity}
              description={
                areaLeft !== null
                  ? t`Free in this area: ${areaLeft}`
                  : ticketLeft !== null
                    ? t`Left of this category: ${ticketLeft}`
                    : undefined
              }
            />
            <Group>
              <Button onClick={allocate} disabled={n < 1 || blocked} loading={actions.busy} data-testid="allocate-places">
                <Plural value={Math.max(n, 0)} one="Allocate # place" other="Allocate # places" />
              </Button>
            </Group>
          </>
        )}
        {allocation && allocation.placesLeft.length > 0 && (
          <PlacesLeft allocation={allocation} actions={actions} ticketName={ticketName} areaName={areaName} resellerName={name} />
        )}
      </Stack>
    </Paper>
  );
}

type PlacesLeftProps = {
  allocation: AllocationSummary;
  actions: ReturnType<typeof useAllocationActions>;
  ticketName: (id: string) => string;
  areaName: (id: string) => string;
  resellerName: string;
};

/** The reseller's unsold places on this date, each with how many to give back to public sale. */
function PlacesLeft({ allocation, actions, ticketName, areaName, resellerName }: PlacesLeftProps) {
  const { t } = useLingui();
  const [amounts, setAmounts] = useState<Record<string, string | number>>({});
  const giveBack = (tc: string, area: string, quantity: number) => {
    if (quantity < 1) return;
    actions.returnUnsold.mutate(
      { allocationId: allocation.id, counts: [{ ticketCategoryId: tc, areaId: area, quantity }] },
      {
        onSuccess: () => {
          toast.success(<Plural value={quantity} one="# place is back on public sale." other="# places are back on public sale." />);
          setAmounts((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== `${tc}|${area}`)));
        },
      },
    );
  };
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        <Trans>Unsold places of {resellerName}</Trans>
      </Title>
      <Table verticalSpacing={4} aria-label={t`Unsold places of ${resellerName}`}>
        <Table.Tbody>
          {allocation.placesLeft.map((p) => {
            const key = `${p.tc}|${p.area}`;
            const value = amounts[key] ?? p.quantity;
            const n = Math.min(quantityOf(value), p.quantity);
            const label = [ticketName(p.tc), areaName(p.area)].filter(Boolean).join(" · ");
            const quantity = p.quantity;
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                  <Text size="xs" c="dimmed">
                    <Trans>Left: {quantity}</Trans>
                  </Text>
                </Table.Td>
                <Table.Td w={90}>
                  <NumberInput
                    size="xs"
                    min={1}
                    max={p.quantity}
                    allowDecimal={false}
                    allowNegative={false}
                    value={value}
                    onChange={(v) => setAmounts((prev) => ({ ...prev, [key]: v }))}
                    aria-label={t`Places of ${label} to return`}
                  />
                </Table.Td>
                <Table.Td w={1}>
                  <Button size="xs" variant="light" color="red" disabled={n < 1} loading={actions.busy} onClick={() => giveBack(p.tc, p.area, n)}>
                    <Trans>Return</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
