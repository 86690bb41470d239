import { usePrefetchQuery } from "@tanstack/react-query";
import { lazy } from "react";
import { Route, Switch, useParams } from "wouter";
import { useTRPC } from "../../../lib/trpc";

const StadiumList = lazy(() => import("./list"));
const StadiumEditor = lazy(() => import("./editor"));

/** Starts loading the template while the editor's code is still on its way (no waterfall). */
function ExistingStadium() {
  const { id = "" } = useParams<{ id: string }>();
  const trpc = useTRPC();
  usePrefetchQuery(trpc.stadiums.get.queryOptions({ id }));
  return <StadiumEditor />;
}

/**
 * /dashboard/stadiums/*: the template list (/), a new template (/new) and the editor of one
 * (/:id). Mount it with `<Route path="/stadiums" nest>` in the dashboard.
 */
export default function StadiumsArea() {
  return (
    <Switch>
      <Route path="/" component={StadiumList} />
      <Route path="/new" component={StadiumEditor} />
      <Route path="/:id" component={ExistingStadium} />
    </Switch>
  );
}
