import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { plural } from '@streckenpass/contract/plural';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { driveMannerText } from '../../../lib/drive-manner';
import { flushOutbox, useOutboxStore } from '../outbox';

/** Documentations saved without a connection: waiting ones, and ones the server refused. */
export function OutboxCard() {
  const entries = useOutboxStore((state) => state.entries);
  const discard = useOutboxStore((state) => state.discard);
  const [sending, setSending] = useState(false);
  if (entries.length === 0) return null;
  const send = async () => {
    setSending(true);
    try {
      await flushOutbox();
    } finally {
      setSending(false);
    }
  };
  return (
    <Card component="section" aria-label="Noch nicht gesendete Dokumentationen">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Noch nicht gesendet
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          loading={sending}
          onClick={() => void send()}
        >
          Jetzt senden
        </Button>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.status === 'failed' ? (
              <Alert color="red" p="xs" title={`Abgelehnt: Fahrt vom ${formatDate(entry.plan.acquiredAt)}`}>
                <Stack gap={4}>
                  <Text size="sm">
                    {plural(entry.plan.acquiredRoutes.length, 'Strecke', 'Strecken')} – {entry.error}
                  </Text>
                  <div>
                    <Button size="xs" variant="default" onClick={() => discard(entry.id)}>
                      Verwerfen
                    </Button>
                  </div>
                </Stack>
              </Alert>
            ) : (
              <Group gap="xs" wrap="nowrap">
                <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
                  Wartet
                </Badge>
                <Text size="sm">
                  Fahrt vom {formatDate(entry.plan.acquiredAt)}
                  {entry.plan.way ? ` (${driveMannerText(entry.plan)})` : ''}:{' '}
                  {plural(entry.plan.acquiredRoutes.length, 'Strecke', 'Strecken')}
                  {entry.plan.acquiredVehicles.length > 0 ? `, ${entry.plan.acquiredVehicles.length} Fahrzeug(e)` : ''}
                </Text>
              </Group>
            )}
          </li>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="sm">
        Auf diesem Gerät gespeichert; wird automatisch gesendet, sobald eine Verbindung besteht.
      </Text>
    </Card>
  );
}
