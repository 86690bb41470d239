import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { AreaShell, type AreaNavItem } from "../../layout/AreaShell";

const DashboardHome = lazy(() => import("./home"));
const NotFoundInArea = lazy(() => import("./not-found"));

/**
 * /dashboard/*: the organiser dashboard. The sidebar lists an entry only once its area exists
 * (SPEC §2 sidebar order: Dashboard, My Events, Seasons, Stadiums, ...).
 */
export default function DashboardArea() {
  const { t } = useLingui();
  const nav: AreaNavItem[] = [{ href: "/", label: t`Dashboard` }];
  return (
    <AreaShell title={t`Organiser dashboard`} nav={nav}>
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={DashboardHome} />
          <Route component={NotFoundInArea} />
        </Switch>
      </Suspense>
    </AreaShell>
  );
}
