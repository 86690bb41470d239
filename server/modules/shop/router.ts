import { z } from "zod";
import { ZCartCredentials, ZHoldBestInput, ZHoldInput, ZReleaseInput, ZShopScope, ZUnlockInput, ZWatchInput } from "../../../shared/schemas/shop";
import { ZCartOutput, ZOrganiserEventsOutput, ZShopEventOutput, ZShopScopeOutput } from "../../../shared/schemas/shop-output";
import { AppError } from "../../lib/app-error";
import { publicProcedure, rateLimitedProcedure, router, viewerProcedure } from "../../trpc/init";
import { queuedFeed, socketFeed } from "../../realtime/seat-feed";
import { extend, hold, holdBest, readCart, release } from "./holds";
import { organiserEvents, publicEvent, publicScope, unlock } from "./public";
import { hasAccess, loadScope } from "./scope";
import type { HoldClient } from "./hold-limits";
import type { Context } from "../../trpc/context";
import { assertAdmitted } from "../waiting-room/admission";
import { isUnpublished } from "../../../shared/rules/event-status";
import { ZApplyVoucherInput } from "../../../shared/schemas/orders";
import { ZRemoveVoucherInput } from "../../../shared/schemas/vouchers";
import { applyVoucher, removeVoucher, voucherAttemptRule } from "../vouchers/apply";

/**
 * What every hold of the online shop passes before it runs (box office and resellers hold through
 * their own routers): the event's waiting room, when on, must have let this buyer in (decision
 * 033), and the client's hold limits (decision 011). Returns the client the hold is counted for.
 */
async function gateOnlineHold(
  ctx: Context,
  input: { scopeId: string; cart: unknown; admission?: string | undefined },
  places: number,
): Promise<HoldClient> {
  const scope = await loadScope(ctx.database.db, input.scopeId);
  if (scope) await assertAdmitted(ctx.database.db, { event: scope.event, token: input.admission });
  const client = { address: ctx.ip, device: ctx.device };
  await ctx.holdLimits.assertAllowed(ctx.database.seats, client, { newCart: input.cart === null, places });
  return client;
}

/**
 * The public shop (SPEC §2 /event/{id}, /event-dates/{id}). Holds and releases are meant to
 * travel over the buyer's open WebSocket (wsLink); they work over HTTP too.
 */
export const shopRouter = router({
  event: viewerProcedure
    .input(z.object({ eventId: z.uuid(), access: z.string().max(100).optional() }))
    .output(ZShopEventOutput)
    .query(({ ctx, input }) => publicEvent(ctx.database.db, { ...input, previewOrganiserId: ctx.previewOrganiserId, appSecret: ctx.config.APP_SECRET })),

  organiserEvents: publicProcedure
    .input(z.object({ organiserId: z.uuid() }))
    .output(ZOrganiserEventsOutput)
    .query(({ ctx, input }) => organiserEvents(ctx.database.db, input)),

  scope: viewerProcedure
    .input(ZShopScope)
    .output(ZShopScopeOutput)
    .query(({ ctx, input }) =>
      publicScope(ctx.database.db, { ...input, previewOrganiserId: ctx.previewOrganiserId, appSecret: ctx.config.APP_SECRET, holdTtlSeconds: ctx.config.HOLD_TTL_SECONDS }),
    ),

  unlock: rateLimitedProcedure(ZUnlockInput, (input, { ip }) => [{ key: `access:${input.eventId}:${ip}`, limit: 10, windowSeconds: 15 * 60 }])
    .mutation(({ ctx, input }) => unlock(ctx.database.db, { ...input, previewOrganiserId: ctx.previewOrganiserId, appSecret: ctx.config.APP_SECRET })),

  hold: publicProcedure.input(ZHoldInput).mutation(async ({ ctx, input }) => {
    const places = input.seats.length + input.counts.reduce((n, c) => n + c.quantity, 0);
    return hold(ctx, input, await gateOnlineHold(ctx, input, places));
  }),

  holdBest: publicProcedure.input(ZHoldBestInput).mutation(async ({ ctx, input }) => {
    return holdBest(ctx, input, await gateOnlineHold(ctx, input, input.quantity));
  }),

  release: publicProcedure.input(ZReleaseInput).mutation(({ ctx, input }) => release(ctx, input)),

  extend: publicProcedure.input(z.object({ cart: ZCartCredentials })).mutation(({ ctx, input }) => extend(ctx, input.cart)),

  cart: publicProcedure
    .input(z.object({ cart: ZCartCredentials }))
    .output(ZCartOutput)
    .query(({ ctx, input }) => readCart(ctx, input.cart)),

  /** A voucher code at checkout (decision 020): reserves one use for the cart, or says why not. */
  applyVoucher: rateLimitedProcedure(ZApplyVoucherInput, (_input, { ip }) => [voucherAttemptRule(ip)])
    .mutation(({ ctx, input }) => applyVoucher(ctx, input)),
  removeVoucher: publicProcedure.input(ZRemoveVoucherInput).mutation(({ ctx, input }) => removeVoucher(ctx, input)),

  /**
   * The live seat map of a date or season: a snapshot, then numbered deltas (one per
   * announcement tick). After a reconnect, or when this watcher fell behind, a new snapshot.
   */
  watch: publicProcedure.input(ZWatchInput).subscription(async function* ({ ctx, input, signal }) {
    // Counted before any work: a socket with too many maps, or an address starting too many, is refused.
    const release = ctx.sockets.startSubscription(ctx.socket ?? null, ctx.ip);
    try {
      const scope = await loadScope(ctx.database.db, input.scopeId);
      const unpublished = !scope || isUnpublished(scope.event.status);
      if (unpublished) throw new AppError("NOT_FOUND", { field: "scopeId" });
      if (!hasAccess(ctx.config.APP_SECRET, scope.event, input.access)) throw new AppError("ACCESS_CODE_INVALID", { field: "access" });

      yield* ctx.socket ? socketFeed(ctx, scope, ctx.socket, signal) : queuedFeed(ctx, scope, signal);
    } finally {
      release();
    }
  }),
});
