import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { openAuth } from "../../components/AuthModals";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { useLogout } from "../../hooks/use-logout";
import { homePathFor, useUserInfo } from "../../lib/session";

function useNavItems() {
  const { t } = useLingui();
  return [
    { href: "/", label: t`Home` },
    { href: "/pricing", label: t`Pricing` },
    { href: "/#branches", label: t`Branches` },
    { href: "/#functions", label: t`Functions` },
    { href: "/#services", label: t`Services` },
    { href: "/#team", label: t`Team` },
    { href: "/faq", label: t`FAQ` },
  ];
}

function AccountButtons({ onDone }: { onDone?: () => void }) {
  const info = useUserInfo();
  const logout = useLogout();
  if (info) {
    return (
      <>
        <Button component={Link} href={homePathFor(info)} onClick={onDone}>
          <Trans>My area</Trans>
        </Button>
        <Button variant="default" onClick={() => void logout().then(onDone)}>
          <Trans>Logout</Trans>
        </Button>
      </>
    );
  }
  return (
    <>
      <Button variant="default" onClick={() => { onDone?.(); openAuth("login"); }}>
        <Trans>Login</Trans>
      </Button>
      <Button onClick={() => { onDone?.(); openAuth("register"); }}>
        <Trans>Register</Trans>
      </Button>
    </>
  );
}

/** Header with the marketing navigation, and the footer with the legal pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [drawerOpened, drawer] = useDisclosure(false);
  const items = useNavItems();
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="xl">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} href="/" fw={800} fz="xl" underline="never">
              <Trans>Ticketing</Trans>
            </Anchor>
            <Group gap="md" visibleFrom="lg" component="nav" aria-label={t`Main navigation`}>
              {items.map((item) => (
                <Anchor key={item.href} component={Link} href={item.href} c="dark" fz="sm">
                  {item.label}
                </Anchor>
              ))}
            </Group>
            <Group gap="xs" visibleFrom="lg" wrap="nowrap">
              <LanguageSwitcher />
              <AccountButtons />
            </Group>
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="lg" aria-label={t`Open navigation`} />
          </Group>
        </Container>
      </Box>
      <Drawer opened={drawerOpened} onClose={drawer.close} title={t`Navigation`} hiddenFrom="lg" position="right">
        <Stack component="nav" aria-label={t`Main navigation`}>
          {items.map((item) => (
            <Anchor key={item.href} component={Link} href={item.href} onClick={drawer.close}>
              {item.label}
            </Anchor>
          ))}
          <Divider />
          <LanguageSwitcher size="sm" />
          <AccountButtons onDone={drawer.close} />
        </Stack>
      </Drawer>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" py="lg" bg="gray.0" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
        <Container size="xl">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} <Trans>Ticketing</Trans>
            </Text>
            <Group gap="md">
              <Anchor component={Link} href="/impressum" size="sm">
                <Trans>Imprint</Trans>
              </Anchor>
              <Anchor component={Link} href="/datenschutz" size="sm">
                <Trans>Privacy</Trans>
              </Anchor>
              <Anchor component={Link} href="/agb" size="sm">
                <Trans>Terms</Trans>
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
