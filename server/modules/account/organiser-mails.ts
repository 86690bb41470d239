import { sql } from "drizzle-orm";
import type { Locale } from "../../../shared/enums";
import { formatCents } from "../../../shared/rules/money";
import type { DbOrTx } from "../../db/client";
import { enqueueMail } from "../../mail/outbox";
import type { PayoutState } from "../../mail/organiser-templates";
import { computeRemaining } from "../shop/availability";
import type { ShopScope } from "../shop/scope";
import { recipientFor } from "./notifications";

/** When a scope takes place, in the reader's language and the event's time zone. */
function scopeDate(scope: ShopScope, locale: Locale): string {
  const when = scope.kind === "date" ? scope.date.startsAt : scope.firstStartsAt;
  if (!when) return "";
  return new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", { dateStyle: "full", timeStyle: "short", timeZone: scope.event.timeZone }).format(when);
}

/**
 * "New order" (email notifications tab): tells the organiser's owner that an order became valid,
 * in the owner's language, in the transaction that completed it. Nothing when not chosen.
 */
export async function notifyNewOrder(
  tx: DbOrTx,
  options: { scope: ShopScope; number: string; buyer: string; tickets: number; totalCents: number },
): Promise<void> {
  const { scope } = options;
  const to = await recipientFor(tx, scope.event.organiserId, "newOrder");
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
 * "Event sold out": after a sale, mails the owner if no place of the scope (an event date, or a
 * season's season tickets) is left, counting places held in carts as not yet sold. Sales of one
 * scope take an advisory lock here, so each checks after every earlier sale of the scope has
 * committed: exactly one sale, the one that took the last place, sees it sold out and mails; a
 * place that comes back (a cancellation) and is sold again makes a new mail. Needs no schema
 * change (decision 013).
 */
export async function notifyIfSoldOut(tx: DbOrTx, scope: ShopScope): Promise<boolean> {
  if (scope.categories.length === 0) return false;
  const to = await recipientFor(tx, scope.event.organiserId, "soldOut");
  if (!to) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sold-out:${scope.scopeId}`}, 0))`);
  const left = await computeRemaining(tx, scope, { heldIsFree: true });
  if ([...left.values()].some((n) => n > 0)) return false;
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
    date: new Intl.DateTimeFormat(to.locale === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(news.requestedAt),
  });
  return true;
}
