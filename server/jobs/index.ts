import type { AppDeps } from "../deps";
import { deleteStaleRateLimits } from "../lib/rate-limit";
import { type MailSender, startMailSender } from "../mail/sender";
import { sendDailySummaries } from "../modules/account/daily-summary";
import { deleteExpiredSessions } from "../modules/auth/session";
import { publishDueEvents } from "../modules/events/lifecycle";
import { processRefunds, reconcilePayments } from "../modules/orders/jobs";
import { reconcilePlanPayments } from "../modules/account/plan-settle";
import { sweepExpiredCarts } from "../modules/shop/holds";
import { deleteExpiredReportExports, processReportExports } from "../modules/reports/exports/worker";

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Starts the periodic jobs of this instance. Every job is idempotent SQL safe to run on any
 * number of instances at once. Returns a stop function that waits for running jobs.
 */
export function startJobs(deps: AppDeps): () => Promise<void> {
  const jobs: Job[] = [
    { name: "delete-expired-sessions", everyMs: 60 * 60 * 1000, run: () => deleteExpiredSessions(deps.database.db) },
    { name: "delete-stale-rate-limits", everyMs: 60 * 60 * 1000, run: () => deleteStaleRateLimits(deps.database) },
    {
      name: "publish-due-events",
      everyMs: 30 * 1000,
      run: async () => {
        const published = await publishDueEvents(deps.database.db);
        if (published.length > 0) deps.log.info({ events: published }, "scheduled events published");
      },
    },
    {
      // Expired holds are free to take at once; this releases their counters and announces them.
      name: "release-expired-holds",
      everyMs: 5 * 1000,
      run: async () => {
        const swept = await sweepExpiredCarts(deps);
        if (swept > 0) deps.log.info({ carts: swept }, "expired holds released");
      },
    },
    { name: "process-refunds", everyMs: 10 * 1000, run: () => processRefunds(deps) },
    { name: "reconcile-payments", everyMs: 60 * 1000, run: () => reconcilePayments(deps) },
    { name: "reconcile-plan-payments", everyMs: 60 * 1000, run: () => reconcilePlanPayments(deps) },
    // Background report exports (decision 025b): claimed with SKIP LOCKED, so any number of instances may run it.
    { name: "report-exports", everyMs: 2000, run: () => processReportExports(deps) },
    { name: "delete-expired-report-exports", everyMs: 10 * 60 * 1000, run: () => deleteExpiredReportExports(deps) },
    {
      // Yesterday's (UTC) sales to the organisers that chose the mail; once per organiser and day across instances.
      name: "daily-sales-summaries",
      everyMs: 10 * 60 * 1000,
      run: async () => {
        const sent = await sendDailySummaries(deps.database.db);
        if (sent > 0) deps.log.info({ mails: sent }, "daily sales summaries written");
      },
    },
  ];
  // The send-mail job drains the outbox whenever mails are due (server/mail/sender.ts, decision 034).
  let mail: MailSender | null = null;
  if (deps.config.SMTP_URL) {
    mail = startMailSender(deps);
  } else {
    deps.log.info("SMTP_URL is not set: mails stay in the outbox (see /dev/mail outside production)");
  }

  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = job
        .run()
        .catch((err: unknown) => deps.log.error({ err, job: job.name }, "job failed"))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    return setInterval(tick, job.everyMs);
  });

  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running, mail?.stop()]);
  };
}
