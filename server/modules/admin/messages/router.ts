import { z } from "zod";
import { adminProcedure, router } from "../../../trpc/init";
import { listMessages, readMessage, setMessageHandled } from "./service";

/** admin.messages.*: the home page's contact-form messages (issue 23 item 4). */
export const adminMessagesRouter = router({
  list: adminProcedure
    .input(
      z.strictObject({
        state: z.enum(["open", "handled", "all"]).default("open"),
        search: z.string().max(200).nullable().default(null),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(10).max(100).default(25),
      }),
    )
    .query(({ ctx, input }) => listMessages(ctx.database.db, input)),
  /** The whole message; the first read marks it read. */
  read: adminProcedure.input(z.strictObject({ messageId: z.uuid() })).mutation(({ ctx, input }) => readMessage(ctx.database.db, { messageId: input.messageId, adminId: ctx.user.id })),
  setHandled: adminProcedure
    .input(z.strictObject({ messageId: z.uuid(), handled: z.boolean() }))
    .mutation(({ ctx, input }) => setMessageHandled(ctx.database.db, { ...input, adminId: ctx.user.id })),
});
