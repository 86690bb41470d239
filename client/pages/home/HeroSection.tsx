import { Badge, Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { openAuth } from "../../components/AuthModals";

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      py={{ base: 64, md: 112 }}
      style={{
        background: "linear-gradient(135deg, var(--mantine-color-blue-7) 0%, var(--mantine-color-indigo-9) 100%)",
        color: "var(--mantine-color-white)",
      }}
    >
      <Container size="lg">
        <Stack gap="lg" maw={760}>
          <Badge variant="white" size="lg" w="fit-content">
            <Trans>Ticketing for organisers</Trans>
          </Badge>
          <Title order={1} id="hero-title" fz={{ base: 34, sm: 44, md: 54 }} lh={1.1}>
            <Trans>Sell tickets for your events, seasons and venues – all in one place</Trans>
          </Title>
          <Text size="xl" c="blue.0">
            <Trans>
              Online shop, box office, live seating plans, resellers and check-in with QR codes: everything you need
              from the first ticket to the last guest at the door. Prices in euros, payouts to your bank account.
            </Trans>
          </Text>
          <Group gap="sm">
            <Button size="lg" variant="white" onClick={() => openAuth("register")}>
              <Trans>Register now</Trans>
            </Button>
            <Button size="lg" variant="outline" color="white" component={Link} href="/pricing">
              <Trans>See pricing</Trans>
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
