import { canActForOrganiser } from "../../../shared/permissions";
import {
  ZJoinWaitingRoomInput,
  ZJoinWaitingRoomOutput,
  ZSaveWaitingRoomInput,
  ZWaitingRoomEventRef,
  ZWaitingRoomSettingsOutput,
  ZWaitingRoomStatus,
  ZWaitingRoomStatusInput,
} from "../../../shared/schemas/waiting-room";
import { organiserProcedure, publicProcedure, router } from "../../trpc/init";
import { joinWaitingRoom, waitingRoomStatus } from "./queue";
import { readWaitingRoomSettings, saveWaitingRoomSettings } from "./settings";

/** Who may see and change an event's waiting room: whoever may edit the event's other settings. */
const eventEditors = organiserProcedure("createEvent", "updateEvent");

/**
 * The on-sale waiting room (issue 25 item 5, decision 033). Buyers (and load generators) join an
 * event's room, keep the token, poll `status` until it says `admitted`, then send the token as
 * `admission` with shop.hold / shop.holdBest (the gate is in the shop router).
 */
export const waitingRoomRouter = router({
  join: publicProcedure
    .input(ZJoinWaitingRoomInput)
    .output(ZJoinWaitingRoomOutput)
    .mutation(({ ctx, input }) => joinWaitingRoom(ctx, { eventId: input.eventId, token: input.token, ip: ctx.ip })),

  status: publicProcedure
    .input(ZWaitingRoomStatusInput)
    .output(ZWaitingRoomStatus)
    .query(({ ctx, input }) => waitingRoomStatus(ctx, input)),

  settings: eventEditors
    .input(ZWaitingRoomEventRef)
    .output(ZWaitingRoomSettingsOutput)
    .query(({ ctx, input }) => readWaitingRoomSettings(ctx.database.db, ctx.organiserId, input.eventId)),

  saveSettings: eventEditors
    .input(ZSaveWaitingRoomInput)
    .output(ZWaitingRoomSettingsOutput)
    .mutation(({ ctx, input }) =>
      saveWaitingRoomSettings(ctx, { organiserId: ctx.organiserId, userId: ctx.user.id, rights: { canUpdate: canActForOrganiser(ctx.user, ["updateEvent"]) } }, input),
    ),
});
