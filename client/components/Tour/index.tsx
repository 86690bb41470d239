import { useLingui } from "@lingui/react/macro";
import { Tour } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useLocation, useRouter } from "wouter";
import { useTRPC } from "../../lib/trpc";
import { startTour, stopTour, useTourRunning } from "./store";
import { stopSelector, TOUR_STOPS } from "./steps";
import { TourPrompt } from "./TourPrompt";

export { startTour } from "./store";

/**
 * The organiser dashboard's guided tour (SPEC §2 tutorial-mode prompt): offered on the home page
 * until the user skips or finishes it, which the server remembers per user; then it steps
 * through the sidebar entries the user can see. On a phone the sidebar is folded away, so the
 * steps are shown in the middle of the screen without pointing at it.
 */
export function DashboardTour() {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [location] = useLocation();
  const { base } = useRouter();
  const running = useTourRunning();
  const narrow = useMediaQuery("(max-width: 48em)") ?? false;
  const state = useQuery(trpc.account.tutorial.state.queryOptions());
  const [answered, setAnswered] = useState(false);
  const markSeen = useMutation(
    trpc.account.tutorial.markSeen.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.account.tutorial.state.queryKey(), data),
    }),
  );

  // Built when the tour starts: only the entries the sidebar shows this user.
  const stops = useMemo(() => {
    if (!running) return [];
    return TOUR_STOPS.filter((s) => s.href === null || document.querySelector(stopSelector(s.href, base)) !== null);
  }, [running, base]);

  const offered = state.data?.offer === true && !answered && !running && location === "/";
  const finish = () => {
    stopTour();
    setAnswered(true);
    markSeen.mutate();
  };

  return (
    <>
      <TourPrompt
        opened={offered}
        onTake={() => {
          setAnswered(true);
          startTour();
        }}
        onSkip={finish}
      />
      <Tour
        active={running && stops.length > 0}
        onClose={finish}
        withCloseButton={false}
        spotlightPadding={4}
        labels={{
          skip: t`End tour`,
          back: t`Back`,
          next: t`Next`,
          close: t`Finish`,
          stepCounter: (current, total) => t`Step ${current} of ${total}`,
        }}
        styles={{ stepCounter: { color: "var(--mantine-color-gray-7)" } }}
        data-testid="dashboard-tour"
      >
        {stops.map((stop, i) => (
          <Tour.Step
            key={stop.href ?? `words-${i}`}
            target={!narrow && stop.href !== null ? stopSelector(stop.href, base) : undefined}
            position="right"
            title={i18n._(stop.title)}
          >
            {i18n._(narrow && stop.narrowBody ? stop.narrowBody : stop.body)}
          </Tour.Step>
        ))}
      </Tour>
    </>
  );
}
