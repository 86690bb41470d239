import { sql } from "drizzle-orm";
import type { AccountStatus, EventType, VerificationState } from "../../../../shared/enums";
import { isPlanActive } from "../../../../shared/plans";
import type { AdminPlanKind } from "../../../../shared/schemas/admin-organisers";
import type { EventStatus } from "../../../../shared/schemas/events";
import type { DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { AppError } from "../../../lib/app-error";
import { listDocuments } from "../../account/documents";
import { maskIban, walletSummary } from "../../wallet/ledger";
import { OWNER_OF_G } from "./list";

/** How many of the newest events, contingent entries and audit entries the detail page shows. */
const RECENT_EVENTS = 100;
const RECENT_ENTRIES = 20;

type OrganiserRow = {
  id: string;
  name: string;
  phone: string | null;
  vat_id: string | null;
  tax_number: string | null;
  country: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  website: string | null;
  bank_name: string | null;
  account_number: string | null;
  bic: string | null;
  verification_state: VerificationState;
  verification_note: string | null;
  verification_reviewed_at: Date | string | null;
  disabled_at: Date | string | null;
  plan: AdminPlanKind;
  plan_since: Date | string | null;
  plan_until: Date | string | null;
  ticket_contingent: number;
  created_at: Date | string;
  owner_id: string | null;
  owner_email: string | null;
  owner_status: AccountStatus | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_activated_at: Date | string | null;
  owner_last_login_at: Date | string | null;
};

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The organiser's events, newest first: state, kind, how many dates, tickets sold (valid orders, lines not cancelled). */
async function organiserEvents(db: DbOrTx, organiserId: string) {
  const rows = await txRows<{
    id: string;
    name: string;
    status: EventStatus;
    type: EventType;
    dates: number | string;
    first_start: Date | string | null;
    last_start: Date | string | null;
    sold: number | string;
  }>(
    db,
    sql`select e.id, e.name, e.status::text as status, e.type::text as type,
          (select count(*) from event_dates d where d.event_id = e.id) as dates,
          (select min(d.starts_at) from event_dates d where d.event_id = e.id) as first_start,
          (select max(d.starts_at) from event_dates d where d.event_id = e.id) as last_start,
          (select count(*) from order_lines l join orders o on o.id = l.order_id
            where l.event_id = e.id and l.status <> 'canceled' and o.status = 'valid') as sold
        from events e where e.organiser_id = ${organiserId}
        order by e.created_at desc, e.id limit ${RECENT_EVENTS}`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    type: r.type,
    dates: Number(r.dates),
    firstStart: date(r.first_start),
    lastStart: date(r.last_start),
    ticketsSold: Number(r.sold),
  }));
}

async function contingentEntries(db: DbOrTx, organiserId: string) {
  const rows = await txRows<{ id: string; delta: number; reason: string; source_id: string | null; created_at: Date | string }>(
    db,
    sql`select id, delta, reason, source_id::text as source_id, created_at from contingent_entries
        where organiser_id = ${organiserId} order by created_at desc, id limit ${RECENT_ENTRIES}`,
  );
  return rows.map((r) => ({ id: r.id, delta: Number(r.delta), reason: r.reason, sourceId: r.source_id, createdAt: new Date(r.created_at) }));
}

/** The audit entries about the organiser and about its withdrawals, newest first. */
async function auditEntries(db: DbOrTx, organiserId: string) {
  const rows = await txRows<{
    id: string;
    at: Date | string;
    admin_email: string | null;
    action: string;
    target_type: string;
    target_id: string;
    before: unknown;
    after: unknown;
  }>(
    db,
    sql`select a.id, a.at, u.email as admin_email, a.action, a.target_type, a.target_id, a.before, a.after
        from admin_audit_log a left join users u on u.id = a.admin_id
        where (a.target_type = 'organiser' and a.target_id = ${organiserId})
           or (a.target_type = 'withdrawal' and a.target_id in (select id::text from withdrawals where organiser_id = ${organiserId}))
        order by a.at desc, a.id limit ${RECENT_ENTRIES}`,
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    adminEmail: r.admin_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: r.before,
    after: r.after,
  }));
}

/**
 * One organiser for the admin (issue 23 item 1): its profile (the IBAN masked), owner,
 * verification with its documents (downloaded through /api/account/documents/{id}), events,
 * plan and contingent with the latest entries, wallet figures and the admins' actions on it.
 */
export async function organiserDetail(db: DbOrTx, organiserId: string) {
  const [row] = await txRows<OrganiserRow>(
    db,
    sql`select g.id, g.name, g.phone, g.vat_id, g.tax_number, g.country, g.address, g.city, g.zip_code, g.website,
          g.bank_name, g.account_number, g.bic, g.verification_state::text as verification_state, g.verification_note,
          g.verification_reviewed_at, g.disabled_at, g.plan::text as plan, g.plan_since, g.plan_until, g.ticket_contingent, g.created_at,
          u.id as owner_id, u.email as owner_email, u.status::text as owner_status, u.first_name as owner_first_name,
          u.last_name as owner_last_name, u.activated_at as owner_activated_at, u.last_login_at as owner_last_login_at
        from organisers g ${OWNER_OF_G} where g.id = ${organiserId}`,
  );
  if (!row) throw new AppError("NOT_FOUND");
  const planUntil = date(row.plan_until);
  return {
    organiser: {
      id: row.id,
      name: row.name,
      phone: row.phone,
      vatId: row.vat_id,
      taxNumber: row.tax_number,
      country: row.country,
      address: row.address,
      city: row.city,
      zipCode: row.zip_code,
      website: row.website,
      bankName: row.bank_name,
      ibanMasked: row.account_number ? maskIban(row.account_number) : null,
      bic: row.bic,
      createdAt: new Date(row.created_at),
      disabledAt: date(row.disabled_at),
    },
    owner: row.owner_id
      ? {
          id: row.owner_id,
          email: row.owner_email,
          status: row.owner_status!,
          firstName: row.owner_first_name ?? "",
          lastName: row.owner_last_name ?? "",
          activatedAt: date(row.owner_activated_at),
          lastLoginAt: date(row.owner_last_login_at),
        }
      : null,
    verification: {
      state: row.verification_state,
      note: row.verification_note,
      reviewedAt: date(row.verification_reviewed_at),
      documents: await listDocuments(db, organiserId),
    },
    events: await organiserEvents(db, organiserId),
    plan: {
      plan: row.plan,
      planSince: date(row.plan_since),
      planUntil,
      active: isPlanActive({ plan: row.plan, planUntil }),
      ticketContingent: Number(row.ticket_contingent),
      entries: await contingentEntries(db, organiserId),
    },
    wallet: await walletSummary(db, organiserId),
    audit: await auditEntries(db, organiserId),
  };
}
