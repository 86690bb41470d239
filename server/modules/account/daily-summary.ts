import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/rules/money";
import type { Db } from "../../db/client";
import { organisers } from "../../db/schema";
import { txRows } from "../../db/sql";
import { enqueueMail } from "../../mail/outbox";
import { recipientFor } from "./notifications";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Organisers handled per run; the job runs again soon and picks up the rest. */
const BATCH = 200;

/** The UTC calendar day before `now`, as YYYY-MM-DD. */
export function previousUtcDay(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/**
 * "Daily sales summary" (email notifications tab): once per UTC day, for yesterday (UTC), mails
 * each organiser that chose it its valid orders, tickets and revenue per event. Each organiser is
 * claimed by moving `daily_summary_sent_on` to that day in the transaction that writes the mail:
 * an instance running the job at the same time finds it claimed and sends nothing. A day
 * without sales sends no mail (decision 013). Returns the mails written.
 */
export async function sendDailySummaries(db: Db, now = new Date()): Promise<number> {
  const day = previousUtcDay(now);
  const notYet = (): ReturnType<typeof or> => or(isNull(organisers.dailySummarySentOn), lt(organisers.dailySummarySentOn, day));
  const candidates = await db
    .select({ id: organisers.id })
    .from(organisers)
    .where(and(isNull(organisers.disabledAt), sql`${organisers.notificationSettings}->>'dailySummary' = 'true'`, notYet()))
    .limit(BATCH);
  const from = new Date(`${day}T00:00:00.000Z`);
  const until = new Date(from.getTime() + DAY_MS);
  let sent = 0;
  for (const { id } of candidates) {
    const mailed = await db.transaction(async (tx) => {
      // The claim: of concurrent runs, only the first to update the row goes on.
      const claimed = await tx
        .update(organisers)
        .set({ dailySummarySentOn: day })
        .where(and(eq(organisers.id, id), notYet()))
        .returning({ id: organisers.id });
      if (claimed.length === 0) return false;
      const to = await recipientFor(tx, id, "dailySummary");
      if (!to) return false;
      const rows = await txRows<{ event: string; orders: number; tickets: number; revenue: number }>(
        tx,
        sql`select e.name as event, count(*)::int as orders, coalesce(sum(o.total_cents), 0)::bigint as revenue,
              coalesce(sum((select count(*) from order_lines l where l.order_id = o.id and l.status <> 'canceled')), 0)::int as tickets
            from orders o join events e on e.id = o.event_id
            where o.organiser_id = ${id} and o.status = 'valid' and o.paid_at >= ${from.toISOString()} and o.paid_at < ${until.toISOString()}
            group by e.id, e.name order by e.name, e.id`,
      );
      if (rows.length === 0) return false;
      const lines = rows.map((r) => ({ event: r.event, orders: Number(r.orders), tickets: Number(r.tickets), revenueCents: Number(r.revenue) }));
      const total = (key: "orders" | "tickets" | "revenueCents") => lines.reduce((n, l) => n + l[key], 0);
      await enqueueMail(tx, to.email, to.locale, {
        template: "organiser_daily_summary",
        name: to.name,
        day: new Intl.DateTimeFormat(to.locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(from),
        orders: total("orders"),
        tickets: total("tickets"),
        revenue: formatCents(total("revenueCents"), to.locale),
        lines: lines.map((l) => ({ event: l.event, orders: l.orders, tickets: l.tickets, revenue: formatCents(l.revenueCents, to.locale) })),
      });
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}
