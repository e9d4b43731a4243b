import { Alert, Checkbox, Group, Text } from '@mantine/core';
import {
  REMINDER_THRESHOLDS,
  thresholdLabel,
  updateNotificationSettingsSchema,
  type NotificationSettings,
} from '@streckenpass/contract/notifications';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';
import { sentValuesSchema } from '../../../lib/use-contract-form';
import { usePushSubscriptions } from '../api/push-subscriptions';

interface Values {
  thresholds: string[];
  mail: boolean;
  push: boolean;
}

function toInput(values: Values) {
  return {
    reminderThresholds: values.thresholds.map(Number),
    reminderMail: values.mail,
    reminderPush: values.push,
  };
}

/** The contract's schema, checked on what the form sends; its rules are on the thresholds. */
const formSchema = sentValuesSchema(updateNotificationSettingsSchema, toInput, () => 'thresholds');

/** When and how the account is reminded of expiring route knowledge. */
export function RemindersForm({ settings }: { settings: NotificationSettings }) {
  // A ticked push choice without a registered device would promise reminders that never come.
  const devices = usePushSubscriptions();
  const { form, frame } = useSettingsForm(
    formSchema,
    {
      thresholds: settings.reminderThresholds.map(String),
      mail: settings.reminderMail,
      push: settings.reminderPush,
    } as Values,
    toInput,
  );

  return (
    <SettingsForm title="Erinnerungen" {...frame}>
      <Checkbox.Group
        label="Erinnern, wenn die Streckenkunde abläuft"
        description="Für jede Strecke und jeden Zeitpunkt genau einmal; was am selben Tag fällig ist, kommt in einer Nachricht."
        {...form.getInputProps('thresholds')}
      >
        <Group gap="md" mt="xs">
          {REMINDER_THRESHOLDS.map((days) => (
            <Checkbox key={days} value={String(days)} label={thresholdLabel(days)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox label="Per E-Mail" {...form.getInputProps('mail', { type: 'checkbox' })} />
      <Checkbox label="Als Push-Benachrichtigung" {...form.getInputProps('push', { type: 'checkbox' })} />
      {form.values.push && devices.data?.length === 0 && (
        <Alert color="yellow" role="status" p="xs">
          Noch kein Gerät angemeldet: Push-Erinnerungen kommen erst, wenn Sie unten unter „Push-Benachrichtigungen“ ein
          Gerät aktivieren.
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        Erinnerungen gehen ab 7 Uhr ({settings.timezone}) hinaus. War der Server an einem Tag nicht erreichbar, kommt
        die Erinnerung beim nächsten Lauf – als verspätet markiert, nie doppelt. Eine neue Fahrt erledigt offene
        Erinnerungen.
      </Text>
    </SettingsForm>
  );
}
