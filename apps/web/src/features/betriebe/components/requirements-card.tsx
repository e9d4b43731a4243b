import { Alert, Badge, Button, List, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatNumber } from '@streckenpass/contract/format';
import { IMPORT_MAX_MEGABYTES } from '@streckenpass/contract/import';
import { plural } from '@streckenpass/contract/plural';
import {
  createRequirementSchema,
  REQUIREMENT_IMPORT_COLUMNS,
  REQUIREMENT_MATCH_LABELS,
  type Requirement,
  type RequirementMatch,
} from '@streckenpass/contract/requirements';
import { sectionLabel } from '@streckenpass/contract/route-paths';
import { useState } from 'react';
import { CsvFileRead, CsvImportUpload } from '../../../components/checked-file-upload';
import { CardsOrTable, CellWithNote, type Column } from '../../../components/cards-or-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryContent, type ShownQuery } from '../../../components/query-content';
import { SkippedLinesAlert } from '../../../components/skipped-lines-alert';
import { StationField } from '../../../components/station-field';
import { TitledCard } from '../../../components/titled-card';
import { germanMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { useStationIndex } from '../../../lib/stations';
import {
  useImportRequirements,
  useLinkRequirement,
  usePreviewRequirementImport,
  routeRequirements,
} from '../api/requirements';
import { RequirementForm, useRequirementForm } from './requirement-form';
import { VehicleRequirements } from './vehicle-requirements';

/** A driver's own route, as the page hands it over for linking by hand. */
export interface OwnRoute {
  id: number;
  name: string;
}

interface Values {
  startText: string;
  startStation: string | null;
  endText: string;
  endStation: string | null;
  companyRoute: string;
  /** The optional line section; all empty = none. NumberInput's values: a number, or '' while empty. */
  section: { line: number | string; fromKm: number | string; toKm: number | string };
  depot: string | null;
}
const emptyValues: Values = {
  startText: '',
  startStation: null,
  endText: '',
  endStation: null,
  companyRoute: '',
  section: { line: '', fromKm: '', toKm: '' },
  depot: null,
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
  };
};

/** "Würzburg Hbf (NWH) – Fürth (Bay) Hbf (NF)". */
export const pairLabel = (requirement: Pick<Requirement, 'startStation' | 'endStation'>) =>
  `${requirement.startStation.name} (${requirement.startStation.code}) – ${requirement.endStation.name} (${requirement.endStation.code})`;

const scopeLabel = (requirement: Requirement) =>
  [
    requirement.companyRoute ? `Kürzel ${requirement.companyRoute}` : null,
    requirement.section ? sectionLabel(requirement.section) : null,
    requirement.depot ? `Depot ${requirement.depot.name}` : 'ganzer Betrieb',
  ]
    .filter(Boolean)
    .join(' · ');

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
 * the Verzeichnis der örtlich zulässigen Geschwindigkeiten counts them) and depot.
 */
function AddRequirementForm({ betrieb }: { betrieb: Betrieb }) {
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
    </RequirementForm>
  );
}

/** CSV import (admins): the file is checked first (preview and every bad line), written only when confirmed. */
function ImportRequirements({ betriebId }: { betriebId: number }) {
  const preview = usePreviewRequirementImport(betriebId);
  const run = useImportRequirements(betriebId);
  return (
    <CsvImportUpload
      label="Anforderungen aus CSV-Datei prüfen"
      description={
        `Spalten: ${REQUIREMENT_IMPORT_COLUMNS.join('; ')} (auch „Von“/„Bis“ oder „Ziel“); Start und Ende als ` +
        'DS100-Kürzel oder genauer Bahnhofsname, ein Streckenabschnitt wie „4010 km 0,0–34,5“. ' +
        `Höchstens ${IMPORT_MAX_MEGABYTES} MB. Gespeichert wird erst nach ` +
        'Bestätigung.'
      }
      preview={preview}
      run={run}
      importLabel={(data) => `${plural(data.added, 'Anforderung', 'Anforderungen')} importieren`}
      nothingToImport={(data) => data.added === 0}
    >
      {(data) => (
        <>
          <CsvFileRead data={data}>
            : {plural(data.added, 'neue Anforderung', 'neue Anforderungen')}, {formatNumber(data.existing)} schon
            vorhanden, {formatNumber(data.errorCount)} fehlerhaft.
          </CsvFileRead>
          <SkippedLinesAlert errorCount={data.errorCount} errors={data.errors} />
          {data.sample.length > 0 && (
            <List size="sm" spacing={2} aria-label="Vorschau der Anforderungen">
              {data.sample.map((row) => (
                <List.Item key={row.line}>
                  Zeile {row.line}: {pairLabel(row)}
                  {row.companyRoute ? ` · Kürzel ${row.companyRoute}` : ''}
                  {row.section ? ` · ${sectionLabel(row.section)}` : ''}
                  {row.depot ? ` · Depot ${row.depot}` : ''}
                  {row.existing ? ' (schon vorhanden)' : ''}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </CsvImportUpload>
  );
}

/** What the driver sees of their own knowledge for one requirement: the matching route and how it matches. */
function MatchText({ requirement }: { requirement: RequirementMatch }) {
  if (!requirement.match) return <>Keine Ihrer Strecken passt.</>;
  const { route, kind } = requirement.match;
  return (
    <>
      {route.name} ({REQUIREMENT_MATCH_LABELS[kind]}
      {route.validUntil ? `, gültig bis ${formatDate(route.validUntil)}` : ', noch nicht gefahren'})
    </>
  );
}

/** The driver's own link by hand: choose one of their routes, or take the link away. */
function LinkSelect({
  betriebId,
  requirement,
  ownRoutes,
}: {
  betriebId: number;
  requirement: RequirementMatch;
  ownRoutes: readonly OwnRoute[];
}) {
  const link = useLinkRequirement(betriebId);
  return (
    <Stack gap={4}>
      <Select
        aria-label={`Eigene Strecke für ${pairLabel(requirement)}`}
        placeholder="Eigene Strecke verknüpfen"
        clearable
        searchable
        disabled={link.isPending}
        data={ownRoutes.map((route) => ({ value: String(route.id), label: route.name }))}
        value={requirement.link ? String(requirement.link.id) : null}
        onChange={(value) => link.mutate({ requirementId: requirement.id, routeId: value ? Number(value) : null })}
        nothingFoundMessage="Keine Strecke gefunden"
      />
      {link.isError && (
        <Text size="sm" c="red" role="alert">
          {germanMessage(link.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The Betrieb's required route knowledge (issue 28 item 2). Every member sees the list; admins add, import and
 * delete requirements; a driver sees which of their own routes meets each one (by start and end, by the Betrieb's
 * Kürzel, or linked by hand) and links one by hand where none matches.
 */
export function RequirementsCard({ betrieb, ownRoutes }: { betrieb: Betrieb; ownRoutes?: readonly OwnRoute[] }) {
  const isAdmin = betrieb.role === 'admin';
  const isDriver = betrieb.role === 'driver';
  const list = routeRequirements.list.use(betrieb.id, !isDriver);
  const matches = routeRequirements.matches.use(betrieb.id, isDriver);
  const remove = routeRequirements.useDelete(betrieb.id);
  const [toDelete, setToDelete] = useState<Requirement | null>(null);

  const columns: Column<RequirementMatch>[] = [
    {
      header: 'Strecke',
      cell: (requirement) => <CellWithNote note={scopeLabel(requirement)}>{pairLabel(requirement)}</CellWithNote>,
    },
    ...(isDriver
      ? [
          {
            header: 'Ihre Strecke',
            cell: (requirement: RequirementMatch) => <MatchText requirement={requirement} />,
          },
          {
            header: 'Von Hand',
            cell: (requirement: RequirementMatch) => (
              <LinkSelect betriebId={betrieb.id} requirement={requirement} ownRoutes={ownRoutes ?? []} />
            ),
          },
        ]
      : []),
    ...(isAdmin
      ? [
          {
            header: 'Aktion',
            cell: (requirement: RequirementMatch) => (
              <DeleteButton requirement={requirement} onClick={() => setToDelete(requirement)} />
            ),
          },
        ]
      : []),
  ];

  const query: ShownQuery<(Requirement | RequirementMatch)[]> = isDriver ? matches : list;
  return (
    <TitledCard title="Anforderungen">
      <Text size="sm">
        {isDriver
          ? 'Die Streckenkunde, die der Betrieb verlangt, und welche Ihrer Strecken sie erfüllt: über Start und Ende ' +
            '(in beliebiger Richtung), über das Kürzel des Betriebs oder von Hand verknüpft.'
          : 'Die Streckenkunde, die der Betrieb verlangt: ein Paar von Betriebsstellen (in beliebiger Richtung), ' +
            'optional mit dem Kürzel des Betriebs, für den ganzen Betrieb oder ein Depot.'}
      </Text>
      {isAdmin && <AddRequirementForm betrieb={betrieb} />}
      {isAdmin && <ImportRequirements betriebId={betrieb.id} />}
      {remove.isError && (
        <Alert color="red" role="alert">
          {germanMessage(remove.error)}
        </Alert>
      )}
      <QueryContent query={query}>
        {(items: (Requirement | RequirementMatch)[]) => (
          <CardsOrTable<RequirementMatch>
            items={items.map((item) => ({ match: null, link: null, ...item }))}
            empty="Noch keine Anforderungen."
            itemKey={(requirement) => requirement.id}
            label="Anforderungen des Betriebs"
            columns={columns}
            card={(requirement) => ({
              title: pairLabel(requirement),
              subtitle: scopeLabel(requirement),
              badge: isDriver ? (
                <Badge color={requirement.match ? 'green' : 'gray'} variant="light">
                  {requirement.match ? 'erfüllt' : 'fehlt'}
                </Badge>
              ) : null,
              details: isDriver ? <MatchText requirement={requirement} /> : null,
              action: isDriver ? (
                <LinkSelect betriebId={betrieb.id} requirement={requirement} ownRoutes={ownRoutes ?? []} />
              ) : isAdmin ? (
                <DeleteButton requirement={requirement} onClick={() => setToDelete(requirement)} />
              ) : null,
            })}
          />
        )}
      </QueryContent>
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Anforderung löschen?"
        confirmLabel="Löschen"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
      >
        <Text size="sm">
          {toDelete ? pairLabel(toDelete) : ''} wird aus den Anforderungen entfernt; Verknüpfungen der
          Triebfahrzeugführer/innen damit gehen mit.
        </Text>
      </ConfirmDialog>
      <VehicleRequirements betrieb={betrieb} />
    </TitledCard>
  );
}

function DeleteButton({ requirement, onClick }: { requirement: Requirement; onClick: () => void }) {
  return (
    <Button color="red" variant="subtle" aria-label={`Anforderung ${pairLabel(requirement)} löschen`} onClick={onClick}>
      Löschen
    </Button>
  );
}
