import { Alert, Button, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";

type ContingentPromptProps = {
  /** Tickets left (may be below zero: sales are never refused for the contingent). */
  balance: number;
  /** What the organiser's live events can still sell. */
  liveNeed: number;
  /** Where "buy more" leads (default: the plan tab, from anywhere). */
  href?: string;
  /** Hide the button where the plans are on the same screen. */
  withButton?: boolean;
};

/**
 * SPEC §8 "insufficient ticket contingent", prompting to buy a plan (decision 014): shown when
 * nothing is left or less than the live events can still sell.
 */
export function ContingentPrompt({ balance, liveNeed, href = "~/dashboard/profile/plan", withButton = true }: ContingentPromptProps) {
  const { t, i18n } = useLingui();
  const left = i18n.number(balance);
  const need = i18n.number(liveNeed);
  return (
    <Alert color="red" styles={{ title: { color: "var(--mantine-color-red-9)" } }} title={t`Insufficient ticket contingent`} data-testid="contingent-prompt">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {balance <= 0 ? (
            <Plural
              value={balance}
              one="Your ticket contingent is used up (# ticket left). Tickets still sell, but you cannot publish further events."
              other="Your ticket contingent is used up (# tickets left). Tickets still sell, but you cannot publish further events."
            />
          ) : (
            <Trans>
              Only {left} tickets are left in your contingent, while your published events can still sell {need}. Buy a plan
              to top it up.
            </Trans>
          )}
        </Text>
        {withButton && (
          <Button component={Link} href={href} size="xs">
            <Trans>Buy more tickets</Trans>
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
