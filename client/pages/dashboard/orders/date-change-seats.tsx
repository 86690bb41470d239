import { Alert, Badge, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { SeatStatus } from "../../../../shared/enums";
import { SeatingPlan, type SeatVisual } from "../../../components/SeatingPlan";
import { seatIndex } from "../../../components/Shop/model";
import { SHOP_STATUS_COLORS } from "../../../components/Shop/ShopPanel";
import { useSeatFeed } from "../../../hooks/use-seat-feed";
import { describeError } from "../../../lib/errors";
import { useTRPC, type RouterOutputs } from "../../../lib/trpc";

type Line = RouterOutputs["organiserOrders"]["detail"]["lines"][number];

type Props = {
  /** The new date. */
  scopeId: string;
  /** The event's access token (code-protected events), from the date options. */
  access: string | null;
  eventName: string;
  line: Line;
  /** Seats already picked for the order's other tickets (not pickable here). */
  pickedElsewhere: ReadonlySet<string>;
  initial: readonly string[];
  onCancel: () => void;
  onApply: (seatKeys: string[]) => void;
};

/**
 * Picking the seats of one ticket on the new date's live seating plan: only free seats of the
 * ticket's seating category, exactly as many as the ticket has. Seats are not held: the
 * preview checks them, the change decides under locks.
 */
export function DateChangeSeatPicker({ scopeId, access, eventName, line, pickedElsewhere, initial, onCancel, onApply }: Props) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const scopeQ = useQuery(trpc.shop.scope.queryOptions({ scopeId, ...(access ? { access } : {}) }));
  const layout = scopeQ.data?.layout ?? null;
  const feed = useSeatFeed(scopeId, access ?? undefined, layout !== null);
  const index = useMemo(() => seatIndex(layout), [layout]);
  const [draft, setDraft] = useState<string[]>(() => [...initial]);
  const need = line.seatKeys.length;
  const seatingCategoryId = scopeQ.data?.categories.find((c) => c.id === line.ticketCategoryId)?.seatingCategoryId ?? null;
  const categoryName = layout?.categories.find((c) => c.id === seatingCategoryId)?.name ?? null;

  const statusOf = (key: string): SeatStatus => feed.seats.get(key)?.s ?? "FREE";
  const fits = (key: string) => {
    const seat = index.get(key);
    return seat !== undefined && (seatingCategoryId === null || seat.categoryId === seatingCategoryId);
  };
  const pickable = (key: string) => statusOf(key) === "FREE" && !pickedElsewhere.has(key) && fits(key);
  const seatText = (key: string) => {
    const s = index.get(key);
    return s ? t`${s.blockName}, row ${s.rowLabel}, seat ${s.seatLabel}` : key;
  };
  const click = (key: string) => {
    if (draft.includes(key)) return setDraft(draft.filter((k) => k !== key));
    if (!pickable(key)) return;
    if (draft.length < need) setDraft([...draft, key]);
    else if (need === 1) setDraft([key]);
  };
  // A seat taken meanwhile (live) no longer counts as picked.
  const stillFree = draft.filter((k) => statusOf(k) === "FREE");

  if (scopeQ.isPending) return <Text c="dimmed">{t`Loading...`}</Text>;
  if (scopeQ.isError) return <Alert color="red" role="alert">{describeError(i18n, scopeQ.error)}</Alert>;
  if (!layout) {
    return (
      <Alert color="yellow" title={t`The seating plan cannot be shown`}>
        <Stack gap="xs">
          <Text size="sm">
            {scopeQ.data.locked ? (
              <Trans>This event is protected by an access code, so its seating plan cannot be opened here.</Trans>
            ) : (
              <Trans>This date has no seating plan.</Trans>
            )}
          </Text>
          <Group>
            <Button variant="default" size="xs" onClick={onCancel}>
              <Trans>Back</Trans>
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Paper withBorder p="xs" data-testid="date-change-seat-picker">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {line.reference} ({line.categoryName}):{" "}
          <Plural value={need} one="choose # free seat" other="choose # free seats" />
        </Text>
        {categoryName && (
          <Text size="xs">
            <Trans>Only seats of the category {categoryName} fit this ticket; they are highlighted.</Trans>
          </Text>
        )}
        <Box data-testid="date-change-plan" data-feed-ready={feed.ready ? "true" : "false"}>
          <SeatingPlan
            layout={layout}
            label={t`Seating plan of ${eventName} on the new date`}
            height="min(55vh, 460px)"
            statusColors={SHOP_STATUS_COLORS}
            highlight={{ categoryId: seatingCategoryId }}
            seatState={(key): SeatVisual | undefined => {
              if (draft.includes(key)) return { selected: true };
              const s = statusOf(key);
              if (s !== "FREE") return { status: s };
              if (pickedElsewhere.has(key)) return { status: "PAYMENT_PENDING" };
              return undefined;
            }}
            describeSeat={(seat, text) => {
              if (draft.includes(seat.key)) return t`${text}, chosen`;
              if (pickedElsewhere.has(seat.key)) return t`${text}, chosen for another ticket`;
              if (statusOf(seat.key) !== "FREE") return t`${text}, taken`;
              return fits(seat.key) ? t`${text}, free` : t`${text}, other category`;
            }}
            onSeatClick={(seat) => click(seat.key)}
            fitKey={scopeId}
          />
        </Box>
        <Group gap="xs" aria-live="polite">
          <Text size="sm">
            <Trans>
              Chosen: {stillFree.length} of {need}
            </Trans>
          </Text>
          {stillFree.map((k) => (
            <Badge key={k} variant="light" color="dark" tt="none">
              {seatText(k)}
            </Badge>
          ))}
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Back</Trans>
          </Button>
          <Button disabled={stillFree.length !== need} onClick={() => onApply(stillFree)}>
            <Trans>Use these seats</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
