import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { confirmLeave } from "../../lib/leave-guard";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { useLogout } from "../../hooks/use-logout";
import { useUserInfo } from "../../lib/session";

/**
 * A sidebar entry; with `children` a group (e.g. "Print area"): its `href` is the common prefix
 * of the children, not a page.
 */
export type AreaNavItem = { href: string; label: string; icon?: ReactNode; children?: AreaNavItem[] };

/**
 * The shell of a signed-in area (organiser dashboard, admin, reseller): header with the user
 * and the language switch, a sidebar of the area's entries, and Logout.
 */
export function AreaShell({ title, nav, children }: { title: string; nav: AreaNavItem[]; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const [opened, { toggle, close }] = useDisclosure();
  const [location, navigate] = useLocation();
  const info = useUserInfo();
  const logout = useLogout();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`Open navigation`} />
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          <Group wrap="nowrap" gap="sm">
            {info && (
              <Text size="sm" visibleFrom="xs" data-testid="signed-in-user">
                {`${info.user.firstName} ${info.user.lastName}`.trim()}
              </Text>
            )}
            <LanguageSwitcher />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t`Area navigation`}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {nav.map((item) => {
              const isActive = (href: string) => (href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`));
              const link = (entry: AreaNavItem) => (
                <NavLink
                  key={entry.href}
                  component={Link}
                  href={entry.href}
                  label={entry.label}
                  leftSection={entry.icon}
                  active={isActive(entry.href)}
                  onClick={(e) => {
                    e.preventDefault();
                    close();
                    confirmLeave(i18n, () => navigate(entry.href));
                  }}
                />
              );
              if (!item.children) return link(item);
              // A group: open from the start (its few entries stay in sight, on a phone's menu too).
              return (
                <NavLink
                  key={item.href}
                  component="button"
                  label={item.label}
                  leftSection={item.icon}
                  defaultOpened
                  childrenOffset={20}
                  data-testid={`nav-group-${item.href.replace(/^\//, "")}`}
                >
                  {item.children.map(link)}
                </NavLink>
              );
            })}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <NavLink
            component="button"
            label={<Trans>Logout</Trans>}
            onClick={() => confirmLeave(i18n, () => void logout())}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
