import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageLoader } from "./components/PageLoader";
import { ProtectedRoute } from "./components/ProtectedRoute";
import { ErrorBoundary } from "./layout/ErrorBoundary";

// Every page is loaded on demand (SPEC §1) and shows "Loading..." meanwhile.
const HomePage = lazy(() => import("./pages/home"));
const PricingPage = lazy(() => import("./pages/pricing"));
const FaqPage = lazy(() => import("./pages/faq"));
const ImprintPage = lazy(() => import("./pages/legal/imprint"));
const PrivacyPage = lazy(() => import("./pages/legal/privacy"));
const TermsPage = lazy(() => import("./pages/legal/terms"));
const ActivationSuccessPage = lazy(() => import("./pages/auth/activation-success"));
const ActivationErrorPage = lazy(() => import("./pages/auth/activation-error"));
const ResetPasswordPage = lazy(() => import("./pages/auth/reset-password"));
const ConfirmEmailPage = lazy(() => import("./pages/auth/confirm-email"));
const ProfilePage = lazy(() => import("./pages/profile"));
const DashboardArea = lazy(() => import("./pages/dashboard"));
const AdminArea = lazy(() => import("./pages/admin"));
const ResellerArea = lazy(() => import("./pages/reseller"));
const StaffLoginPage = lazy(() => import("./pages/staff/login"));
const StaffHomePage = lazy(() => import("./pages/staff/home"));
const NotFoundPage = lazy(() => import("./pages/not-found"));
const PublicEventPage = lazy(() => import("./pages/shop/event"));
const EventDatePage = lazy(() => import("./pages/shop/event-date"));
const CheckoutPage = lazy(() => import("./pages/checkout"));
const TestPaymentPage = lazy(() => import("./pages/test-payment"));
const SuccessfulPage = lazy(() => import("./pages/successful"));
const TicketsViewPage = lazy(() => import("./pages/tickets-view"));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/pricing" component={PricingPage} />
        <Route path="/faq" component={FaqPage} />
        <Route path="/impressum" component={ImprintPage} />
        <Route path="/datenschutz" component={PrivacyPage} />
        <Route path="/agb" component={TermsPage} />
        <Route path="/activation-success" component={ActivationSuccessPage} />
        <Route path="/activation-error" component={ActivationErrorPage} />
        <Route path="/auth/reset-password/:token" component={ResetPasswordPage} />
        <Route path="/auth/confirm-email/:token" component={ConfirmEmailPage} />
        <Route path="/profile/:id" component={ProfilePage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/test-payment/:id" component={TestPaymentPage} />
        <Route path="/successful" component={SuccessfulPage} />
        <Route path="/event/:id/tickets-view" component={TicketsViewPage} />
        <Route path="/event-dates/:id/tickets-view" component={TicketsViewPage} />
        <Route path="/event/:id" component={PublicEventPage} />
        <Route path="/event-dates/:id" component={EventDatePage} />
        <Route path="/dashboard" nest>
          <ProtectedRoute roles={["organiser", "team_member"]}>
            <ErrorBoundary>
              <DashboardArea />
            </ErrorBoundary>
          </ProtectedRoute>
        </Route>
        <Route path="/admin-dashboard" nest>
          <ProtectedRoute roles={["admin"]}>
            <AdminArea />
          </ProtectedRoute>
        </Route>
        <Route path="/reseller-dash" nest>
          <ProtectedRoute roles={["reseller"]}>
            <ResellerArea />
          </ProtectedRoute>
        </Route>
        <Route path="/event-staff/login" component={StaffLoginPage} />
        <Route path="/event-staff/:agentId">
          <ProtectedRoute roles={["agent"]}>
            <StaffHomePage />
          </ProtectedRoute>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
