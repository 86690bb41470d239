import { Badge } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import type { EventListStatus } from "../../../shared/schemas/events";

const COLORS: Record<EventListStatus, string> = {
  draft: "gray",
  publish_later: "yellow",
  published: "green",
  later: "cyan",
  current: "teal",
  expired: "dark",
  canceled: "red",
};

export function useEventStatusLabels(): Record<EventListStatus, string> {
  const { t } = useLingui();
  return {
    draft: t`Draft`,
    publish_later: t`Publish Later`,
    published: t`Published`,
    later: t`Later`,
    current: t`Current`,
    expired: t`Expired`,
    canceled: t`Canceled`,
  };
}

/** The dashboard's status label of an event or season (SPEC §4). */
export function EventStatusBadge({ status }: { status: EventListStatus }) {
  const labels = useEventStatusLabels();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="event-status">
      {labels[status]}
    </Badge>
  );
}
