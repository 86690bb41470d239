import { organiserProcedure, router } from "../../trpc/init";
import { calendarDates, dashboardHome, ZCalendarInput, ZHomeInput } from "./home";

/** The dashboard home (issue 22 item 1, decision 023): viewMainDashboard reads it. */
const viewer = organiserProcedure("viewMainDashboard");

export const dashboardRouter = router({
  home: viewer.input(ZHomeInput).query(({ ctx, input }) => dashboardHome(ctx.database.db, ctx.organiserId, input.period)),
  calendar: viewer.input(ZCalendarInput).query(({ ctx, input }) => calendarDates(ctx.database.db, ctx.organiserId, input.month)),
});
