import { NumberInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { createRequirementSchema } from '@streckenpass/contract/requirements';
import { StationField } from '../../../components/station-field';
import { KnowledgeKindField } from '../../../components/knowledge-kind-field';
import type { KnowledgeKind } from '@streckenpass/contract/knowledge-items';
import { TERMS } from '@streckenpass/contract/terms';
import { useStationIndex } from '../../../lib/stations';
import { routeRequirements } from '../api/requirements';
import { MinimumInput } from './requirement-minimum';
import { RequirementForm, useRequirementForm } from './requirement-form';

interface Values {
  /** A station pair, or a place (Ortskunde, issue 41 item 4): one station, sent as both ends, without a section. */
  kind: KnowledgeKind;
  startText: string;
  startStation: string | null;
  endText: string;
  endStation: string | null;
  companyRoute: string;
  /** The optional line section; all empty = none. NumberInput's values: a number, or '' while empty. */
  section: { line: number | string; fromKm: number | string; toKm: number | string };
  depot: string | null;
  /** The requirement's own minimum of drivers; '' = the reader's (the coverage alert's). */
  minDrivers: number | string;
}
const emptyValues: Values = {
  kind: 'route',
  startText: '',
  startStation: null,
  endText: '',
  endStation: null,
  companyRoute: '',
  section: { line: '', fromKm: '', toKm: '' },
  depot: null,
  minDrivers: '',
};

/** A NumberInput's value as checked: its number, or NaN while empty (the contract then names the missing field). */
const numberOf = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

const toSent = (values: Values) => {
  const { line, fromKm, toKm } = values.section;
  const place = values.kind === 'place';
  const empty = place || [line, fromKm, toKm].every((value) => value === '');
  return {
    startStation: values.startStation ?? '',
    endStation: (place ? values.startStation : values.endStation) ?? '',
    companyRoute: values.companyRoute,
    section: empty ? null : { line: numberOf(line), fromKm: numberOf(fromKm), toKm: numberOf(toKm) },
    depot: values.depot ? Number(values.depot) : null,
    minDrivers: values.minDrivers === '' ? null : numberOf(values.minDrivers),
  };
};

const STATION_SIDES = [
  {
    text: 'startText',
    code: 'startStation',
    field: { label: 'Start (Betriebsstelle)', placeholder: 'DS100-Kürzel oder Bahnhof, z. B. NWH' },
  },
  {
    text: 'endText',
    code: 'endStation',
    field: { label: 'Ende (Betriebsstelle)', placeholder: 'DS100-Kürzel oder Bahnhof, z. B. NF' },
  },
] as const;

/** A place's one station (sent as start and end). */
const PLACE_FIELD = { label: TERMS.operatingPoint, placeholder: 'DS100-Kürzel oder Bahnhof, z. B. NWH' };

const KM_FIELDS = [
  { field: 'fromKm', label: 'Von km', placeholder: 'z. B. 0,0' },
  { field: 'toKm', label: 'Bis km', placeholder: 'z. B. 34,5' },
] as const;

/**
 * The add form (admins): start and end from the station list — or one station, a place (Ortskunde) —, optional Kürzel, line section (line number and km, as
 * the Verzeichnis der örtlich zulässigen Geschwindigkeiten counts them), depot and its own minimum of drivers.
 */
export function AddRequirementForm({ betrieb }: { betrieb: Betrieb }) {
  const create = routeRequirements.useCreate(betrieb.id);
  const stations = useStationIndex();
  const { form, frame } = useRequirementForm(createRequirementSchema, toSent, create, emptyValues);

  const stationField = (text: 'startText' | 'endText', code: 'startStation' | 'endStation') => ({
    value: form.values[text],
    station: form.values[code],
    index: stations,
    error: form.errors[code],
    onChange: (value: string, station: string | null) => {
      form.setFieldValue(text, value);
      form.setFieldValue(code, station);
    },
  });
  const place = form.values.kind === 'place';
  return (
    <RequirementForm label="Anforderung hinzufügen" betrieb={betrieb} depotLabel="Depot (optional)" {...frame}>
      <KnowledgeKindField value={form.values.kind} onChange={(kind) => form.setFieldValue('kind', kind)} />
      {place ? (
        <StationField required {...PLACE_FIELD} {...stationField('startText', 'startStation')} />
      ) : (
        STATION_SIDES.map((side) => (
          <StationField key={side.text} required {...side.field} {...stationField(side.text, side.code)} />
        ))
      )}
      <TextInput
        label="Kürzel des Betriebs (optional)"
        placeholder="z. B. KBS 805"
        {...form.getInputProps('companyRoute')}
      />
      {/* A place has no line section (the contract refuses one). */}
      {!place && <SectionFields form={form} />}
      <MinimumInput {...form.getInputProps('minDrivers')} />
    </RequirementForm>
  );
}

/** The optional line section: line number and km, as the Verzeichnis der örtlich zulässigen Geschwindigkeiten counts them. */
function SectionFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <NumberInput
        label="Streckennummer (optional)"
        description="Streckenabschnitt: Jede Strecke, deren Weg ihn abdeckt, erfüllt die Anforderung"
        placeholder="z. B. 4010"
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('section.line')}
      />
      {KM_FIELDS.map(({ field, label, placeholder }) => (
        <NumberInput
          key={field}
          label={label}
          placeholder={placeholder}
          decimalSeparator=","
          decimalScale={3}
          {...form.getInputProps(`section.${field}`)}
        />
      ))}
    </>
  );
}
