import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import type { ReminderChannel } from '@streckenpass/contract/notifications';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { formatDate } from '../../../lib/dates';
import { useDeletePushSubscription, usePushSubscriptions, useSubscribeThisDevice } from '../api/push-subscriptions';
import { useSendTestNotification } from '../api/test-notification';
import { errorText } from '../error-text';
import { pushSupported } from '../push';

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
      {test.isSuccess && (
        <Alert color="green" role="status">
          {test.data.message}
        </Alert>
      )}
      {test.isError && (
        <Alert color="red" role="alert">
          {errorText(test.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** E-mail and push: this browser's subscription, the list of devices, and a test message per channel. */
export function ChannelsCard({ email, mailVerified }: { email: string; mailVerified: boolean }) {
  const devices = usePushSubscriptions();
  const subscribe = useSubscribeThisDevice();
  const remove = useDeletePushSubscription();
  const supported = pushSupported();

  return (
    <Card>
      <Stack gap="md">
        <Title order={2} size="h4">
          E-Mail
        </Title>
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
        {subscribe.isError && (
          <Alert color="red" role="alert">
            {errorText(subscribe.error)}
          </Alert>
        )}
        {devices.isError && (
          <Alert color="red" role="alert">
            {errorText(devices.error)}
          </Alert>
        )}
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
                  <Text fw={600}>{device.label}</Text>
                  <Text size="xs" c="dimmed">
                    seit {formatDate(device.createdAt.slice(0, 10))} · über {device.service}
                    {device.lastSuccessAt
                      ? ` · zuletzt zugestellt ${formatDate(device.lastSuccessAt.slice(0, 10))}`
                      : ''}
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
      </Stack>
    </Card>
  );
}
