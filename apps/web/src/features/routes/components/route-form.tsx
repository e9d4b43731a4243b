import { effectiveValidityDays } from '@streckenpass/contract/knowledge';
import { Divider, Select, Text, TextInput } from '@mantine/core';
import { VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import { addDays, isCalendarDate } from '@streckenpass/contract/knowledge';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate, todayInput } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAccountKeepingWays, useAccountValidityDays } from '../../../lib/account-validity';
import { KeepingWaysField } from '../../../components/drive-manner-fields';
import { FirstAcquisitionField } from '../../../components/first-acquisition-field';
import { DEFAULT_KEEPING_WAYS, keepingWaysLabel } from '@streckenpass/contract/drive-ways';
import { useStationIndex } from '../../../lib/stations';
import { StationField } from '../../../components/station-field';
import { ValidityDaysInput } from '../../../components/validity-days-input';
import { RecordForm, type RecordFormTexts } from '../../../components/record-form';
import { DateField } from '../../../components/date-field';
import { accountRuleLabel, RECORD_FIELD_LABELS, TERMS } from '@streckenpass/contract/terms';
import { emptyRouteValues, ruleDaysOf, type RouteFormValues } from '../route-form-values';
import { nameAfterStations, proposedRouteName } from '../route-name';
import { resolvePath } from './resolve-path';
import { routeFormSchema } from './route-form-schema';
import { RoutePathField } from './route-path-field';
import { KnowledgeKindField } from '../../../components/knowledge-kind-field';
import { proposedPlaceName, type KnowledgeKind } from '@streckenpass/contract/knowledge-items';
import type { StationIndex } from '@streckenpass/contract/stations';

/** The name field of the form. */
const ROUTE_NAME = { label: 'Name der Strecke', placeholder: 'Der Name der Strecke' };
const PLACE_NAME = { label: 'Name', placeholder: 'z. B. Ortskunde Frankfurt (Main) Hbf' };

/** The name a route's stations, or a place's one, propose; null until chosen from the list. */
function proposedName(
  stations: StationIndex | null,
  values: Pick<RouteFormValues, 'kind' | 'startStation' | 'endStation'>,
): string | null {
  if (values.kind === 'route') return proposedRouteName(stations, values.startStation, values.endStation);
  const station = values.startStation ? stations?.byCode(values.startStation) : undefined;
  return station ? proposedPlaceName(station) : null;
}

/**
 * The master data of a route (create and edit), with the optional first date on create. `onSubmit` saves (the page's
 * create or update, with what follows it); it runs as a mutation, so its pending state is the button's. When it
 * throws, the input stays, 422 violations land on their fields and a German message appears above the form.
 */
export function RouteForm({
  initialValues,
  withLastDriven = false,
  onSubmit,
  ...texts
}: RecordFormTexts & {
  initialValues?: Partial<RouteFormValues>;
  withLastDriven?: boolean;
  onSubmit: (values: RouteFormValues) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const start = { ...emptyRouteValues, ...initialValues };
  // The page's save may be more than one request; the mutations inside it decide about the network.
  const save = useMutation({
    mutationFn: async (values: RouteFormValues) =>
      onSubmit({ ...values, path: await resolvePath(values, start, queryClient) }),
    networkMode: 'always',
  });
  const contract = useContractForm(routeFormSchema, save, { initialValues: start });
  const { form } = contract;
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
        const values = form.getValues();
        const ends = { startStation: values.startStation, endStation: values.endStation, [code]: station };
        const before = proposedName(stations, values);
        const proposal = proposedName(stations, { ...values, ...ends });
        form.setFieldValue(text, value);
        form.setFieldValue(code, station);
        // Both ends chosen: the name is proposed from them, editable ("Frankfurt (Main) Hbf – Mannheim Hbf").
        const name = nameAfterStations(values.name, before, proposal);
        if (name !== values.name) form.setFieldValue('name', name);
      },
    };
  };
  const place = form.values.kind === 'place';
  /** Route or place: the proposed name follows the choice while the driver has not written one. */
  const chooseKind = (kind: KnowledgeKind) => {
    const values = form.getValues();
    const name = nameAfterStations(
      values.name,
      proposedName(stations, values),
      proposedName(stations, { ...values, kind }),
    );
    form.setValues({ kind, name });
  };

  const accountDays = useAccountValidityDays();
  const accountWays = useAccountKeepingWays() ?? DEFAULT_KEEPING_WAYS;
  const { lastDriven } = form.values;
  const ownDays = ruleDaysOf(form.values);
  const ruleDays = effectiveValidityDays(
    ownDays !== null && Number.isInteger(ownDays) ? ownDays : null,
    accountDays ?? VALIDITY_DAYS_YEAR,
  );
  // One place for validity: the first drive follows the rule above, like every later one.
  const until = lastDriven && isCalendarDate(lastDriven) ? addDays(lastDriven, ruleDays) : null;

  return (
    <RecordForm narrow texts={texts} contract={contract} name={place ? PLACE_NAME : ROUTE_NAME}>
      <KnowledgeKindField value={form.values.kind} onChange={chooseKind} />
      <TextInput
        label={`${TERMS.companyRoute} (optional)`}
        description="Die Streckennummer oder Bezeichnung Ihres Unternehmens, z. B. KBS 450"
        placeholder="z. B. KBS 450"
        {...form.getInputProps('companyRoute')}
      />
      <Divider />
      <StationField
        label={place ? TERMS.operatingPoint : 'Start der Strecke'}
        placeholder="DS100-Kürzel oder Bahnhof, z. B. FF"
        required
        {...pointField('startPoint', 'startStation')}
      />
      {/* A place is its one station: no end, no path (issue 41 item 4). */}
      {!place && (
        <>
          <StationField
            label="Ende der Strecke"
            placeholder="DS100-Kürzel oder Bahnhof, z. B. RK"
            required
            {...pointField('endPoint', 'endStation')}
          />
          <RoutePathField form={form} />
        </>
      )}
      <Divider />
      <Select
        label="Gültigkeitsregel"
        description="So lange gilt jede Fahrt auf dieser Strecke, auch die erste unten. Die Kontoregel stellen Sie unter Konto › Gültigkeit ein."
        data={[
          { value: 'account', label: accountRuleLabel(validityRuleLabel(accountDays ?? VALIDITY_DAYS_YEAR)) },
          { value: 'year', label: '1 Jahr (364 Tage)' },
          { value: 'half-year', label: '½ Jahr (182 Tage)' },
          { value: 'custom', label: 'Eigene Anzahl Tage' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('rule')}
      />
      {form.values.rule === 'custom' && <ValidityDaysInput label="Tage" {...form.getInputProps('ruleDays')} />}
      <Select
        label={RECORD_FIELD_LABELS.keepingWays}
        description={`Welche Arten der Fahrt die Streckenkunde dieser Strecke erhalten; die anderen zählen nur für den Ersterwerb. Im Konto: ${keepingWaysLabel(accountWays)}.`}
        data={[
          // The account's ways are named in the description: in the field they would be cut on a phone.
          { value: 'account', label: 'wie im Konto' },
          { value: 'own', label: 'Eigene Auswahl' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('waysRule')}
      />
      {form.values.waysRule === 'own' && <KeepingWaysField {...form.getInputProps('keepingWays')} />}
      {/* A place's first acquisition counts every drive: it has no direction (migration 0022). */}
      {
        <FirstAcquisitionField
          place={place}
          label={
            place
              ? 'Ersterwerb verlangen, bevor die Ortskunde als bekannt gilt'
              : 'Ersterwerb verlangen, bevor die Strecke als bekannt gilt'
          }
          value={form.values.firstAcquisition}
          onChange={(value) => form.setFieldValue('firstAcquisition', value)}
          errors={{
            drives: form.errors['firstAcquisition.drives'] as string | undefined,
            dark: form.errors['firstAcquisition.dark'] as string | undefined,
            days: form.errors['firstAcquisition.days'] as string | undefined,
          }}
        />
      }
      {withLastDriven && (
        <>
          <Divider />
          <DateField
            label="Zuletzt gefahren am (optional)"
            description="Mit einem Datum wird die Streckenkunde gleich mit erfasst, nach der Gültigkeitsregel oben."
            max={todayInput()}
            {...form.getInputProps('lastDriven')}
          />
          {until && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {place ? TERMS.place : TERMS.routeKnowledge} gültig bis {formatDate(until)}
            </Text>
          )}
        </>
      )}
    </RecordForm>
  );
}
