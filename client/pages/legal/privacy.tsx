import { List, Text } from "@mantine/core";
import { LegalPage, LegalSection, LegalSubsection, OperatorAddress, OPERATOR_PHONE, PRIVACY_EMAIL } from "./LegalPage";

export default function PrivacyPage() {
  return (
    <LegalPage title="Datenschutzerklärung" updated="November 2026">
      <Text>
        Mit dieser Datenschutzerklärung informieren wir Sie nach Art. 13 und 14 der Datenschutz-Grundverordnung (DSGVO)
        darüber, welche personenbezogenen Daten wir bei der Nutzung unserer Ticketing-Plattform verarbeiten, zu welchen
        Zwecken und auf welcher Rechtsgrundlage dies geschieht und welche Rechte Sie haben.
      </Text>

      <LegalSection title="1. Verantwortlicher">
        <Text>Verantwortlicher im Sinne von Art. 4 Nr. 7 DSGVO ist:</Text>
        <OperatorAddress />
        <Text>
          Telefon: {OPERATOR_PHONE}
          <br />
          E-Mail für Datenschutzanfragen: {PRIVACY_EMAIL}
        </Text>
        <Text>
          Für die Durchführung einer Veranstaltung ist der jeweilige Veranstalter eigenständig verantwortlich. Er erhält die
          dafür erforderlichen Daten aus Ihrer Bestellung (siehe Abschnitt 3).
        </Text>
      </LegalSection>

      <LegalSection title="2. Bereitstellung der Website">
        <Text>
          Beim Aufruf der Plattform verarbeitet unser Server technisch notwendige Daten: IP-Adresse, Datum und Uhrzeit des
          Zugriffs, aufgerufene Seite sowie Browser- und Betriebssysteminformationen. Die IP-Adresse nutzen wir außerdem,
          um die Zahl von Anmelde- und Kontaktversuchen zu begrenzen und so Missbrauch zu verhindern. Rechtsgrundlage ist
          Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im sicheren und stabilen Betrieb der Plattform.
        </Text>
      </LegalSection>

      <LegalSection title="3. Daten beim Ticketkauf">
        <Text>Wenn Sie Tickets kaufen, verarbeiten wir:</Text>
        <List spacing={4}>
          <List.Item>Vor- und Nachname sowie E-Mail-Adresse,</List.Item>
          <List.Item>
            die vom Veranstalter für die Veranstaltung abgefragten Teilnehmerangaben (z. B. Anschrift, Telefonnummer,
            Firma), sofern Sie diese angeben,
          </List.Item>
          <List.Item>Bestelldaten: Veranstaltung, Datum, Tickets, Sitzplätze, Preise, Rabatte und Gebühren,</List.Item>
          <List.Item>Einlassdaten: Zeitpunkt des Check-ins beim Scannen des Tickets.</List.Item>
        </List>
        <Text>
          Die Verarbeitung dient der Abwicklung Ihrer Bestellung, dem Versand der Bestellbestätigung und der Tickets per
          E-Mail, der Einlasskontrolle sowie der Information bei Absage oder Verlegung der Veranstaltung. Rechtsgrundlage
          ist Art. 6 Abs. 1 lit. b DSGVO (Vertragserfüllung). Der Veranstalter erhält die Daten Ihrer Bestellung, soweit er
          sie für die Durchführung der Veranstaltung benötigt; Gleiches gilt für Wiederverkäufer und Einlasspersonal, die in
          seinem Auftrag tätig sind.
        </Text>
      </LegalSection>

      <LegalSection title="4. Zahlungsabwicklung (Stripe)">
        <Text>
          Online-Zahlungen wickeln wir über den Zahlungsdienstleister Stripe ab (Stripe Payments Europe, Ltd., 1 Grand
          Canal Street Lower, Grand Canal Dock, Dublin, D02 H210, Irland). Ihre Zahlungsdaten, etwa Kartennummer oder
          Kontoverbindung, geben Sie direkt bei Stripe ein; wir erhalten sie nicht. Wir übermitteln an Stripe den
          Zahlbetrag, die Bestellnummer sowie Name und E-Mail-Adresse und erhalten von Stripe den Status der Zahlung.
        </Text>
        <Text>
          Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Stripe verarbeitet Daten zur Betrugsprävention und zur Erfüllung
          gesetzlicher Pflichten auch in eigener Verantwortung; dabei kann eine Übermittlung in die USA erfolgen, die auf
          den Angemessenheitsbeschluss der EU-Kommission (EU-U.S. Data Privacy Framework) und auf
          Standardvertragsklauseln gestützt wird. Näheres finden Sie in der Datenschutzerklärung von Stripe unter
          stripe.com/de/privacy.
        </Text>
      </LegalSection>

      <LegalSection title="5. Veranstalterkonto und Kontaktformular">
        <LegalSubsection title="Registrierung als Veranstalter">
          <Text>
            Für ein Veranstalterkonto verarbeiten wir Name, Veranstaltername, E-Mail-Adresse, Passwort (nur als
            Hashwert), Kontakt-, Steuer- und Bankdaten, die hochgeladenen Verifizierungsunterlagen sowie
            Rechnungen und Auszahlungen. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, für die Aufbewahrung von
            Rechnungen Art. 6 Abs. 1 lit. c DSGVO.
          </Text>
        </LegalSubsection>
        <LegalSubsection title="Kontaktformular">
          <Text>
            Wenn Sie uns über das Kontaktformular schreiben, verarbeiten wir Ihre Angaben (Name, E-Mail-Adresse und
            freiwillig Telefonnummer, Branche, Website, Ticketvolumen, Hinweis, wie Sie uns gefunden haben, sowie Ihre
            Nachricht), um Ihre Anfrage zu beantworten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, soweit Ihre Anfrage
            auf einen Vertrag zielt, im Übrigen Art. 6 Abs. 1 lit. f DSGVO.
          </Text>
        </LegalSubsection>
      </LegalSection>

      <LegalSection title="6. Cookies und lokaler Speicher">
        <Text>
          Wir setzen ausschließlich ein technisch notwendiges Sitzungs-Cookie, das Sie nach der Anmeldung als angemeldet
          ausweist. Es enthält eine zufällige Kennung und wird mit der Abmeldung bzw. mit Ablauf der Sitzung ungültig.
          Außerdem speichert Ihr Browser im lokalen Speicher die gewählte Sprache und, solange Sie angemeldet sind, Ihre
          Sitzungsinformationen. Rechtsgrundlage ist § 25 Abs. 2 Nr. 2 TDDDG in Verbindung mit Art. 6 Abs. 1 lit. b bzw. f
          DSGVO. Cookies zu Analyse- oder Werbezwecken verwenden wir nicht; ein Einwilligungsbanner ist daher nicht
          erforderlich.
        </Text>
      </LegalSection>

      <LegalSection title="7. Speicherdauer">
        <List spacing={4}>
          <List.Item>
            Bestell-, Rechnungs- und Auszahlungsdaten bewahren wir für die Dauer der gesetzlichen Aufbewahrungsfristen auf
            (bis zu zehn Jahre nach § 147 AO und § 257 HGB).
          </List.Item>
          <List.Item>
            Daten eines Veranstalterkontos speichern wir, bis das Konto deaktiviert wird, und löschen sie danach, soweit
            keine Aufbewahrungspflicht besteht.
          </List.Item>
          <List.Item>Anfragen über das Kontaktformular löschen wir, sobald sie abschließend bearbeitet sind.</List.Item>
          <List.Item>Server-Protokolle löschen wir spätestens nach 14 Tagen.</List.Item>
        </List>
      </LegalSection>

      <LegalSection title="8. Rechte der Betroffenen">
        <Text>Sie haben gegenüber uns folgende Rechte hinsichtlich Ihrer personenbezogenen Daten:</Text>
        <List spacing={4}>
          <List.Item>Recht auf Auskunft (Art. 15 DSGVO),</List.Item>
          <List.Item>Recht auf Berichtigung (Art. 16 DSGVO),</List.Item>
          <List.Item>Recht auf Löschung (Art. 17 DSGVO),</List.Item>
          <List.Item>Recht auf Einschränkung der Verarbeitung (Art. 18 DSGVO),</List.Item>
          <List.Item>Recht auf Datenübertragbarkeit (Art. 20 DSGVO),</List.Item>
          <List.Item>
            Recht auf Widerspruch gegen Verarbeitungen, die auf Art. 6 Abs. 1 lit. f DSGVO beruhen (Art. 21 DSGVO),
          </List.Item>
          <List.Item>Recht, eine erteilte Einwilligung jederzeit mit Wirkung für die Zukunft zu widerrufen (Art. 7 Abs. 3 DSGVO).</List.Item>
        </List>
        <Text>
          Wenden Sie sich dazu an {PRIVACY_EMAIL}. Außerdem haben Sie das Recht, sich bei einer
          Datenschutz-Aufsichtsbehörde über die Verarbeitung Ihrer Daten zu beschweren (Art. 77 DSGVO), insbesondere in dem
          Mitgliedstaat Ihres Aufenthaltsorts, Ihres Arbeitsplatzes oder des Orts des mutmaßlichen Verstoßes.
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
