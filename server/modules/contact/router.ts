import { ZContactInput } from "../../../shared/schemas/contact";
import { consumeRateLimits } from "../../lib/rate-limit";
import { publicProcedure, router } from "../../trpc/init";
import { submitContactRequest } from "./service";

export const contactRouter = router({
  submit: publicProcedure.input(ZContactInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimits(ctx.database, [{ key: `contact:ip:${ctx.ip}`, limit: 5, windowSeconds: 3600 }]);
    await submitContactRequest(ctx.database.db, input);
    return { ok: true as const };
  }),
});
