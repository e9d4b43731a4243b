import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReminderChannel } from '@streckenpass/contract/notifications';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { ErrorAlert, SuccessAlert } from '../../../components/error-alert';
import { TitledCard } from '../../../components/titled-card';
import { formatDate } from '../../../lib/dates';
import { useDeletePushSubscription, usePushSubscriptions, useSubscribeThisDevice } from '../api/push-subscriptions';
import { useSendTestNotification } from '../api/test-notification';
import { pushSupported, thisDeviceId } from '../push';

function TestButton({ channel, disabled }: { channel: ReminderChannel; disabled?: boolean }) {
  const test = useSendTestNotification();
  return (
    <Stack gap="xs">
      {/* The channel is the section's heading; the name says it too, for a screen reader's list of buttons. */}
      <Button
        variant="default"
        onClick={() => test.mutate(channel)}
        loading={test.isPending}
        disabled={disabled}
        aria-label={`Test-Benachrichtigung senden (${channel === 'mail' ? 'E-Mail' : 'Push'})`}
      >
        Test-Benachrichtigung senden
      </Button>
      <SuccessAlert call={test} />
      <ErrorAlert call={test} />
    </Stack>
  );
}

/** E-mail and push: this browser's subscription, the list of devices, and a test message per channel. */
export function ChannelsCard({ email, mailVerified }: { email: string; mailVerified: boolean }) {
  const devices = usePushSubscriptions();
  const subscribe = useSubscribeThisDevice();
  const remove = useDeletePushSubscription();
  const supported = pushSupported();
  const thisDevice = thisDeviceId();

  return (
    <TitledCard title="E-Mail" gap="md">
      <Text size="sm">Erinnerungen gehen an {email}.</Text>
      {!mailVerified && (
        <Alert color="yellow">E-Mail-Erinnerungen kommen erst, wenn Ihre E-Mail-Adresse bestätigt ist.</Alert>
      )}
      <TestButton channel="mail" disabled={!mailVerified} />

      <Title order={2} size="h4" mt="md">
        Push-Benachrichtigungen
      </Title>
      <Text size="sm">
        Auf dem Handy am besten in der installierten App aktivieren. Ein Tipp auf die Benachrichtigung öffnet die
        Strecke oder die Schnellerfassung.
      </Text>
      {!supported && <Alert color="yellow">Dieser Browser unterstützt keine Push-Benachrichtigungen.</Alert>}
      {supported && (
        <Button onClick={() => subscribe.mutate()} loading={subscribe.isPending}>
          Auf diesem Gerät aktivieren
        </Button>
      )}
      <ErrorAlert call={subscribe} />
      <ErrorAlert call={devices} />
      {devices.data && devices.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Noch kein Gerät angemeldet.
        </Text>
      )}
      {devices.data && devices.data.length > 0 && (
        <List listStyleType="none" spacing="sm" aria-label="Angemeldete Geräte">
          {devices.data.map((device) => (
            <List.Item key={device.id}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{device.label}</Text>
                  {device.id === thisDevice && (
                    <Badge variant="light" color="blue">
                      Dieses Gerät
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  seit {formatDate(device.createdAt.slice(0, 10))} · über {device.service}
                  {device.lastSuccessAt ? ` · zuletzt zugestellt ${formatDate(device.lastSuccessAt.slice(0, 10))}` : ''}
                </Text>
                <ConfirmDeleteButton
                  label={`${device.label} abmelden`}
                  title="Gerät abmelden?"
                  onConfirm={async () => {
                    await remove.mutateAsync(device.id);
                  }}
                >
                  {device.label} erhält dann keine Push-Benachrichtigungen mehr.
                </ConfirmDeleteButton>
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
      <TestButton channel="push" disabled={!devices.data || devices.data.length === 0} />
    </TitledCard>
  );
}
