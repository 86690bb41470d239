import { Text, Title } from "@mantine/core";
import { LegalPage, LegalSection } from "./LegalPage";
import { TermsBuyers } from "./TermsBuyers";
import { TermsOrganisers } from "./TermsOrganisers";

export default function TermsPage() {
  return (
    <LegalPage title="Allgemeine Geschäftsbedingungen (AGB)" updated="November 2026">
      <Title order={2} size="h3">Allgemeines</Title>

      <LegalSection order={3} title="§ 1 Geltungsbereich">
        <Text>
          (1) Diese AGB gelten für die Nutzung der Ticketing-Plattform der Musterfirma Ticketing GmbH, Musterstraße 1,
          12345 Musterstadt (nachfolgend „Betreiber“), durch Veranstalter und Ticketkäufer.
        </Text>
        <Text>
          (2) Teil A gilt für Veranstalter, die über die Plattform Tickets anbieten, Teil B für Ticketkäufer. Abweichende
          Bedingungen der Nutzer gelten nur, wenn der Betreiber ihnen ausdrücklich schriftlich zustimmt.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 2 Leistungen des Betreibers">
        <Text>
          Der Betreiber stellt eine Plattform bereit, über die Veranstalter Veranstaltungen und Saisons anlegen, Tickets
          online, an der Abendkasse und über Wiederverkäufer verkaufen und den Einlass kontrollieren. Der Betreiber ist
          nicht selbst Veranstalter der angebotenen Veranstaltungen. Er bemüht sich um eine möglichst unterbrechungsfreie
          Verfügbarkeit; Wartungsarbeiten werden nach Möglichkeit außerhalb der Hauptverkaufszeiten durchgeführt.
        </Text>
      </LegalSection>

      <TermsOrganisers />
      <TermsBuyers />

      <Title order={2} size="h3" mt="md">
        Teil C – Schlussbestimmungen
      </Title>

      <LegalSection order={3} title="§ 13 Haftung">
        <Text>
          Der Betreiber haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper
          oder Gesundheit. Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten ist die Haftung auf den
          vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen ist die Haftung bei leichter Fahrlässigkeit
          ausgeschlossen. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt. Für die Durchführung der
          Veranstaltungen haftet allein der jeweilige Veranstalter.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 14 Schlussbestimmungen">
        <Text>
          (1) Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gegenüber Verbrauchern
          gilt diese Rechtswahl nur, soweit dadurch nicht der Schutz zwingender Bestimmungen des Staates ihres gewöhnlichen
          Aufenthalts entzogen wird.
        </Text>
        <Text>
          (2) Ist der Nutzer Kaufmann, ist Gerichtsstand für alle Streitigkeiten der Sitz des Betreibers.
        </Text>
        <Text>
          (3) Sollten einzelne Bestimmungen dieser AGB unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen
          unberührt.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
