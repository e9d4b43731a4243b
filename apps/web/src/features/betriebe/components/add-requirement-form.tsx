import { NumberInput, TextInput } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { createRequirementSchema } from '@streckenpass/contract/requirements';
import { StationField } from '../../../components/station-field';
import { useStationIndex } from '../../../lib/stations';
import { routeRequirements } from '../api/requirements';
import { MinimumInput } from './requirement-minimum';
import { RequirementForm, useRequirementForm } from './requirement-form';

interface Values {
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
  const empty = [line, fromKm, toKm].every((value) => value === '');
  return {
    startStation: values.startStation ?? '',
    endStation: values.endStation ?? '',
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

const KM_FIELDS = [
  { field: 'fromKm', label: 'Von km', placeholder: 'z. B. 0,0' },
  { field: 'toKm', label: 'Bis km', placeholder: 'z. B. 34,5' },
] as const;

/**
 * The add form (admins): start and end from the station list, optional Kürzel, line section (line number and km, as
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
  return (
    <RequirementForm label="Anforderung hinzufügen" betrieb={betrieb} depotLabel="Depot (optional)" {...frame}>
      {STATION_SIDES.map((side) => (
        <StationField key={side.text} required {...side.field} {...stationField(side.text, side.code)} />
      ))}
      <TextInput
        label="Kürzel des Betriebs (optional)"
        placeholder="z. B. KBS 805"
        {...form.getInputProps('companyRoute')}
      />
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
      <MinimumInput {...form.getInputProps('minDrivers')} />
    </RequirementForm>
  );
}
