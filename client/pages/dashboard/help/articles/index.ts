import deFirstSteps from "./de/first-steps";
import deEventsAndSeasons from "./de/events-and-seasons";
import deSeatingPlans from "./de/seating-plans";
import deBoxOffice from "./de/box-office";
import deCheckIn from "./de/check-in";
import deVouchers from "./de/vouchers";
import deResellers from "./de/resellers";
import deOrders from "./de/orders";
import deReports from "./de/reports";
import deWallet from "./de/wallet";
import deTeamRights from "./de/team-rights";
import enFirstSteps from "./en/first-steps";
import enEventsAndSeasons from "./en/events-and-seasons";
import enSeatingPlans from "./en/seating-plans";
import enBoxOffice from "./en/box-office";
import enCheckIn from "./en/check-in";
import enVouchers from "./en/vouchers";
import enResellers from "./en/resellers";
import enOrders from "./en/orders";
import enReports from "./en/reports";
import enWallet from "./en/wallet";
import enTeamRights from "./en/team-rights";
import type { HelpArticle, HelpLanguage } from "./types";

/** Every article in both languages, in the order the help centre lists them (HELP_SLUGS). */
export const HELP_ARTICLES: Record<HelpLanguage, HelpArticle[]> = {
  de: [deFirstSteps, deEventsAndSeasons, deSeatingPlans, deBoxOffice, deCheckIn, deVouchers, deResellers, deOrders, deReports, deWallet, deTeamRights],
  en: [enFirstSteps, enEventsAndSeasons, enSeatingPlans, enBoxOffice, enCheckIn, enVouchers, enResellers, enOrders, enReports, enWallet, enTeamRights],
};
