import { z } from "zod";
import { adminProcedure, router } from "../../../trpc/init";
import { countUsersByRole } from "../service";
import { PLATFORM_PERIODS, platformFigures } from "./figures";

/** admin.figures.*: the platform's figures per period (issue 23 item 3). */
export const adminFiguresRouter = router({
  userCounts: adminProcedure.query(({ ctx }) => countUsersByRole(ctx.database.db)),
  platform: adminProcedure
    .input(z.strictObject({ period: z.enum(PLATFORM_PERIODS).default("30d") }))
    .query(({ ctx, input }) => platformFigures(ctx.database.db, input.period)),
});
