import { Route, Switch } from "wouter";
import HelpArticlePage from "./article";
import HelpHome from "./home";

/** /dashboard/help/*: the help centre for organisers and team members (issue 24 item 7). */
export default function HelpArea() {
  return (
    <Switch>
      <Route path="/" component={HelpHome} />
      <Route path="/:slug" component={HelpArticlePage} />
    </Switch>
  );
}
