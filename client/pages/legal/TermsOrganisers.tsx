import { List, Text, Title } from "@mantine/core";
import { LegalSection } from "./LegalPage";

/** AGB part A: the contract between the operator and organisers. */
export function TermsOrganisers() {
  return (
    <>
      <Title order={2} size="h3" mt="md">
        Teil A – Bestimmungen für Veranstalter
      </Title>

      <LegalSection order={3} title="§ 3 Registrierung und Verifizierung">
        <Text>
          (1) Veranstalter können sich als Unternehmer im Sinne von § 14 BGB registrieren. Das Konto wird über den per
          E-Mail versandten Aktivierungslink freigeschaltet. Die Angaben im Konto sind wahrheitsgemäß zu machen und aktuell
          zu halten.
        </Text>
        <Text>
          (2) Vor der ersten Veröffentlichung muss der Veranstalter sein Profil durch Hochladen der angeforderten
          Unterlagen verifizieren lassen. Bis zum Abschluss der Prüfung und solange kein Ticketkontingent besteht, können
          Veranstaltungen nur als Entwurf angelegt werden.
        </Text>
        <Text>
          (3) Der Veranstalter kann Teammitgliedern, Wiederverkäufern und Einlasspersonal eigene Zugänge einrichten. Er ist
          für deren Handeln wie für eigenes verantwortlich und hält die Zugangsdaten geheim.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 4 Tarife und Ticketkontingent">
        <Text>
          (1) Der Verkauf von Tickets setzt einen gebuchten Tarif mit Ticketkontingent voraus. Tarife werden als Monats- oder
          Jahresabonnement angeboten; es gelten die bei Buchung auf der Preisseite angegebenen Preise in Euro
          einschließlich Umsatzsteuer.
        </Text>
        <Text>
          (2) Das Abonnement läuft für den gebuchten Zeitraum und endet mit dessen Ablauf, sofern es nicht erneut gebucht
          wird. Reicht das Kontingent für die angebotenen Tickets nicht aus, kann ein weiterer Tarif gebucht werden.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 5 Pflichten des Veranstalters">
        <List spacing={4}>
          <List.Item>
            Der Veranstalter führt die Veranstaltung in eigener Verantwortung durch und ist Vertragspartner der
            Ticketkäufer für den Veranstaltungsbesuch.
          </List.Item>
          <List.Item>
            Er stellt vollständige und zutreffende Angaben zu Veranstaltung, Ort, Terminen, Preisen und Sitzplätzen ein und
            besitzt die Rechte an den hochgeladenen Bildern, Videos und Texten.
          </List.Item>
          <List.Item>
            Er beachtet die gesetzlichen Vorgaben, insbesondere zu Preisangaben, Jugendschutz, Versammlungsstätten und
            Datenschutz, und verwendet die Daten der Ticketkäufer nur zur Durchführung der Veranstaltung.
          </List.Item>
        </List>
      </LegalSection>

      <LegalSection order={3} title="§ 6 Erlöse, Gebühren und Auszahlung">
        <Text>
          (1) Die Ticketerlöse werden dem Wallet des Veranstalters gutgeschrieben. Davon werden die vereinbarten Service-,
          Bearbeitungs- und Vorverkaufsgebühren einbehalten, die im Wallet ausgewiesen sind.
        </Text>
        <Text>
          (2) Der Veranstalter kann jederzeit eine Auszahlung des Guthabens beantragen. Nach Prüfung wird der Antrag
          angenommen und auf das im Profil hinterlegte Bankkonto überwiesen oder unter Angabe von Gründen abgelehnt.
        </Text>
      </LegalSection>

      <LegalSection order={3} title="§ 7 Absage von Veranstaltungen">
        <Text>
          Sagt der Veranstalter eine Veranstaltung ab, wird der Verkauf beendet, alle gekauften Tickets werden storniert
          und die Ticketkäufer per E-Mail informiert. Eine abgesagte Veranstaltung kann nicht erneut veröffentlicht werden.
          Die Erstattung des Ticketpreises an die Ticketkäufer obliegt dem Veranstalter.
        </Text>
      </LegalSection>
    </>
  );
}
