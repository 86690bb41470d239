import { Text } from "@mantine/core";
import { OPERATOR } from "../../../shared/operator";
import { LegalPage, LegalSection, OPERATOR_EMAIL, OPERATOR_PHONE, OperatorAddress } from "./LegalPage";

export default function ImprintPage() {
  return (
    <LegalPage title="Impressum" updated="November 2026">
      <LegalSection title="Angaben gemäß § 5 DDG">
        <OperatorAddress />
      </LegalSection>

      <LegalSection title="Vertreten durch">
        <Text>Geschäftsführer: Max Mustermann (Beispielname)</Text>
      </LegalSection>

      <LegalSection title="Kontakt">
        <Text>
          Telefon: {OPERATOR_PHONE}
          <br />
          E-Mail: {OPERATOR_EMAIL}
        </Text>
      </LegalSection>

      <LegalSection title="Registereintrag">
        <Text>
          Eintragung im Handelsregister
          <br />
          Registergericht: Amtsgericht Musterstadt
          <br />
          Registernummer: HRB 12345
        </Text>
      </LegalSection>

      <LegalSection title="Umsatzsteuer-Identifikationsnummer">
        <Text>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {OPERATOR.vatId}</Text>
      </LegalSection>

      <LegalSection title="Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV">
        <Text>Max Mustermann, Anschrift wie oben</Text>
      </LegalSection>

      <LegalSection title="Veranstalter auf dieser Plattform">
        <Text>
          Die auf der Plattform angebotenen Veranstaltungen werden von den jeweiligen Veranstaltern durchgeführt. Name und
          Anschrift des Veranstalters finden Sie auf der jeweiligen Veranstaltungsseite und im Veranstalterprofil. Für
          Inhalte, die Veranstalter einstellen, sind diese selbst verantwortlich.
        </Text>
      </LegalSection>

      <LegalSection title="Verbraucherstreitbeilegung">
        <Text>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen.
        </Text>
      </LegalSection>

      <LegalSection title="Haftung für Inhalte">
        <Text>
          Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich.
          Für fremde Informationen, die wir lediglich speichern oder übermitteln, sind wir nach §§ 7 bis 10 DDG nicht
          verpflichtet, diese zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit
          hinweisen. Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen
          Gesetzen bleiben hiervon unberührt. Sobald wir von einer konkreten Rechtsverletzung Kenntnis erlangen, entfernen
          wir die betreffenden Inhalte umgehend.
        </Text>
      </LegalSection>

      <LegalSection title="Haftung für Links">
        <Text>
          Unsere Seiten und die Seiten der Veranstalter können Links zu externen Websites Dritter enthalten, auf deren
          Inhalte wir keinen Einfluss haben. Für diese fremden Inhalte ist stets der jeweilige Anbieter oder Betreiber der
          Seiten verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir derartige Links umgehend.
        </Text>
      </LegalSection>

      <LegalSection title="Urheberrecht">
        <Text>
          Die durch den Betreiber erstellten Inhalte und Werke auf diesen Seiten unterliegen dem deutschen Urheberrecht.
          Bilder, Texte und Videos der Veranstaltungen stammen von den jeweiligen Veranstaltern, die für die erforderlichen
          Rechte verantwortlich sind.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
