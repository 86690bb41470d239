import { authed, router } from "../../../trpc/init";
import { getTutorialState, markTutorialSeen, restartTutorial } from "../tutorial";

/** The dashboard's guided tour (SPEC §2 tutorial-mode prompt), per signed-in user. */
export const tutorialRouter = router({
  state: authed.query(({ ctx }) => getTutorialState(ctx.database.db, { userId: ctx.user.id })),
  markSeen: authed.mutation(({ ctx }) => markTutorialSeen(ctx.database.db, { userId: ctx.user.id })),
  restart: authed.mutation(({ ctx }) => restartTutorial(ctx.database.db, { userId: ctx.user.id })),
});
