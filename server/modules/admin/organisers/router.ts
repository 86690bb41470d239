import { adminProcedure, router } from "../../../trpc/init";
import { listOrganisers } from "../service";

/** admin.organisers.*: the organisers' list and detail, plans, contingents, accounts (issue 23 item 1). */
export const adminOrganisersRouter = router({
  list: adminProcedure.query(({ ctx }) => listOrganisers(ctx.database.db)),
});
