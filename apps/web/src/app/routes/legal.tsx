import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Rechtliches');
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Rechtliches</Title>
      <Card>
        <Title order={2} size="h3" mb="sm">
          Impressum
        </Title>
        <Alert color="yellow" mb="sm" title="Hinweis für den Betreiber">
          Diese Angaben sind vom Betreiber dieser Installation auszufüllen (Angaben gemäß § 5 DDG).
        </Alert>
        <Text>[Name des Betreibers]</Text>
        <Text>[Straße und Hausnummer]</Text>
        <Text>[Postleitzahl und Ort]</Text>
        <Text>E-Mail: [Kontaktadresse]</Text>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          Datenschutz
        </Title>
        <Stack gap="xs">
          <Text>
            Streckenpass speichert nur, was für den Dienst nötig ist: Ihre E-Mail-Adresse, Ihren Namen, ein sicher
            gehashtes Passwort sowie die von Ihnen erfassten Strecken, Touren, Fahrzeuge und Fahrtdaten. Die Daten sind
            nur für Ihr Konto sichtbar.
          </Text>
          <Text>
            E-Mails erhalten Sie zur Bestätigung Ihrer Adresse, zum Zurücksetzen des Passworts und – wenn Sie es in den
            Einstellungen wünschen – als wöchentlichen Bericht. Den Bericht können Sie jederzeit abbestellen.
          </Text>
          <Text>
            Im Browser werden Ihre Anmeldung, Ihre Auswahl auf der Dokumentationsseite und eine Kopie Ihrer Daten für
            die Nutzung ohne Empfang gespeichert. Beim Abmelden wird all das gelöscht. Es gibt keine Werbung und kein
            Tracking.
          </Text>
        </Stack>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          Haftung
        </Title>
        <Text>
          Streckenpass hilft Ihnen, den Überblick zu behalten; maßgeblich für Ihre Streckenkunde sind die Regeln Ihres
          Eisenbahnverkehrsunternehmens. Prüfen Sie wichtige Daten vor der Fahrt.
        </Text>
      </Card>
    </Stack>
  );
}
