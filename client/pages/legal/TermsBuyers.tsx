import { Text, Title } from "@mantine/core";
import { LegalSection } from "./LegalPage";

/** AGB part B: buying tickets. */
export function TermsBuyers() {
  return (
    <>
      <Title order={2} size="h3" mt="md">
        Teil B – Bestimmungen für Ticketkäufer
      </Title>

      <LegalSection order={3} title="§ 8 Vertragsschluss">
        <Text>
          (1) Die Darstellung einer Veranstaltung auf der Plattform ist noch kein bindendes Angebot. Durch Auswahl der
          Tickets bzw. Sitzplätze, Angabe der erforderlichen Daten und Absenden der Bestellung im Checkout geben Sie ein
          verbindliches Angebot zum Kauf der Tickets ab.
        </Text>
        <Text>
          (2) Der Vertrag über den Veranstaltungsbesuch kommt mit dem Veranstalter zustande, sobald die Zahlung bestätigt
          ist; bei kostenlosen Tickets mit Abschluss der Bestellung. Sie erhalten eine Bestellbestätigung per E-Mail. Der
          Betreiber vermittelt den Verkauf im Namen und für Rechnung des Veranstalters.
        </Text>
        <Text>
          (3) Für zugangsgeschützte Veranstaltungen ist ein vom Veranstalter ausgegebener Zugangscode erforderlich.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 9 Preise und Zahlung">
        <Text>
          Alle Preise verstehen sich in Euro einschließlich der gesetzlichen Umsatzsteuer. Etwaige Gebühren werden vor
          Absenden der Bestellung gesondert ausgewiesen. Die Zahlung erfolgt über die im Checkout angebotenen
          Zahlungsarten; die Abwicklung übernimmt der Zahlungsdienstleister Stripe. Gutscheine können nach den dort
          angegebenen Bedingungen eingelöst werden.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 10 Tickets und Einlass">
        <Text>
          (1) Nach Zahlungseingang stehen die Tickets zum Download bereit und werden Ihnen per E-Mail zugesandt. Jedes
          Ticket trägt einen QR-Code, der beim Einlass gescannt wird.
        </Text>
        <Text>
          (2) Behandeln Sie Ihr Ticket wie Bargeld: Wer es zuerst vorzeigt, erhält Einlass. Für Kopien, die Dritte
          verwenden, besteht kein Anspruch auf erneuten Einlass. Wird das Datum eines Tickets geändert, verliert das
          bisherige Ticket seine Gültigkeit und Sie erhalten ein neues.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 11 Kein Widerrufsrecht">
        <Text>
          Beim Kauf von Tickets für Veranstaltungen mit einem bestimmten Termin oder Zeitraum besteht nach § 312g Abs. 2
          Nr. 9 BGB kein Widerrufsrecht. Jeder Ticketkauf ist daher nach Bestätigung verbindlich.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 12 Absage und Verlegung">
        <Text>
          Wird eine Veranstaltung abgesagt, werden Ihre Tickets storniert und Sie werden per E-Mail informiert; die
          Erstattung des Ticketpreises erfolgt durch den Veranstalter. Wird eine Veranstaltung verlegt, behalten die Tickets
          für den neuen Termin ihre Gültigkeit, sofern der Veranstalter nichts anderes mitteilt.
        </Text>
      </LegalSection>
    </>
  );
}
