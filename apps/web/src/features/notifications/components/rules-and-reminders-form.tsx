import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import {
  REMINDER_THRESHOLDS,
  thresholdLabel,
  updateNotificationSettingsSchema,
  type NotificationSettings,
} from '@streckenpass/contract/notifications';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useUpdateNotificationSettings } from '../api/notification-settings';
import { errorText } from '../error-text';
import { FormError } from '../../../components/form-error';
import { ValidityDaysInput } from '../../../components/validity-days-input';
import { sentValuesSchema, useContractForm } from '../../../lib/use-contract-form';
import { usePushSubscriptions } from '../api/push-subscriptions';

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

/** The choices both rules offer. */
const FIXED_PERIODS: [string, string][] = [
  ['year', '1 Jahr (364 Tage)'],
  ['half-year', '½ Jahr (182 Tage)'],
];

/** A validity rule to choose; "custom" asks for the number of days below the choices. */
function RuleRadios({
  label,
  description,
  choices,
  rule,
  daysLabel,
  days,
}: {
  label: string;
  description: string;
  /** Value and label of each choice, in order. */
  choices: [string, string][];
  rule: GetInputPropsReturnType;
  daysLabel: string;
  days: GetInputPropsReturnType;
}) {
  return (
    <>
      <Radio.Group label={label} description={description} {...rule}>
        <Stack gap="xs" mt="xs">
          {choices.map(([value, choiceLabel]) => (
            <Radio key={value} value={value} label={choiceLabel} />
          ))}
        </Stack>
      </Radio.Group>
      {rule.value === 'custom' && <ValidityDaysInput label={daysLabel} {...days} />}
    </>
  );
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

/** Which field shows a rule of the contract's schema: the days of a rule, else the thresholds. */
const FIELD_OF: Record<string, keyof Values> = { validityDays: 'customDays', vehicleValidityDays: 'vehicleCustomDays' };

/** The contract's schema, checked on what the form sends. */
const formSchema = sentValuesSchema(
  updateNotificationSettingsSchema,
  toInput,
  (path) => FIELD_OF[String(path[0])] ?? 'thresholds',
);

/** The account's validity rules and reminder choices: one form, checked by the contract's schema. */
export function RulesAndRemindersForm({ settings }: { settings: NotificationSettings }) {
  const save = useUpdateNotificationSettings();
  // A ticked push choice without a registered device would promise reminders that never come.
  const devices = usePushSubscriptions();
  const { form, onSubmit, isPending, formError } = useContractForm(formSchema, save, {
    initialValues: {
      rule: choiceOf(settings.validityDays) as RuleChoice,
      customDays: choiceOf(settings.validityDays) === 'custom' ? settings.validityDays : 90,
      vehicleRule: choiceOf(settings.vehicleValidityDays),
      vehicleCustomDays: settings.vehicleValidityDays ?? 90,
      thresholds: settings.reminderThresholds.map(String),
      mail: settings.reminderMail,
      push: settings.reminderPush,
    } as Values,
    toVariables: toInput,
    errorMessage: errorText,
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Gültigkeit der Streckenkunde
        </Title>
        <RuleRadios
          label="Eine Fahrt gilt standardmäßig"
          description="Gilt für jede Strecke ohne eigene Regel. Eine Strecke kann in ihrem Formular abweichen."
          choices={[...FIXED_PERIODS, ['custom', 'Eigene Anzahl Tage (Vorgabe Ihres Unternehmens)']]}
          rule={form.getInputProps('rule')}
          daysLabel="Tage"
          days={form.getInputProps('customDays')}
        />
        <RuleRadios
          label="Fahrzeugkunde gilt"
          description="Ohne Ablauf zählt nur, wann ein Fahrzeug zuletzt gefahren wurde."
          choices={[['none', 'ohne Ablauf'], ...FIXED_PERIODS, ['custom', 'Eigene Anzahl Tage']]}
          rule={form.getInputProps('vehicleRule')}
          daysLabel="Tage für Fahrzeuge"
          days={form.getInputProps('vehicleCustomDays')}
        />

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
        {form.values.push && devices.data?.length === 0 && (
          <Alert color="yellow" role="status" p="xs">
            Noch kein Gerät angemeldet: Push-Erinnerungen kommen erst, wenn Sie unten unter „Push-Benachrichtigungen“
            ein Gerät aktivieren.
          </Alert>
        )}
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
        <FormError error={formError} />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
