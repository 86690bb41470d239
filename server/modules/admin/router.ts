import { adminProcedure, router } from "../../trpc/init";
import { countUsersByRole, listOrganisers } from "./service";

export const adminRouter = router({
  organisers: adminProcedure.query(({ ctx }) => listOrganisers(ctx.database.db)),
  userCounts: adminProcedure.query(({ ctx }) => countUsersByRole(ctx.database.db)),
});
