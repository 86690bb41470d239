import { ZContactInput } from "../../../shared/schemas/contact";
import { rateLimitedProcedure, router } from "../../trpc/init";
import { submitContactRequest } from "./service";

export const contactRouter = router({
  submit: rateLimitedProcedure(ZContactInput, (_, { ip }) => [{ key: `contact:ip:${ip}`, limit: 5, windowSeconds: 3600 }]).mutation(async ({ ctx, input }) => {
    await submitContactRequest(ctx.database.db, input);
    return { ok: true as const };
  }),
});
