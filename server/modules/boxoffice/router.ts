import { z } from "zod";
import {
  ZBoxOfficeEventRef,
  ZBoxOfficeScopeRef,
  ZCloseShiftInput,
  ZCounterVoucherInput,
  ZOpenShiftInput,
  ZSaleRef,
  ZSellInput,
  ZShiftListInput,
  ZShiftRef,
  ZUpdateBoxOfficeInput,
} from "../../../shared/schemas/boxoffice";
import { ZCartCredentials, ZHoldBestInput, ZHoldInput, ZReleaseInput } from "../../../shared/schemas/shop";
import { ZCartOutput } from "../../../shared/schemas/shop-output";
import { organiserProcedure, router } from "../../trpc/init";
import { extend, hold, holdBest, readCart, release } from "../shop/holds";
import { counterChannel, counterDates, counterView } from "./scope";
import { checkVoucherAtCounter } from "../vouchers/apply";
import { sell } from "./sell";
import { readBoxOfficeSettings, updateBoxOfficeSettings } from "./settings";
import { cancelSale, closeShift, currentShift, listShifts, openShift, shiftDetail } from "./shifts";

/**
 * The box office (issue 17, decision 017). showBoxoffice works the counter: its dates, holds
 * (the shop's holds with channel "boxoffice"), sales and the cashier's shifts; updateBoxoffice
 * sets an event's fee and print format and may work the counter too. Every query filters by the
 * caller's organiser: another organiser's event, date, cart scope, shift or sale is NOT_FOUND.
 * The counter's tickets PDF is GET /api/boxoffice/orders/{orderId}/tickets.pdf, a shift's
 * Z-report GET /api/boxoffice/shifts/{shiftId}/report.pdf?lang=de|en.
 */
const counter = organiserProcedure("showBoxoffice", "updateBoxoffice");
const setup = organiserProcedure("updateBoxoffice");
const who = (ctx: { organiserId: string; user: { id: string } }) => ({ organiserId: ctx.organiserId, userId: ctx.user.id });

export const boxOfficeRouter = router({
  settings: counter.input(ZBoxOfficeEventRef).query(({ ctx, input }) => readBoxOfficeSettings(ctx.database.db, ctx.organiserId, input.eventId)),
  updateSettings: setup.input(ZUpdateBoxOfficeInput).mutation(({ ctx, input }) => updateBoxOfficeSettings(ctx.database.db, ctx.organiserId, input)),

  /** The dates the counter can sell now (optionally of one event: the event dashboard's button). */
  dates: counter.input(z.object({ eventId: z.uuid().optional() }).optional()).query(({ ctx, input }) => counterDates(ctx, ctx.organiserId, input?.eventId)),
  /** One date at the counter: plan, every category with its state, fee, print format, watch access. */
  scope: counter.input(ZBoxOfficeScopeRef).query(({ ctx, input }) => counterView(ctx, ctx.organiserId, input.scopeId)),

  hold: counter.input(ZHoldInput).mutation(async ({ ctx, input }) => hold(ctx, input, null, await counterChannel(ctx, ctx.organiserId, input.scopeId))),
  holdBest: counter.input(ZHoldBestInput).mutation(async ({ ctx, input }) => holdBest(ctx, input, null, await counterChannel(ctx, ctx.organiserId, input.scopeId))),
  release: counter.input(ZReleaseInput).mutation(({ ctx, input }) => release(ctx, input)),
  extend: counter.input(z.object({ cart: ZCartCredentials })).mutation(({ ctx, input }) => extend(ctx, input.cart)),
  cart: counter.input(z.object({ cart: ZCartCredentials })).output(ZCartOutput).query(({ ctx, input }) => readCart(ctx, input.cart)),

  /** A voucher handed over, checked against the sale's tickets (nothing reserved; the sale redeems it). */
  checkVoucher: counter.input(ZCounterVoucherInput).query(({ ctx, input }) => checkVoucherAtCounter(ctx, ctx.organiserId, input)),
  sell: counter.input(ZSellInput).mutation(({ ctx, input }) => sell(ctx, who(ctx), input)),
  cancelSale: counter.input(ZSaleRef).mutation(({ ctx, input }) => cancelSale(ctx, who(ctx), input.orderId)),

  currentShift: counter.query(({ ctx }) => currentShift(ctx, who(ctx))),
  openShift: counter.input(ZOpenShiftInput).mutation(({ ctx, input }) => openShift(ctx, who(ctx), input.startingCashCents)),
  closeShift: counter.input(ZCloseShiftInput).mutation(({ ctx, input }) => closeShift(ctx, who(ctx), input)),
  shift: counter.input(ZShiftRef).query(({ ctx, input }) => shiftDetail(ctx, who(ctx), input.shiftId)),
  shifts: counter.input(ZShiftListInput).query(({ ctx, input }) => listShifts(ctx, who(ctx), input)),
});
