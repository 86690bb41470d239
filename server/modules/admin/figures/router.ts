import { adminProcedure, router } from "../../../trpc/init";
import { countUsersByRole } from "../service";

/** admin.figures.*: the platform's figures per period (issue 23 item 3). */
export const adminFiguresRouter = router({
  userCounts: adminProcedure.query(({ ctx }) => countUsersByRole(ctx.database.db)),
});
