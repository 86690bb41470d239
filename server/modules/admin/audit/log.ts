import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { txRows } from "../../../db/sql";

/**
 * The admin audit log (issue 23 item 5). `recordAdminAction` runs inside the action's own
 * transaction: the entry commits with the change or not at all.
 */
export type AdminAction = {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

export async function recordAdminAction(tx: DbOrTx, entry: AdminAction): Promise<void> {
  await tx.execute(sql`
    insert into admin_audit_log (admin_id, action, target_type, target_id, before, after)
    values (${entry.adminId}, ${entry.action}, ${entry.targetType}, ${entry.targetId},
      ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb, ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb)`);
}

export type AuditEntry = {
  id: string;
  at: string;
  adminId: string | null;
  adminEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

/** Newest first, optionally of one action or one record. */
export async function listAdminActions(
  db: DbOrTx,
  q: { action?: string | null; targetType?: string | null; targetId?: string | null; page: number; pageSize: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = sql.join(
    [
      sql`true`,
      ...(q.action ? [sql`a.action = ${q.action}`] : []),
      ...(q.targetType ? [sql`a.target_type = ${q.targetType}`] : []),
      ...(q.targetId ? [sql`a.target_id = ${q.targetId}`] : []),
    ],
    sql` and `,
  );
  const rows = await txRows<{
    id: string;
    at: Date | string;
    admin_id: string | null;
    admin_email: string | null;
    action: string;
    target_type: string;
    target_id: string;
    before: unknown;
    after: unknown;
    total: number | string;
  }>(
    db,
    sql`select a.id, a.at, a.admin_id, u.email as admin_email, a.action, a.target_type, a.target_id, a.before, a.after, count(*) over () as total
        from admin_audit_log a left join users u on u.id = a.admin_id
        where ${where} order by a.at desc, a.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    entries: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      adminId: r.admin_id,
      adminEmail: r.admin_email,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before,
      after: r.after,
    })),
  };
}
