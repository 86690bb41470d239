import { Alert } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Redirect, Route, Switch } from "wouter";
import { AreaNotFound } from "../../../layout/AreaShell/AreaNotFound";
import { useUserInfo } from "../../../lib/session";
import { ActivationPage } from "./activation";
import { PrintingPage } from "./printing";
import { printAreaRights } from "./rights";
import { SponsorsPage } from "./sponsors";

/**
 * /dashboard/print/*: the print area (printAreaAccess, issue 20), the sidebar's "Print area"
 * group: Printing (hard ticket runs), Activation (scanning printed tickets), Sponsors (logos).
 */
export default function PrintArea() {
  const info = useUserInfo();
  if (!printAreaRights(info?.user).area) {
    return (
      <Alert color="yellow">
        <Trans>Your team account does not have the right to use the print area. Ask the organiser to grant it.</Trans>
      </Alert>
    );
  }
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/printing" replace />
      </Route>
      <Route path="/printing" component={PrintingPage} />
      <Route path="/activation" component={ActivationPage} />
      <Route path="/sponsors" component={SponsorsPage} />
      <Route component={AreaNotFound} />
    </Switch>
  );
}
