import { Radio, Stack } from '@mantine/core';
import { DEFAULT_KEEPING_WAYS, DRIVE_WAYS, type DriveWay } from '@streckenpass/contract/drive-ways';
import { KeepingWaysField } from '../../../components/drive-manner-fields';
import { VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import { updateNotificationSettingsSchema, type NotificationSettings } from '@streckenpass/contract/notifications';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useSettingsForm } from '../use-settings-form';
import { SettingsForm } from './settings-form';
import { ValidityDaysInput } from '../../../components/validity-days-input';
import { sentValuesSchema } from '../../../lib/use-contract-form';

type RuleChoice = 'year' | 'half-year' | 'custom';
type VehicleChoice = 'none' | 'year' | 'half-year' | 'custom';

interface Values {
  rule: RuleChoice;
  customDays: number | string;
  vehicleRule: VehicleChoice;
  vehicleCustomDays: number | string;
  keepingWays: DriveWay[];
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
    keepingWays: values.keepingWays,
  };
}

/** Which field shows a rule of the contract's schema. */
const FIELD_OF: Record<string, keyof Values> = {
  validityDays: 'customDays',
  vehicleValidityDays: 'vehicleCustomDays',
  keepingWays: 'keepingWays',
};

/** The contract's schema, checked on what the form sends. */
const formSchema = sentValuesSchema(
  updateNotificationSettingsSchema,
  toInput,
  (path) => FIELD_OF[String(path[0])] ?? 'customDays',
);

/**
 * The account's validity rules, the one place where they are set (a route's own rule, in its form, is the only
 * exception): how long a drive keeps a route known, and how long a vehicle stays known.
 */
export function ValidityRulesForm({ settings }: { settings: NotificationSettings }) {
  const { form, frame } = useSettingsForm(
    formSchema,
    {
      rule: choiceOf(settings.validityDays) as RuleChoice,
      customDays: choiceOf(settings.validityDays) === 'custom' ? settings.validityDays : 90,
      vehicleRule: choiceOf(settings.vehicleValidityDays),
      vehicleCustomDays: settings.vehicleValidityDays ?? 90,
      // A copy stored by an older build has none: the contract's default, as the server has it.
      keepingWays: [...(settings.keepingWays ?? DEFAULT_KEEPING_WAYS)],
    } as Values,
    // The ways only when they changed: a new rule recomputes every route's validity on the server.
    (values) => {
      const { keepingWays, ...input } = toInput(values);
      const ways = DRIVE_WAYS.filter((way) => keepingWays.includes(way));
      return ways.join() === (settings.keepingWays ?? DEFAULT_KEEPING_WAYS).join()
        ? input
        : { ...input, keepingWays: ways };
    },
  );

  return (
    <SettingsForm title="Gültigkeit der Streckenkunde" {...frame}>
      <RuleRadios
        label="Eine Fahrt gilt standardmäßig"
        description="Gilt für jede Strecke ohne eigene Regel. Eine Strecke kann in ihrem Formular abweichen."
        choices={[...FIXED_PERIODS, ['custom', 'Eigene Anzahl Tage (Vorgabe Ihres Unternehmens)']]}
        rule={form.getInputProps('rule')}
        daysLabel="Tage"
        days={form.getInputProps('customDays')}
      />
      <KeepingWaysField
        description="Die anderen zählen nur für den Ersterwerb. Gilt für jede Strecke ohne eigene Regel."
        {...form.getInputProps('keepingWays')}
      />
      <RuleRadios
        label="Fahrzeugkunde gilt"
        description="Ohne Ablauf zählt nur, wann ein Fahrzeug zuletzt gefahren wurde."
        choices={[['none', 'ohne Ablauf'], ...FIXED_PERIODS, ['custom', 'Eigene Anzahl Tage']]}
        rule={form.getInputProps('vehicleRule')}
        daysLabel="Tage für Fahrzeuge"
        days={form.getInputProps('vehicleCustomDays')}
      />
    </SettingsForm>
  );
}
