import { NativeSelect, Stack, Tabs, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { Redirect, useLocation, useRoute } from "wouter";
import { PageLoader } from "../../../components/PageLoader";
import { AreaNotFound } from "../../../layout/AreaShell/AreaNotFound";
import { useUserInfo } from "../../../lib/session";
import { mayOpenTab, PROFILE_TABS, type ProfileTab } from "./tabs";

const TAB_COMPONENTS: Record<ProfileTab, LazyExoticComponent<ComponentType>> = {
  profile: lazy(() => import("./ProfileTab")),
  notifications: lazy(() => import("./NotificationsTab")),
  payment: lazy(() => import("./PaymentTab")),
  invoices: lazy(() => import("./InvoicesTab")),
  plan: lazy(() => import("./PlanTab")),
  documents: lazy(() => import("./DocumentsTab")),
  login: lazy(() => import("./LoginTab")),
  disable: lazy(() => import("./DisableTab")),
  team: lazy(() => import("./TeamTab")),
};

function useTabLabels(): Record<ProfileTab, string> {
  const { t } = useLingui();
  return {
    profile: t`Profile`,
    notifications: t`Email notifications`,
    payment: t`Payment details`,
    invoices: t`Invoices`,
    plan: t`Plan management`,
    documents: t`Documents`,
    login: t`Login details`,
    disable: t`Disable account`,
    team: t`Team management`,
  };
}

/**
 * /dashboard/profile/{tab} (mounted with `<Route path="/profile" nest>`): the organiser's account area with the SPEC's nine tabs; a user sees
 * the tabs its rights open (./tabs.ts), the server checks the same on every call.
 */
export default function ProfileArea() {
  const { t } = useLingui();
  const info = useUserInfo();
  const [, params] = useRoute<{ tab: string }>("/:tab");
  const tab = params?.tab;
  const [, navigate] = useLocation();
  const labels = useTabLabels();
  const visible = PROFILE_TABS.filter((key) => mayOpenTab(info?.user, key));
  if (visible.length === 0) return <AreaNotFound />;
  if (!tab) return <Redirect to={`/${visible[0]}`} replace />;
  const current = visible.find((key) => key === tab);
  if (!current) return <AreaNotFound />;
  const Tab = TAB_COMPONENTS[current];
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>My account</Trans>
      </Title>
      {/* Nine tabs do not fit a phone: there a select picks the section. */}
      <NativeSelect
        hiddenFrom="sm"
        label={t`Account sections`}
        value={current}
        onChange={(e) => navigate(`/${e.currentTarget.value}`)}
        data={visible.map((key) => ({ value: key, label: labels[key] }))}
      />
      <Tabs visibleFrom="sm" value={current} onChange={(value) => value && navigate(`/${value}`)} keepMounted={false}>
        <Tabs.List aria-label={t`Account sections`}>
          {visible.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {labels[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Suspense fallback={<PageLoader />}>
        <Tab />
      </Suspense>
    </Stack>
  );
}
