import { sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import type { DbOrTx } from "../../db/client";
import { txRows } from "../../db/sql";
import { enqueueMail } from "../../mail/outbox";
import type { PayoutState } from "../../mail/organiser-templates";
import { computeRemaining } from "../shop/availability";
import type { ShopScope } from "../shop/scope";
import { type NotificationRecipient, recipientFor } from "./notifications";
import { dateTimeFormat } from "../../../shared/rules/intl-formats";

/** When a scope takes place, in the reader's language and the event's time zone. */
function scopeDate(scope: ShopScope, locale: Locale): string {
  const when = scope.kind === "date" ? scope.date.startsAt : scope.firstStartsAt;
  if (!when) return "";
  return dateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: scope.event.timeZone }).format(when);
}

/**
 * "New order" (email notifications tab): tells the organiser's owner that an order became valid,
 * in the owner's language, in the transaction that completed it. `to`: the recipient as the sale
 * read it with the order's facts (`recipientFrom` of "newOrder"); null when not chosen.
 */
export async function notifyNewOrder(
  tx: DbOrTx,
  options: { scope: ShopScope; number: string; buyer: string; tickets: number; totalCents: number; to: NotificationRecipient | null },
): Promise<void> {
  const { scope, to } = options;
  if (!to) return;
  await enqueueMail(tx, to.email, to.locale, {
    template: "organiser_new_order",
    name: to.name,
    event: scope.event.name,
    date: scopeDate(scope, to.locale),
    number: options.number,
    buyer: options.buyer,
    tickets: options.tickets,
    total: formatCents(options.totalCents, to.locale),
  });
}

/**
 * "Event sold out": mails the owner once when no place of the scope (an event date, or a season's
 * season tickets) is left, counting places held in carts as not yet sold. Runs in a transaction
 * of its own after sales committed (SoldOutWatch, issue 25), never inside a sale: the count reads
 * the whole date. Checks of one scope take an advisory lock, and `sold_out_notices` remembers the
 * mail: a sell-out is told once, and a place that comes back (a cancellation) clears the notice,
 * so selling out again makes a new mail (decision 013). Returns whether a mail was queued.
 */
export async function notifyIfSoldOut(tx: DbOrTx, scope: ShopScope): Promise<boolean> {
  if (scope.categories.length === 0) return false;
  const to = await recipientFor(tx, scope.event.organiserId, "soldOut");
  if (!to) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sold-out:${scope.scopeId}`}, 0))`);
  const left = await computeRemaining(tx, scope, { heldIsFree: true });
  if ([...left.values()].some((n) => n > 0)) {
    await tx.execute(sql`delete from sold_out_notices where scope_id = ${scope.scopeId}`);
    return false;
  }
  const fresh = await txRows<{ x: number }>(tx, sql`insert into sold_out_notices (scope_id) values (${scope.scopeId}) on conflict do nothing returning 1 as x`);
  if (fresh.length === 0) return false;
  await enqueueMail(tx, to.email, to.locale, {
    template: "organiser_sold_out",
    name: to.name,
    event: scope.event.name,
    date: scope.kind === "date" ? scopeDate(scope, to.locale) : null,
  });
  return true;
}

/** A payout's news for its organiser (wallet, issue 22). */
export type PayoutNews = { state: PayoutState; amountCents: number; requestedAt: Date };

/**
 * "Payout state changes": the wallet (issue 22) calls this in the transaction that moves a
 * payout to `state`; mails the owner when chosen. Returns whether a mail was queued.
 */
export async function notifyPayoutState(tx: DbOrTx, organiserId: string, news: PayoutNews): Promise<boolean> {
  const to = await recipientFor(tx, organiserId, "payoutState");
  if (!to) return false;
  await enqueueMail(tx, to.email, to.locale, {
    template: "organiser_payout_state",
    name: to.name,
    amount: formatCents(news.amountCents, to.locale),
    state: news.state,
    date: dateTimeFormat(to.locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(news.requestedAt),
  });
  return true;
}
