import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AdminPlanKind } from "../../../../shared/schemas/admin-organisers";
import type { Db } from "../../../db/client";
import { txRows } from "../../../db/sql";
import { AppError } from "../../../lib/app-error";
import { changeContingent } from "../../account/contingent";
import { recordAdminAction } from "../audit/log";

/** Options of setOrganiserPlan: the plan and its period as the admin entered them, and why. */
export type SetOrganiserPlanOptions = {
  organiserId: string;
  plan: AdminPlanKind;
  since?: Date | null | undefined;
  until?: Date | null | undefined;
  reason: string;
  adminId: string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new AppError("REASON_REQUIRED", { field: "reason" });
  return trimmed;
}

/**
 * Sets an organiser's plan by hand (e.g. after an offline payment): the kind and its period
 * replace what was there, "none" ends the subscription. The period's end must come after its
 * start (PLAN_PERIOD_INVALID on "until"); the change and its audit entry commit together.
 * The contingent is not touched: that is adjustOrganiserContingent's.
 */
export async function setOrganiserPlan(db: Db, options: SetOrganiserPlanOptions) {
  const reason = requireReason(options.reason);
  let since: Date | null = null;
  let until: Date | null = null;
  if (options.plan !== "none") {
    if (!options.since) throw new AppError("VALIDATION", { field: "since" });
    if (!options.until) throw new AppError("VALIDATION", { field: "until" });
    since = options.since;
    until = options.until;
    if (until.getTime() <= since.getTime()) throw new AppError("PLAN_PERIOD_INVALID", { field: "until" });
  }
  return db.transaction(async (tx) => {
    const [before] = await txRows<{ plan: AdminPlanKind; plan_since: Date | string | null; plan_until: Date | string | null }>(
      tx,
      sql`select plan::text as plan, plan_since, plan_until from organisers where id = ${options.organiserId} for no key update`,
    );
    if (!before) throw new AppError("NOT_FOUND");
    await tx.execute(sql`
      update organisers set plan = ${options.plan}::plan_kind,
        plan_since = ${since ? since.toISOString() : null}::timestamptz, plan_until = ${until ? until.toISOString() : null}::timestamptz, updated_at = now()
      where id = ${options.organiserId}`);
    const after = { plan: options.plan, planSince: since?.toISOString() ?? null, planUntil: until?.toISOString() ?? null };
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: "organiser.plan_set",
      targetType: "organiser",
      targetId: options.organiserId,
      before: { plan: before.plan, planSince: iso(before.plan_since), planUntil: iso(before.plan_until) },
      after: { ...after, reason },
    });
    return after;
  });
}

/** Options of adjustOrganiserContingent. */
export type AdjustContingentOptions = {
  organiserId: string;
  /** Tickets to add (positive) or take away (negative). */
  delta: number;
  reason: string;
  /** One per attempt on the client: a retried request counts once. */
  idempotencyKey: string;
  adminId: string;
};

/**
 * The ledger source of an admin correction: a uuid made from the organiser and the client's key,
 * so the unique (reason, source) entry makes a retry count once and two organisers never share one.
 */
export function adjustmentSourceId(organiserId: string, idempotencyKey: string): string {
  const hex = createHash("sha256").update(`admin_adjustment:${organiserId}:${idempotencyKey}`).digest("hex");
  // A version-8 (custom) uuid with the RFC 4122 variant bits.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Adds or takes away tickets of an organiser's contingent by hand, through its ledger (decision
 * 014, so `inventory:check` stays true): under the organiser row's lock, one "admin_adjustment"
 * entry per idempotency key; a result below 0 is refused (CONTINGENT_BELOW_ZERO). A retry of an
 * applied key changes nothing and answers with the contingent as it is (`applied: false`).
 */
export async function adjustOrganiserContingent(db: Db, options: AdjustContingentOptions) {
  const reason = requireReason(options.reason);
  if (!Number.isInteger(options.delta) || options.delta === 0) throw new AppError("VALIDATION", { field: "delta" });
  const sourceId = adjustmentSourceId(options.organiserId, options.idempotencyKey);
  return db.transaction(async (tx) => {
    const [organiser] = await txRows<{ ticket_contingent: number }>(
      tx,
      sql`select ticket_contingent from organisers where id = ${options.organiserId} for update`,
    );
    if (!organiser) throw new AppError("NOT_FOUND");
    const before = Number(organiser.ticket_contingent);
    const [done] = await txRows<{ id: string }>(
      tx,
      sql`select id from contingent_entries where reason = 'admin_adjustment' and source_id = ${sourceId}`,
    );
    if (done) return { applied: false, ticketContingent: before };
    const after = before + options.delta;
    if (after < 0) throw new AppError("CONTINGENT_BELOW_ZERO", { field: "delta" });
    await changeContingent(tx, { organiserId: options.organiserId, delta: options.delta, reason: "admin_adjustment", sourceId });
    await recordAdminAction(tx, {
      adminId: options.adminId,
      action: "organiser.contingent_adjust",
      targetType: "organiser",
      targetId: options.organiserId,
      before: { ticketContingent: before },
      after: { ticketContingent: after, delta: options.delta, reason },
    });
    return { applied: true, ticketContingent: after };
  });
}
