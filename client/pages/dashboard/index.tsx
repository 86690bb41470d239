import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { canActForOrganiser, isAccountOwner, type Permission } from "../../../shared/permissions";
import { boxOfficeRights } from "./boxoffice/rights";
import { printAreaRights } from "./print/rights";
import { voucherRights } from "./vouchers/rights";
import { AreaShell, type AreaNavItem } from "../../layout/AreaShell";
import { AreaNotFound } from "../../layout/AreaShell/AreaNotFound";
import { useUserInfo } from "../../lib/session";
import { mayOpenProfileArea } from "./profile/tabs";
import { DashboardTour } from "../../components/Tour";

const DashboardHome = lazy(() => import("./home"));
const EventsArea = lazy(() => import("./events"));
const StadiumsArea = lazy(() => import("./stadiums"));
const OrdersArea = lazy(() => import("./orders"));
const VouchersArea = lazy(() => import("./vouchers"));
const BoxOfficeArea = lazy(() => import("./boxoffice"));
const PrintArea = lazy(() => import("./print"));
const ProfileArea = lazy(() => import("./profile"));
const StaffArea = lazy(() => import("./staff"));
const ResellersArea = lazy(() => import("./resellers"));
const MyTicketsArea = lazy(() => import("./tickets"));
const ReportsArea = lazy(() => import("./reports"));
const WalletArea = lazy(() => import("./wallet"));
const HelpArea = lazy(() => import("./help"));

/**
 * /dashboard/*: the organiser dashboard. The sidebar lists an entry only once its area exists
 * (SPEC §2 sidebar order: Dashboard, My Events, Seasons, Stadiums, ...).
 */
export default function DashboardArea() {
  const { t } = useLingui();
  const info = useUserInfo();
  const can = (p: Permission) => canActForOrganiser(info?.user, [p]);
  const canEvents = can("createEvent") || can("updateEvent");
  const canStadiums = can("seatingPlansView") || can("seatingPlansUpdate");
  const canOrders = can("viewOrders") || can("updateOrderDate");
  const canBoxOffice = boxOfficeRights(info?.user).counter;
  const canVouchers = voucherRights(info?.user).area;
  const canPrint = printAreaRights(info?.user).area;
  const canTickets = can("createTickets") || can("updateTickets");
  const nav: AreaNavItem[] = [
    { href: "/", label: t`Dashboard` },
    ...(canEvents
      ? [
          { href: "/events", label: t`My Events` },
          { href: "/seasons", label: t`Seasons` },
        ]
      : []),
    ...(canStadiums ? [{ href: "/stadiums", label: t`Stadiums` }] : []),
    ...(canTickets ? [{ href: "/tickets", label: t`My Tickets` }] : []),
    // Owner only, like team management (decision 019).
    ...(isAccountOwner(info?.user)
      ? [
          { href: "/resellers", label: t`Resellers` },
          { href: "/event-staff", label: t`Event Staff` },
        ]
      : []),
    ...(canVouchers ? [{ href: "/vouchers", label: t`Discount` }] : []),
    ...(canOrders ? [{ href: "/orders", label: t`Orders` }] : []),
    ...(can("reportAreaAccess") ? [{ href: "/reports", label: t`Report` }] : []),
    ...(can("walletAccess") ? [{ href: "/wallet", label: t`Wallet` }] : []),
    ...(canBoxOffice ? [{ href: "/boxoffice", label: t`Box office` }] : []),
    ...(canPrint
      ? [
          {
            href: "/print",
            label: t`Print area`,
            children: [
              { href: "/print/printing", label: t`Printing` },
              { href: "/print/activation", label: t`Activation` },
              { href: "/print/sponsors", label: t`Sponsors` },
            ],
          },
        ]
      : []),
    ...(mayOpenProfileArea(info?.user) ? [{ href: "/profile", label: t`My account` }] : []),
    // Every organiser and team member (SPEC §2: Help, then Logout).
    { href: "/help", label: t`Help` },
  ];
  return (
    <AreaShell title={t`Organiser dashboard`} nav={nav}>
      <DashboardTour />
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={DashboardHome} />
          <Route path="/events" nest>
            <EventsArea kind="event" />
          </Route>
          <Route path="/seasons" nest>
            <EventsArea kind="season" />
          </Route>
          <Route path="/stadiums" nest>
            <StadiumsArea />
          </Route>
          <Route path="/resellers" nest>
            <ResellersArea />
          </Route>
          <Route path="/event-staff" component={StaffArea} />
          <Route path="/vouchers" component={VouchersArea} />
          <Route path="/orders" component={OrdersArea} />
          <Route path="/tickets" nest>
            <MyTicketsArea />
          </Route>
          <Route path="/reports" nest>
            <ReportsArea />
          </Route>
          <Route path="/wallet" nest>
            <WalletArea />
          </Route>
          <Route path="/boxoffice" nest>
            <BoxOfficeArea />
          </Route>
          <Route path="/print" nest>
            <PrintArea />
          </Route>
          <Route path="/profile" nest>
            <ProfileArea />
          </Route>
          <Route path="/help" nest>
            <HelpArea />
          </Route>
          <Route component={AreaNotFound} />
        </Switch>
      </Suspense>
    </AreaShell>
  );
}
