import { Alert, Button, Card, Divider, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isCalendarDate, validUntil, type ValidityPeriod } from '@streckenpass/contract/knowledge';
import { createRouteSchema } from '@streckenpass/contract/routes';
import { useState, type ReactNode } from 'react';
import { formatDate, todayInput } from '../../../lib/dates';
import { submitErrors } from '../../../lib/form-errors';
import { zodFieldValidator } from '../../../lib/form';
import { useStationIndex } from '../api/stations';
import { StationField } from './station-field';

export interface RouteFormValues {
  name: string;
  companyRoute: string;
  startPoint: string;
  endPoint: string;
  /** DS100 codes of the chosen stations; null = free text. */
  startStation: string | null;
  endStation: string | null;
  /** "Zuletzt gefahren am" (yyyy-mm-dd), only on create; empty = no first record. */
  lastDriven: string;
  period: ValidityPeriod;
}

const emptyValues: RouteFormValues = {
  name: '',
  companyRoute: '',
  startPoint: '',
  endPoint: '',
  startStation: null,
  endStation: null,
  lastDriven: '',
  period: 'year',
};

const masterDataFields = ['name', 'companyRoute', 'startPoint', 'endPoint', 'startStation', 'endStation'] as const;
const validateMasterData = zodFieldValidator(createRouteSchema);

function validate(values: RouteFormValues): Record<string, string> {
  const errors = validateMasterData({
    name: values.name,
    companyRoute: values.companyRoute,
    startPoint: values.startPoint,
    endPoint: values.endPoint,
  });
  if (values.lastDriven) {
    if (!isCalendarDate(values.lastDriven)) errors.lastDriven = 'Bitte ein gültiges Datum angeben.';
    else if (values.lastDriven > todayInput()) errors.lastDriven = 'Das Datum darf nicht in der Zukunft liegen.';
  }
  return errors;
}

/**
 * The master data of a route (create and edit), with the optional first date on create. `onSubmit` saves; when it
 * throws, the input stays, 422 violations land on their fields and a German message appears above the form.
 */
export function RouteForm({
  heading,
  submitLabel,
  initialValues,
  withLastDriven = false,
  onSubmit,
  actions,
}: {
  heading: string;
  submitLabel: string;
  initialValues?: Partial<RouteFormValues>;
  withLastDriven?: boolean;
  onSubmit: (values: RouteFormValues) => Promise<unknown>;
  /** Further buttons above the submit button ("Zurück zur Ansicht", "Eintrag löschen"). */
  actions?: ReactNode;
}) {
  const form = useForm<RouteFormValues>({
    initialValues: { ...emptyValues, ...initialValues },
    validate,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const stations = useStationIndex();
  const pointField = (text: 'startPoint' | 'endPoint', code: 'startStation' | 'endStation') => {
    const input = form.getInputProps(text);
    return {
      value: form.values[text],
      station: form.values[code],
      index: stations,
      error: input.error ?? form.errors[code],
      onBlur: input.onBlur,
      onChange: (value: string, station: string | null) => {
        form.setFieldValue(text, value);
        form.setFieldValue(code, station);
      },
    };
  };

  const submit = async (values: RouteFormValues) => {
    setFailure(null);
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const { fields, message } = submitErrors(error, masterDataFields);
      form.setErrors(fields);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  const { lastDriven, period } = form.values;
  const until = lastDriven && isCalendarDate(lastDriven) ? validUntil(lastDriven, period) : null;

  return (
    <Card maw={560} w="100%">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {heading}
          </Title>
          {failure && (
            <Alert color="red" role="alert" title="Nicht gespeichert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Name der Strecke"
            placeholder="Der Name der Strecke"
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Unternehmens-Kürzel (optional)"
            placeholder="Interne Streckenbezeichnung"
            {...form.getInputProps('companyRoute')}
          />
          <Divider />
          <StationField
            label="Start der Strecke"
            placeholder="DS100-Kürzel oder Bahnhof, z. B. FF"
            required
            {...pointField('startPoint', 'startStation')}
          />
          <StationField
            label="Ende der Strecke"
            placeholder="DS100-Kürzel oder Bahnhof, z. B. RK"
            required
            {...pointField('endPoint', 'endStation')}
          />
          {withLastDriven && (
            <>
              <Divider />
              <TextInput
                type="date"
                label="Zuletzt gefahren am (optional)"
                description="Mit einem Datum wird die Streckenkunde gleich mit erfasst."
                max={todayInput()}
                {...form.getInputProps('lastDriven')}
              />
              <Radio.Group label="Gültigkeit" {...form.getInputProps('period')}>
                <Group gap="lg" mt={6}>
                  <Radio value="year" label="1 Jahr" disabled={!lastDriven} />
                  <Radio value="half-year" label="½ Jahr" disabled={!lastDriven} />
                </Group>
              </Radio.Group>
              {until && (
                <Text size="sm" c="dimmed" aria-live="polite">
                  Streckenkunde gültig bis {formatDate(until)}
                </Text>
              )}
            </>
          )}
          <Stack gap="xs" mt="xs">
            {actions}
            <Button type="submit" fullWidth loading={saving}>
              {submitLabel}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
