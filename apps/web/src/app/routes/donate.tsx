import { Card, List, Stack, Text, Title } from '@mantine/core';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Unterstützen');
  return (
    <Stack gap="lg" maw={820}>
      <Title order={1}>Streckenpass unterstützen</Title>
      <Text>
        Streckenpass ist kostenlos und ohne Werbung. Server, E-Mail-Versand und Weiterentwicklung kosten dennoch Geld
        und Zeit. Wenn Ihnen die App im Alltag hilft, freuen wir uns über Ihre Unterstützung.
      </Text>
      <Card>
        <Title order={2} size="h3" mb="sm">
          So können Sie helfen
        </Title>
        <List spacing="xs">
          <List.Item>Erzählen Sie Kolleginnen und Kollegen im Betriebshof von Streckenpass.</List.Item>
          <List.Item>Melden Sie Fehler und Wünsche an den Betreiber (Kontakt unter „Rechtliches“).</List.Item>
          <List.Item>
            Unterstützen Sie den Betrieb mit einer Spende über die vom Betreiber unter „Rechtliches“ genannte
            Kontaktadresse.
          </List.Item>
        </List>
      </Card>
      <Text c="dimmed" size="sm">
        Vielen Dank – jede Hilfe sorgt dafür, dass Streckenpass verlässlich weiterläuft.
      </Text>
    </Stack>
  );
}
