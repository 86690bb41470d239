import { organiserProcedure, router } from "../../../trpc/init";
import { listPlatformInvoices } from "../invoices";

/** Profile tab "invoices": the platform's invoices to the organiser (each PDF: GET /api/account/invoices/{id}.pdf). */
export const invoicesRouter = router({
  list: organiserProcedure("orgProfileAccess").query(({ ctx }) => listPlatformInvoices(ctx.database.db, ctx.organiserId)),
});
