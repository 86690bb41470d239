import { ActionIcon, Alert, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { SeatingPlan, type SeatingPlanHandle, type SeatVisual } from "../../../../components/SeatingPlan";
import { PageLoader } from "../../../../components/PageLoader";
import { seatIndex } from "../../../../components/Shop/model";
import { SHOP_STATUS_COLORS } from "../../../../components/Shop/ShopPanel";
import { useSeatFeed } from "../../../../hooks/use-seat-feed";
import { describeError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useTRPC } from "../../../../lib/trpc";
import { MAX_PRINT_COUNT, type PrintScope } from "./model";

type Props = {
  scopeId: string;
  ticketCategoryId: string;
  value: string[];
  onChange: (seatKeys: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * Seats of one date picked on its live plan for a print run (as the box office counter shows it:
 * the seat feed greys what is sold, reserved or blocked). Picking only selects seats here; the
 * run takes them when it is created. A picked seat someone else takes meanwhile is dropped.
 */
export function PlanSeatPicker(props: Props) {
  const { i18n } = useLingui();
  const trpc = useTRPC();
  const scope = useQuery(trpc.print.scope.queryOptions({ scopeId: props.scopeId }));
  if (scope.isPending) return <PageLoader />;
  if (scope.isError) return <Alert color="red">{describeError(i18n, scope.error)}</Alert>;
  if (!scope.data.layout) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This date has no seating plan. Enter a number of tickets instead.</Trans>
      </Text>
    );
  }
  return <LivePlan {...props} scope={scope.data} />;
}

function LivePlan({ scope, ticketCategoryId, value, onChange, error, disabled = false }: Props & { scope: PrintScope }) {
  const { t } = useLingui();
  const feed = useSeatFeed(scope.scopeId, scope.access, true);
  const index = useMemo(() => seatIndex(scope.layout), [scope.layout]);
  const plan = useRef<SeatingPlanHandle>(null);
  const chosen = useMemo(() => new Set(value), [value]);
  const category = scope.categories.find((c) => c.id === ticketCategoryId);
  const seatingCategoryId = category?.seatingCategoryId ?? null;
  const perTicket = category?.seatsPerTicket ?? 1;
  const stateOf = (key: string) => feed.seats.get(key)?.s ?? "FREE";
  const fits = (key: string) => seatingCategoryId === null || index.get(key)?.categoryId === seatingCategoryId;
  const labelOf = (key: string) => {
    const s = index.get(key);
    return s ? t`${s.blockName}, row ${s.rowLabel}, seat ${s.seatLabel}` : key;
  };

  // Seats taken elsewhere since they were picked (a sale, another run) leave the selection.
  useEffect(() => {
    if (!feed.ready) return;
    const gone = value.filter((k) => (feed.seats.get(k)?.s ?? "FREE") !== "FREE");
    if (gone.length === 0) return;
    onChange(value.filter((k) => !gone.includes(k)));
    toast.error(t`Just taken elsewhere: ${gone.map(labelOf).join("; ")}`);
    // The feed's revision stands for its seats; onChange, labelOf and t are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed.revision, feed.ready, value]);

  const click = (key: string) => {
    if (disabled) return;
    if (chosen.has(key)) {
      onChange(value.filter((k) => k !== key));
      return;
    }
    if (stateOf(key) !== "FREE") {
      toast.error(t`This seat is not available.`);
      return;
    }
    if (!fits(key)) {
      toast.error(t`This seat belongs to another category. Choose a seat of the chosen category.`);
      return;
    }
    if (value.length >= MAX_PRINT_COUNT) {
      toast.error(t`A print run has at most ${MAX_PRINT_COUNT} tickets.`);
      return;
    }
    onChange([...value, key]);
  };

  return (
    <Stack gap="xs">
      <Paper withBorder p="xs">
        <Box data-testid="print-seat-map" data-feed-ready={feed.ready ? "true" : "false"}>
          <SeatingPlan
            layout={scope.layout!}
            label={t`Seating plan of ${scope.eventName}`}
            height="max(360px, min(560px, calc(100vh - 320px)))"
            statusColors={SHOP_STATUS_COLORS}
            highlight={{ categoryId: seatingCategoryId }}
            seatState={(key): SeatVisual | undefined => {
              if (chosen.has(key)) return { selected: true };
              const s = feed.seats.get(key);
              return s && s.s !== "FREE" ? { status: s.s } : undefined;
            }}
            describeSeat={(seat, text) => {
              if (chosen.has(seat.key)) return t`${text}, chosen for printing`;
              const s = stateOf(seat.key);
              return `${text}, ${s === "FREE" ? t`available` : s === "SOLD" ? t`sold` : s === "PAYMENT_PENDING" ? t`reserved` : t`not for sale`}`;
            }}
            onSeatClick={(seat) => click(seat.key)}
            onBlockClick={(blockId) => {
              if (blockId && scope.layout?.blocks.some((b) => b.id === blockId && b.kind === "seated")) plan.current?.zoomToBlock(blockId);
            }}
            ref={plan}
          />
        </Box>
      </Paper>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500} data-testid="print-seat-count">
          {value.length === 0 ? <Trans>Click free seats of the chosen category on the plan.</Trans> : <Plural value={value.length} one="# seat chosen" other="# seats chosen" />}
        </Text>
        {value.length > 0 && !disabled && (
          <Button variant="subtle" size="xs" color="gray" onClick={() => onChange([])}>
            <Trans>Clear the seats</Trans>
          </Button>
        )}
      </Group>
      {value.length > 0 && (
        <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t`Chosen seats`}>
          {value.map((key) => {
            const label = labelOf(key);
            return (
              <Group key={key} component="li" gap={2} wrap="nowrap" px={8} py={2} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 999 }}>
                <Text size="xs">{label}</Text>
                {!disabled && (
                  <ActionIcon variant="subtle" color="gray" size="xs" aria-label={t`Remove ${label}`} onClick={() => onChange(value.filter((k) => k !== key))}>
                    ×
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Group>
      )}
      {perTicket > 1 && (
        <Text size="sm" c="dimmed">
          <Trans>Each ticket of this category takes {perTicket} seats: choose them in groups of {perTicket}.</Trans>
        </Text>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
