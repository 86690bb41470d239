import { Alert, Button, ColorSwatch, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { SHOP_STATUS_COLORS } from "../../../../components/Shop/ShopPanel";
import type { SeatingLayout } from "../../../../../shared/seating/layout";
import { useAllocationFormats } from "./formats";
import { type AllocationDate, type AllocationSummary, type DateReseller, resellerPrice, seatRequest, ticketChoices } from "./model";

type Props = {
  data: AllocationDate;
  reseller: DateReseller;
  /** The picked free seats by seating category. */
  groups: ReadonlyMap<string | null, readonly string[]>;
  /** Picked seats of the reseller's allocation (to give back). */
  returnCount: number;
  /** Seating category id ("" for none) → the ticket category chosen for its seats. */
  chosenTickets: ReadonlyMap<string, string>;
  onChooseTicket: (seatingCategoryId: string | null, ticketCategoryId: string) => void;
  onAllocate: (seats: { key: string; ticketCategoryId: string }[]) => void;
  onReturn: () => void;
  onClear: () => void;
  busy: boolean;
  /** The return time is wrong: nothing can be allocated until it is fixed. */
  blocked: boolean;
  interaction: "view" | "select";
  onInteraction: (mode: "view" | "select") => void;
  feedReady: boolean;
};

/** Seats picked on the plan: a ticket category per seating category, then allocate them, or give the reseller's picked seats back. */
export function SeatPanel(props: Props) {
  const { data, reseller, groups, returnCount, chosenTickets, onChooseTicket, busy, blocked } = props;
  const { t } = useLingui();
  const formats = useAllocationFormats();
  const choicesOf = (cat: string | null) => ticketChoices(reseller, data.categories, cat);
  const request = seatRequest(groups, chosenTickets, choicesOf);
  const seatingName = (cat: string | null) => (cat ? data.layout?.categories.find((c) => c.id === cat)?.name : null) ?? t`Seats without a category`;
  const allocateCount = request.seats.length;
  const picked = [...groups.values()].reduce((n, keys) => n + keys.length, 0);
  const name = reseller.name;

  return (
    <Paper withBorder p="md" data-testid="allocation-seats">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>Seats</Trans>
        </Title>
        <SegmentedControl
          size="xs"
          value={props.interaction}
          onChange={(v) => props.onInteraction(v === "select" ? "select" : "view")}
          data={[
            { value: "view", label: t`Click seats` },
            { value: "select", label: t`Drag to select` },
          ]}
          aria-label={t`How the plan reacts to dragging`}
        />
        <Text size="xs" c="dimmed">
          {props.interaction === "select" ? (
            <Trans>Drag a rectangle over free seats to pick them all; drag again over picked seats to unpick them. Hold Alt to move the plan.</Trans>
          ) : (
            <Trans>Click free seats to pick them for {name}; click seats of {name} to give them back to public sale.</Trans>
          )}
        </Text>
        {!props.feedReady && (
          <Text size="sm" c="dimmed" role="status">
            <Trans>Connecting to the live seat map…</Trans>
          </Text>
        )}
        {picked > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              <Plural value={picked} one="# free seat picked" other="# free seats picked" />
            </Text>
            {[...groups].map(([cat, keys]) => {
              const choices = choicesOf(cat);
              const label = seatingName(cat);
              const n = keys.length;
              if (choices.length === 0) {
                return (
                  <Alert key={cat ?? ""} color="yellow" p="xs">
                    <Trans>
                      {name} sells no ticket for {label} seats ({n}). Add one to the reseller, or unpick these seats.
                    </Trans>
                  </Alert>
                );
              }
              const value = choices.find((c) => c.id === chosenTickets.get(cat ?? ""))?.id ?? choices[0]!.id;
              return (
                <Select
                  key={cat ?? ""}
                  label={t`Ticket for ${label} (${n})`}
                  data={choices.map((c) => ({ value: c.id, label: `${c.name} – ${formats.money(resellerPrice(reseller, c.id) ?? c.priceCents)}` }))}
                  value={value}
                  onChange={(v) => v && onChooseTicket(cat, v)}
                  allowDeselect={false}
                  size="sm"
                />
              );
            })}
          </Stack>
        )}
        <Group gap="xs">
          <Button onClick={() => props.onAllocate(request.seats)} disabled={allocateCount === 0 || request.missing.length > 0 || blocked} loading={busy} data-testid="allocate-seats">
            {allocateCount === 0 ? <Trans>Allocate seats</Trans> : <Plural value={allocateCount} one="Allocate # seat" other="Allocate # seats" />}
          </Button>
          {returnCount > 0 && (
            <Button variant="light" color="red" onClick={props.onReturn} loading={busy} data-testid="return-seats">
              <Plural value={returnCount} one="Return # seat to public sale" other="Return # seats to public sale" />
            </Button>
          )}
          {(picked > 0 || returnCount > 0) && (
            <Button variant="subtle" color="gray" onClick={props.onClear}>
              <Trans>Clear selection</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

type LegendProps = {
  layout: SeatingLayout;
  allocations: readonly AllocationSummary[];
  colors: ReadonlyMap<string, string>;
  nameOf: (resellerId: string) => string;
};

/** What the colours of the plan mean: the seating categories (free seats), each reseller's seats, and seats no one can take. */
export function PlanLegend({ layout, allocations, colors, nameOf }: LegendProps) {
  const { t } = useLingui();
  const live = allocations.filter((a) => !a.returned && a.seatsLeft > 0);
  const item = (color: string, label: string, key: string) => (
    <Group key={key} gap={6} wrap="nowrap" component="li">
      <ColorSwatch color={color} size={14} withShadow={false} />
      <Text size="xs">{label}</Text>
    </Group>
  );
  return (
    <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Legend`} data-testid="allocation-legend">
      {layout.categories.map(({ id, name: category, color }) => item(color, t`${category}: free`, id))}
      {live.map((a) => {
        const name = nameOf(a.resellerId);
        const n = a.seatsLeft;
        return item(colors.get(a.resellerId) ?? "#000000", t`${name} (${n})`, a.id);
      })}
      {item(SHOP_STATUS_COLORS.SOLD, t`sold`, "sold")}
      {item(SHOP_STATUS_COLORS.PAYMENT_PENDING, t`held by buyers`, "held")}
      {item(SHOP_STATUS_COLORS.BLOCKED, t`blocked`, "blocked")}
    </Group>
  );
}
