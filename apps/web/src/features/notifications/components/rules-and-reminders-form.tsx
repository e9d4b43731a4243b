import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import {
  REMINDER_THRESHOLDS,
  thresholdLabel,
  updateNotificationSettingsSchema,
  type NotificationSettings,
} from '@streckenpass/contract/notifications';
import { useUpdateNotificationSettings } from '../api/notification-settings';
import { errorText } from '../error-text';
import { ValidityDaysInput } from '../../../components/validity-days-input';

type RuleChoice = 'year' | 'half-year' | 'custom';
type VehicleChoice = 'none' | 'year' | 'half-year' | 'custom';

interface Values {
  rule: RuleChoice;
  customDays: number | string;
  vehicleRule: VehicleChoice;
  vehicleCustomDays: number | string;
  thresholds: string[];
  mail: boolean;
  push: boolean;
}

const choiceOf = (days: number | null): VehicleChoice =>
  days === null
    ? 'none'
    : days === VALIDITY_DAYS_YEAR
      ? 'year'
      : days === VALIDITY_DAYS_HALF_YEAR
        ? 'half-year'
        : 'custom';

const daysOf = (choice: VehicleChoice, custom: number | string): number | null =>
  choice === 'none'
    ? null
    : choice === 'year'
      ? VALIDITY_DAYS_YEAR
      : choice === 'half-year'
        ? VALIDITY_DAYS_HALF_YEAR
        : typeof custom === 'number'
          ? custom
          : Number.NaN;

function toInput(values: Values) {
  return {
    validityDays: daysOf(values.rule, values.customDays) ?? VALIDITY_DAYS_YEAR,
    vehicleValidityDays: daysOf(values.vehicleRule, values.vehicleCustomDays),
    reminderThresholds: values.thresholds.map(Number),
    reminderMail: values.mail,
    reminderPush: values.push,
  };
}

/** The account's validity rules and reminder choices: one form, checked by the contract's schema. */
export function RulesAndRemindersForm({ settings }: { settings: NotificationSettings }) {
  const save = useUpdateNotificationSettings();
  const form = useForm<Values>({
    initialValues: {
      rule: choiceOf(settings.validityDays) as RuleChoice,
      customDays: choiceOf(settings.validityDays) === 'custom' ? settings.validityDays : 90,
      vehicleRule: choiceOf(settings.vehicleValidityDays),
      vehicleCustomDays: settings.vehicleValidityDays ?? 90,
      thresholds: settings.reminderThresholds.map(String),
      mail: settings.reminderMail,
      push: settings.reminderPush,
    },
    validate: (values) => {
      const result = updateNotificationSettingsSchema.safeParse(toInput(values));
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        const key =
          field === 'validityDays'
            ? 'customDays'
            : field === 'vehicleValidityDays'
              ? 'vehicleCustomDays'
              : 'thresholds';
        errors[key] ??= issue.message;
      }
      return errors;
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(toInput(values)))}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Gültigkeit der Streckenkunde
        </Title>
        <Radio.Group
          label="Eine Fahrt gilt standardmäßig"
          description="Gilt für jede Strecke ohne eigene Regel. Eine Strecke kann in ihrem Formular abweichen."
          {...form.getInputProps('rule')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="year" label="1 Jahr (364 Tage)" />
            <Radio value="half-year" label="½ Jahr (182 Tage)" />
            <Radio value="custom" label="Eigene Anzahl Tage (Vorgabe Ihres Unternehmens)" />
          </Stack>
        </Radio.Group>
        {form.values.rule === 'custom' && <ValidityDaysInput label="Tage" {...form.getInputProps('customDays')} />}
        <Radio.Group
          label="Fahrzeugkunde gilt"
          description="Ohne Ablauf zählt nur, wann ein Fahrzeug zuletzt gefahren wurde."
          {...form.getInputProps('vehicleRule')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="none" label="ohne Ablauf" />
            <Radio value="year" label="1 Jahr (364 Tage)" />
            <Radio value="half-year" label="½ Jahr (182 Tage)" />
            <Radio value="custom" label="Eigene Anzahl Tage" />
          </Stack>
        </Radio.Group>
        {form.values.vehicleRule === 'custom' && (
          <ValidityDaysInput label="Tage für Fahrzeuge" {...form.getInputProps('vehicleCustomDays')} />
        )}

        <Title order={2} size="h4" mt="md">
          Erinnerungen
        </Title>
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
        <Text size="xs" c="dimmed">
          Erinnerungen gehen ab 7 Uhr ({settings.timezone}) hinaus. War der Server an einem Tag nicht erreichbar, kommt
          die Erinnerung beim nächsten Lauf – als verspätet markiert, nie doppelt. Eine neue Fahrt erledigt offene
          Erinnerungen.
        </Text>
        {save.isSuccess && (
          <Alert color="green" role="status">
            Einstellungen erfolgreich gespeichert.
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
