import { useLingui } from "@lingui/react/macro";
import { Route, Switch } from "wouter";
import { AreaShell } from "../../layout/AreaShell";
import { AreaNotFound } from "../../layout/AreaShell/AreaNotFound";
import { ResellerOrders } from "./orders";
import { ResellerOverview } from "./overview";
import { SellPage } from "./sell";

/** /reseller-dash/*: the reseller's area (issue 21): its allocations and figures, selling from an allocation, its orders. */
export default function ResellerArea() {
  const { t } = useLingui();
  return (
    <AreaShell
      title={t`Reseller dashboard`}
      nav={[
        { href: "/", label: t`Overview` },
        { href: "/orders", label: t`Orders` },
      ]}
    >
      <Switch>
        <Route path="/" component={ResellerOverview} />
        <Route path="/sell/:allocationId">{(params) => <SellPage key={params.allocationId} allocationId={params.allocationId} />}</Route>
        <Route path="/orders" component={ResellerOrders} />
        <Route component={AreaNotFound} />
      </Switch>
    </AreaShell>
  );
}
