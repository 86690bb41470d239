import { z } from "zod";
import { organiserProcedure, router } from "../../../trpc/init";
import { deleteDocument, getDocumentsOverview } from "../documents";

/** The documents tab (decision 013: orgProfileAccess). Uploads go over multipart: POST /api/account/documents. */
export const documentsRouter = router({
  overview: organiserProcedure("orgProfileAccess").query(({ ctx }) => getDocumentsOverview(ctx.database.db, ctx.organiserId)),
  delete: organiserProcedure("orgProfileAccess")
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) =>
      deleteDocument(ctx.database.db, { organiserId: ctx.organiserId, uploadDir: ctx.config.UPLOAD_DIR, documentId: input.id }),
    ),
});
