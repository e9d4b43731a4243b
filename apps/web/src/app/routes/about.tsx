import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Informationen');
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Über Streckenpass</Title>
      <Text>
        Wer als Triebfahrzeugführerin oder Triebfahrzeugführer eine Strecke befahren darf, braucht gültige
        Streckenkunde. Wird eine Strecke ein Jahr lang nicht gefahren, verfällt die Streckenkunde und muss neu erworben
        werden. Viele führen darüber bis heute Listen auf Papier. Streckenpass ist die digitale Alternative: immer
        dabei, immer aktuell, und mit einem Nachweis, den Sie Ihrem Arbeitgeber geben können.
      </Text>
      <Card>
        <Title order={2} size="h3" mb="sm">
          So funktioniert es
        </Title>
        <List spacing="xs" type="ordered">
          <List.Item>
            Legen Sie Ihre Strecken an – mit Name, Unternehmens-Kürzel, Start- und Endpunkt (z. B. Ril-100-Kürzel wie HU
            oder ALBG).
          </List.Item>
          <List.Item>
            Fassen Sie Strecken, die Sie oft gemeinsam fahren, zu Touren zusammen; optional erfassen Sie Ihre Fahrzeuge.
          </List.Item>
          <List.Item>
            Nach einer Fahrt wählen Sie auf der Seite „Dokumentation“ die Strecken oder Touren aus und speichern das
            Datum. Die Streckenkunde gilt dann 364 Tage (oder ein halbes Jahr, 182 Tage).
          </List.Item>
          <List.Item>
            Das Dashboard zeigt, welche Strecken bald verfallen; auf Wunsch erinnert Sie ein wöchentlicher Bericht per
            E-Mail.
          </List.Item>
          <List.Item>Für Ihren Arbeitgeber exportieren Sie einen Streckenkundenachweis als PDF oder CSV.</List.Item>
        </List>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          Als App nutzen
        </Title>
        <Text>
          Streckenpass lässt sich auf Android und am Rechner (Chrome, Edge) als App installieren; auf dem iPhone fügen
          Sie die Seite über „Teilen → Zum Home-Bildschirm“ hinzu. Ihre Daten bleiben auch ohne Empfang lesbar.
        </Text>
      </Card>
      <Card>
        <Title order={2} size="h3" mb="sm">
          Für Entwickler
        </Title>
        <Text>
          Die Schnittstelle ist offen dokumentiert: <Anchor href="/api/docs">interaktive API-Dokumentation</Anchor> und{' '}
          <Anchor href="/api/openapi.json">OpenAPI-Beschreibung</Anchor>. Die Anmeldung erfolgt mit einem JWT von{' '}
          <code>/api/login_check</code>.
        </Text>
      </Card>
      <Group>
        <Button component={Link} to={paths.home}>
          Jetzt anmelden oder registrieren
        </Button>
        <Button component={Link} to={paths.donate} variant="default">
          Projekt unterstützen
        </Button>
      </Group>
    </Stack>
  );
}
