import { sql } from "drizzle-orm";
import type { AccountStatus, VerificationState } from "../../../../shared/enums";
import type { AdminPlanKind, OrganiserAccountState } from "../../../../shared/schemas/admin-organisers";
import type { DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { COUNTED } from "../../dashboard/figures";

/** The owner (role organiser) of an organiser account `g`: the first one, should there be more. */
export const OWNER_OF_G = sql`left join lateral (
    select id, email, status, first_name, last_name, activated_at, last_login_at from users
    where organiser_id = g.id and role = 'organiser' order by created_at, id limit 1) u on true`;

export type OrganiserListRow = {
  id: string;
  name: string;
  ownerEmail: string | null;
  ownerStatus: AccountStatus | null;
  verificationState: VerificationState;
  plan: AdminPlanKind;
  planUntil: Date | null;
  ticketContingent: number;
  events: number;
  /** Counted orders' totals (valid, or cancelled after being paid: the dashboard's rule), in cents. */
  revenueCents: number;
  createdAt: Date;
  disabledAt: Date | null;
};

export type OrganiserListQuery = {
  search?: string | undefined;
  verification?: VerificationState | null | undefined;
  state?: OrganiserAccountState | null | undefined;
  page: number;
  pageSize: number;
};

/**
 * The admins' organisers list (issue 23 item 1): one statement for a page, name order, found by
 * a part of the name or of the owner's email (any case), narrowed by verification state and by
 * whether the account is disabled. Events and revenue are counted for the page's rows only.
 */
export async function listOrganisers(db: DbOrTx, q: OrganiserListQuery): Promise<{ rows: OrganiserListRow[]; total: number }> {
  const search = q.search?.trim().toLowerCase() ?? "";
  const where = sql.join(
    [
      sql`true`,
      ...(search ? [sql`(strpos(lower(g.name), ${search}) > 0 or strpos(lower(coalesce(u.email, '')), ${search}) > 0)`] : []),
      ...(q.verification ? [sql`g.verification_state = ${q.verification}::verification_state`] : []),
      ...(q.state === "active" ? [sql`g.disabled_at is null`] : q.state === "disabled" ? [sql`g.disabled_at is not null`] : []),
    ],
    sql` and `,
  );
  // One row carries the total even for a page past the end (its organiser columns are null).
  const rows = await txRows<{
    id: string | null;
    name: string;
    owner_email: string | null;
    owner_status: AccountStatus | null;
    verification_state: VerificationState;
    plan: AdminPlanKind;
    plan_until: Date | string | null;
    ticket_contingent: number;
    events: number | string;
    revenue: number | string;
    created_at: Date | string;
    disabled_at: Date | string | null;
    total: number | string;
  }>(
    db,
    sql`with filtered as (
          select g.id, g.name from organisers g ${OWNER_OF_G} where ${where}
        ), page as (
          select id, name from filtered order by lower(name), id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
        )
        select g.id, g.name, u.email as owner_email, u.status::text as owner_status, g.verification_state::text as verification_state,
          g.plan::text as plan, g.plan_until, g.ticket_contingent, g.created_at, g.disabled_at,
          (select count(*) from events e where e.organiser_id = g.id) as events,
          (select coalesce(sum(o.total_cents), 0) from orders o where o.organiser_id = g.id and ${COUNTED}) as revenue,
          c.total
        from (select count(*) as total from filtered) c
          left join page p on true left join organisers g on g.id = p.id ${OWNER_OF_G}
        order by lower(p.name), p.id`,
  );
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    rows: rows.flatMap((r) => (r.id === null ? [] : [{
      id: r.id,
      name: r.name,
      ownerEmail: r.owner_email,
      ownerStatus: r.owner_status,
      verificationState: r.verification_state,
      plan: r.plan,
      planUntil: r.plan_until ? new Date(r.plan_until) : null,
      ticketContingent: Number(r.ticket_contingent),
      events: Number(r.events),
      revenueCents: Number(r.revenue),
      createdAt: new Date(r.created_at),
      disabledAt: r.disabled_at ? new Date(r.disabled_at) : null,
    }])),
  };
}
