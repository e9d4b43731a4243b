import { NumberInput, Switch, Text } from '@mantine/core';
import { BETRIEB_LIMITS, coverageAlertSchema, type Betrieb } from '@streckenpass/contract/betriebe';
import { COVERAGE_WINDOW_DAYS } from '@streckenpass/contract/matrix';
import { FormFrame } from '../../../components/form-frame';
import { FormSubmit } from '../../../components/form-submit';
import { sentValuesSchema, useContractForm } from '../../../lib/use-contract-form';
import { useSetCoverageAlert } from '../api/betriebe';

interface Values {
  wanted: boolean;
  minDrivers: number | string;
}

const toSent = (values: Values) => ({
  minDrivers: values.wanted ? (values.minDrivers === '' ? Number.NaN : Number(values.minDrivers)) : null,
});

/**
 * The Disponent's weekly coverage mail (issue 28 item 5), for the caller's own membership: on or off, and how many
 * drivers each requirement needs beyond the next 30 days before the mail names it.
 */
export function CoverageAlertForm({ betrieb }: { betrieb: Betrieb }) {
  const save = useSetCoverageAlert(betrieb.id);
  const current = betrieb.coverageAlertMin ?? null;
  const { form, onSubmit, isPending, formError } = useContractForm(
    sentValuesSchema(coverageAlertSchema, toSent),
    save,
    {
      initialValues: { wanted: current !== null, minDrivers: current ?? 2 } as Values,
      toVariables: toSent,
      onSuccess: (_result, values, contractForm) => contractForm.resetDirty(values),
    },
  );
  return (
    <FormFrame label="Wöchentlicher Hinweis zur Abdeckung" onSubmit={onSubmit} formError={formError}>
      <Switch
        label="Wöchentlicher Hinweis zur Abdeckung"
        description={
          `Montags eine Mail: welche Anforderungen über die nächsten ${COVERAGE_WINDOW_DAYS} Tage hinaus zu wenige ` +
          'streckenkundige Fahrer/innen haben, und wessen Streckenkunde in dieser Zeit endet. Ohne Befund keine Mail.'
        }
        {...form.getInputProps('wanted', { type: 'checkbox' })}
      />
      {form.values.wanted && (
        <NumberInput
          label="Mindestens streckenkundig je Anforderung"
          suffix=" Fahrer/innen"
          min={1}
          max={BETRIEB_LIMITS.coverageAlertMinMax}
          allowDecimal={false}
          maw={280}
          {...form.getInputProps('minDrivers')}
        />
      )}
      {form.isDirty() ? (
        <FormSubmit loading={isPending}>Hinweis speichern</FormSubmit>
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {current === null
            ? 'Sie bekommen keinen wöchentlichen Hinweis.'
            : `Gespeichert: Hinweis, wenn weniger als ${current} Fahrer/innen streckenkundig sind.`}
        </Text>
      )}
    </FormFrame>
  );
}
