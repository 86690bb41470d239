import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageLoader } from "../../components/PageLoader";
import { AreaShell } from "../../layout/AreaShell";
import { AreaNotFound } from "../../layout/AreaShell/AreaNotFound";

const AdminVerification = lazy(() => import("./verification"));
const AdminWithdrawals = lazy(() => import("./withdrawals"));
const AdminAudit = lazy(() => import("./audit"));
const AdminOrganisers = lazy(() => import("./organisers"));
const AdminOrganiserDetail = lazy(() => import("./organiser-detail"));
const AdminFigures = lazy(() => import("./figures"));
const AdminMessages = lazy(() => import("./messages"));

/** /admin-dashboard/*: the administrator's area. */
export default function AdminArea() {
  const { t } = useLingui();
  return (
    <AreaShell
      title={t`Admin dashboard`}
      nav={[
        { href: "/", label: t`Overview` },
        { href: "/organisers", label: t`Organisers` },
        { href: "/verification", label: t`Verification` },
        { href: "/withdrawals", label: t`Withdrawals` },
        { href: "/messages", label: t`Messages` },
        { href: "/audit", label: t`Audit log` },
      ]}
    >
      <Suspense fallback={<PageLoader />}>
        <Switch>
          <Route path="/" component={AdminFigures} />
          <Route path="/organisers" component={AdminOrganisers} />
          <Route path="/organisers/:organiserId" component={AdminOrganiserDetail} />
          <Route path="/verification" component={AdminVerification} />
          <Route path="/withdrawals" component={AdminWithdrawals} />
          <Route path="/messages" component={AdminMessages} />
          <Route path="/audit" component={AdminAudit} />
          <Route component={AreaNotFound} />
        </Switch>
      </Suspense>
    </AreaShell>
  );
}
