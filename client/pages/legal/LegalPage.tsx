import { Alert, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PublicLayout } from "../../layout/PublicLayout";
import { OPERATOR } from "../../../shared/operator";

/*
 * SPEC §1: the legal pages are in German only, whatever the interface language, so their
 * texts are deliberately not translated through Lingui and the content is marked lang="de".
 */

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <Container size="md" py={{ base: 40, md: 64 }} lang="de">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            <Text size="sm" c="dimmed">
              Stand: {updated}
            </Text>
          </Stack>
          <ExampleDataNotice />
          {children}
        </Stack>
      </Container>
    </PublicLayout>
  );
}

/** The company data on these pages is a template until the operator fills in its own. */
function ExampleDataNotice() {
  return (
    <Alert color="yellow" title="Hinweis: Beispieldaten">
      Die Angaben zum Betreiber (Musterfirma Ticketing GmbH, Anschrift, Register- und Steuernummern) sind Beispieldaten
      und werden vor dem Livebetrieb durch die tatsächlichen Angaben des Betreibers ersetzt.
    </Alert>
  );
}

/** `order` 3 when the sections sit under a part heading (AGB Teil A, B, C). */
export function LegalSection({ title, order = 2, children }: { title: string; order?: 2 | 3; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={order} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function LegalSubsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Name and address of the operator, shared by the imprint and the privacy policy. */
export function OperatorAddress() {
  return (
    <Text>
      {OPERATOR.name}
      <br />
      {OPERATOR.street}
      <br />
      {OPERATOR.zipCity}
      <br />
      {OPERATOR.country}
    </Text>
  );
}

export const OPERATOR_EMAIL = OPERATOR.email;
export const PRIVACY_EMAIL = OPERATOR.privacyEmail;
export const OPERATOR_PHONE = OPERATOR.phone;
