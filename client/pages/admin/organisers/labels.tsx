import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { type EventType, VERIFICATION_STATES, type VerificationState } from "../../../../shared/enums";
import { ORGANISER_ACCOUNT_STATES, type OrganiserAccountState } from "../../../../shared/schemas/admin-organisers";
import type { EventStatus } from "../../../../shared/schemas/events";
import type { RouterOutputs } from "../../../lib/trpc";
import { type Tone, ToneBadge } from "../../dashboard/orders/labels";

export type OrganiserRow = RouterOutputs["admin"]["organisers"]["list"]["rows"][number];
export type OrganiserDetail = RouterOutputs["admin"]["organisers"]["detail"];

export const PAGE_SIZE = 25;

/** The list's state in the URL (`?q=…&verification=…&state=…&page=…`): it survives opening an organiser and going back. */
export type OrganisersQuery = { q: string; verification: VerificationState | null; state: OrganiserAccountState | null; page: number };

function parseQuery(params: URLSearchParams): OrganisersQuery {
  const verification = params.get("verification");
  const state = params.get("state");
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    verification: VERIFICATION_STATES.includes(verification as VerificationState) ? (verification as VerificationState) : null,
    state: ORGANISER_ACCOUNT_STATES.includes(state as OrganiserAccountState) ? (state as OrganiserAccountState) : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function queryString(q: OrganisersQuery): string {
  const params = new URLSearchParams();
  if (q.q.trim()) params.set("q", q.q.trim());
  if (q.verification) params.set("verification", q.verification);
  if (q.state) params.set("state", q.state);
  if (q.page > 1) params.set("page", String(q.page));
  return params.toString();
}

export function useOrganisersQuery() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parseQuery(new URLSearchParams(search)), [search]);
  const setQuery = useCallback(
    (next: OrganisersQuery) => {
      const qs = queryString(next);
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [location, navigate],
  );
  return { query, setQuery };
}

export const ACCOUNT_STATE_LABELS: Record<OrganiserAccountState, MessageDescriptor> = {
  active: msg`Active`,
  disabled: msg`Disabled`,
};

export const VERIFICATION_LABELS: Record<VerificationState, MessageDescriptor> = {
  none: msg`No documents uploaded`,
  in_review: msg`Documents in review`,
  verified: msg`Verified`,
  rejected: msg`Verification rejected`,
};

const EVENT_STATUS_LABELS: Record<EventStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  scheduled: msg`Scheduled`,
  published: msg`Published`,
  cancelled: msg`Cancelled`,
};
const EVENT_STATUS_TONES: Record<EventStatus, Tone> = { draft: "neutral", scheduled: "info", published: "ok", cancelled: "bad" };

export function EventStateBadge({ status }: { status: EventStatus }) {
  const { i18n } = useLingui();
  return <ToneBadge tone={EVENT_STATUS_TONES[status]}>{i18n._(EVENT_STATUS_LABELS[status])}</ToneBadge>;
}

export const EVENT_TYPE_LABELS: Record<EventType, MessageDescriptor> = {
  REGULAR: msg`Event`,
  SEASONAL: msg`Season`,
  SEASON_CHILD: msg`Season event`,
};

/** The ledger's reasons (server/modules/account/contingent.ts) as the admin reads them. */
const CONTINGENT_REASON_LABELS: Record<string, MessageDescriptor> = {
  plan: msg`Plan bought`,
  sale: msg`Tickets sold`,
  return: msg`Tickets given back`,
  opening_balance: msg`Opening balance`,
  admin_adjustment: msg`Corrected by an admin`,
};

export function contingentReasonLabel(i18n: { _: (d: MessageDescriptor) => string }, reason: string): string {
  const label = CONTINGENT_REASON_LABELS[reason];
  return label ? i18n._(label) : reason;
}

/** A random key per opened correction form: a double click or a retry after a lost answer counts once. */
export function newAdjustmentKey(): string {
  if (typeof crypto.randomUUID === "function") return `adj-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `adj-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
