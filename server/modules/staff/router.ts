import { ZCheckinScan, ZCheckinSearch, ZCheckinSync, ZCheckinUndo, ZCheckinUpload } from "../../../shared/schemas/checkin";
import { agentProcedure, router } from "../../trpc/init";
import { scanAtDoor, undoCheckin } from "./checkin";
import { staffHome } from "./gate";
import { manageRouter } from "./manage-router";
import { searchTickets, syncTickets, uploadScans } from "./sync";

/**
 * Event staff (issue 18): the organiser manages them (`manage`), and they check people in at the
 * door of their one event (`home`, `checkin`; decision 018): their own event's dates only.
 */
export const staffRouter = router({
  /** The agent's own home: name, organiser, the event they are assigned to, its dates and the code key. */
  home: agentProcedure.query(({ ctx }) => staffHome(ctx, ctx.user)),
  manage: manageRouter,
  checkin: router({
    scan: agentProcedure.input(ZCheckinScan).mutation(({ ctx, input }) => scanAtDoor(ctx, ctx.user, input)),
    undo: agentProcedure.input(ZCheckinUndo).mutation(({ ctx, input }) => undoCheckin(ctx, ctx.user, input)),
    sync: agentProcedure.input(ZCheckinSync).query(({ ctx, input }) => syncTickets(ctx, ctx.user, input)),
    search: agentProcedure.input(ZCheckinSearch).query(({ ctx, input }) => searchTickets(ctx, ctx.user, input)),
    upload: agentProcedure.input(ZCheckinUpload).mutation(({ ctx, input }) => uploadScans(ctx, ctx.user, input)),
  }),
});
