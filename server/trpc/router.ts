import { accountRouter } from "../modules/account/router";
import { boxOfficeRouter } from "../modules/boxoffice/router";
import { adminRouter } from "../modules/admin/router";
import { authRouter } from "../modules/auth/router";
import { contactRouter } from "../modules/contact/router";
import { dashboardRouter } from "../modules/dashboard/router";
import { eventsRouter } from "../modules/events/router";
import { resellersRouter } from "../modules/resellers/router";
import { allocationsRouter } from "../modules/resellers/allocations/router";
import { resellerManageRouter } from "../modules/resellers/manage/router";
import { ordersRouter } from "../modules/orders/router";
import { hardTicketsRouter } from "../modules/print/activation/router";
import { organiserOrdersRouter } from "../modules/orders/organiser/router";
import { printRouter } from "../modules/print/router";
import { reportExportsRouter } from "../modules/reports/exports/router";
import { reportsRouter } from "../modules/reports/router";
import { sponsorsRouter } from "../modules/print/sponsors/router";
import { seatingRouter } from "../modules/seating/router";
import { shopRouter } from "../modules/shop/router";
import { stadiumsRouter } from "../modules/stadiums/router";
import { staffRouter } from "../modules/staff/router";
import { ticketsRouter } from "../modules/tickets/router";
import { myTicketsRouter } from "../modules/tickets/overview/router";
import { vouchersRouter } from "../modules/vouchers/router";
import { walletRouter } from "../modules/wallet/router";
import { waitingRoomRouter } from "../modules/waiting-room/router";
import { router } from "./init";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  admin: adminRouter,
  resellers: resellersRouter,
  allocations: allocationsRouter,
  resellerManage: resellerManageRouter,
  staff: staffRouter,
  contact: contactRouter,
  events: eventsRouter,
  tickets: ticketsRouter,
  stadiums: stadiumsRouter,
  seating: seatingRouter,
  shop: shopRouter,
  orders: ordersRouter,
  organiserOrders: organiserOrdersRouter,
  boxOffice: boxOfficeRouter,
  vouchers: vouchersRouter,
  sponsors: sponsorsRouter,
  print: printRouter,
  hardTickets: hardTicketsRouter,
  dashboard: dashboardRouter,
  reportExports: reportExportsRouter,
  reports: reportsRouter,
  myTickets: myTicketsRouter,
  wallet: walletRouter,
  waitingRoom: waitingRoomRouter,
});

export type AppRouter = typeof appRouter;
