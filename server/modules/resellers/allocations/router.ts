import { z } from "zod";
import { ZAllocateInput, ZAllocationListInput, ZAllocationReturnAt, ZAllocationReturnInput } from "../../../../shared/schemas/resellers";
import { ownerProcedure, router } from "../../../trpc/init";
import { allocate, returnAllocation, setReturnAt } from "../allocations";
import { allocationDates, allocationDateView } from "../allocation-views";
import { allocationSummaries } from "../views";

/**
 * The organiser's allocations to resellers (issue 21, decision 022; the account owner, like
 * resellers themselves). Another organiser's reseller, date or allocation is NOT_FOUND.
 */
export const allocationsRouter = router({
  dates: ownerProcedure.query(({ ctx }) => allocationDates(ctx.database.db, ctx.organiserId)),
  date: ownerProcedure.input(z.object({ eventDateId: z.uuid() })).query(({ ctx, input }) => allocationDateView(ctx, ctx.organiserId, input.eventDateId)),
  list: ownerProcedure.input(ZAllocationListInput).query(({ ctx, input }) => allocationSummaries(ctx.database.db, { organiserId: ctx.organiserId, ...input })),
  allocate: ownerProcedure.input(ZAllocateInput).mutation(({ ctx, input }) => allocate(ctx, ctx.organiserId, input)),
  returnUnsold: ownerProcedure.input(ZAllocationReturnInput).mutation(({ ctx, input }) => returnAllocation(ctx, ctx.organiserId, input)),
  setReturnAt: ownerProcedure.input(ZAllocationReturnAt).mutation(({ ctx, input }) => setReturnAt(ctx, ctx.organiserId, input)),
});
