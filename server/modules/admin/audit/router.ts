import { z } from "zod";
import { adminProcedure, router } from "../../../trpc/init";
import { listAdminActions } from "./log";

/** The admin audit log (issue 23 item 5): readable and filterable by admins only. */
export const adminAuditRouter = router({
  list: adminProcedure
    .input(
      z.strictObject({
        action: z.string().max(60).nullable().default(null),
        targetType: z.string().max(40).nullable().default(null),
        targetId: z.string().max(100).nullable().default(null),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(10).max(100).default(50),
      }),
    )
    .query(({ ctx, input }) => listAdminActions(ctx.database.db, input)),
});
