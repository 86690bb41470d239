import { Badge } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { VerificationState } from "../../../shared/enums";

/** The organiser's profile verification state (SPEC §4), as the dashboard, documents tab and admin show it (shades with AA contrast). */
export function VerificationBadge({ state }: { state: VerificationState }) {
  switch (state) {
    case "verified":
      return (
        <Badge color="teal.9">
          <Trans>Verified</Trans>
        </Badge>
      );
    case "in_review":
      return (
        <Badge color="yellow.5" autoContrast>
          <Trans>Documents in review</Trans>
        </Badge>
      );
    case "rejected":
      return (
        <Badge color="red.9">
          <Trans>Verification rejected</Trans>
        </Badge>
      );
    case "none":
      return (
        <Badge color="gray.7">
          <Trans>No documents uploaded</Trans>
        </Badge>
      );
  }
}
