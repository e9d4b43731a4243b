import { Alert, Group, List, Loader, NumberInput, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { LineSection, NetworkLinePoint, NetworkPath } from '@streckenpass/contract/network';
import {
  formatLineKm,
  formatPathKm,
  pathSummary,
  pointCodeOf,
  sectionLabel,
  sectionsKm,
} from '@streckenpass/contract/route-paths';
import { CodeInput } from '../../../components/code-input';
import { germanMessage, NetworkError } from '../../../lib/api-errors';
import { useLinePoints } from '../api/line-points';
import { useNetworkVersion, useRoutePath } from '../api/route-path';
import type { RouteFormValues } from '../route-form-values';
import { PathMap } from './path-map';

/** The server's sentence while no network is imported starts so (modules/network/network.routes.ts). */
const NO_NETWORK = 'Es ist kein Streckennetz importiert';

/** The path's ends as the form has them: linked stations, or typed codes (junctions have no station to link). */
export function pathEndsOf(values: Pick<RouteFormValues, 'startPoint' | 'endPoint' | 'startStation' | 'endStation'>) {
  return {
    from: pointCodeOf(values.startStation, values.startPoint),
    to: pointCodeOf(values.endStation, values.endPoint),
  };
}

/** The via point as typed: a code in upper case, or null. */
export function viaOf(values: Pick<RouteFormValues, 'via'>): string | null {
  const via = values.via.trim().toUpperCase();
  return via ? via : null;
}

/** The section given by line number and km, or null while the fields do not make one. */
export function lineSectionOf(
  values: Pick<RouteFormValues, 'lineNumber' | 'lineFromKm' | 'lineToKm'>,
): LineSection | null {
  const { lineNumber: line, lineFromKm: fromKm, lineToKm: toKm } = values;
  if (typeof line !== 'number' || typeof fromKm !== 'number' || typeof toKm !== 'number') return null;
  return { line, fromKm, toKm };
}

/** The line number as typed, when it is one (1–99999); null otherwise. */
export function lineNumberOf(values: Pick<RouteFormValues, 'lineNumber'>): number | null {
  const line = values.lineNumber;
  return typeof line === 'number' && Number.isInteger(line) && line >= 1 && line <= 99999 ? line : null;
}

/** An operating point as the choice by line lists it: "Frankfurt (Main) Hbf (FF) · km 0,0". */
export function linePointLabel(point: NetworkLinePoint): string {
  return `${point.name} (${point.code}) · km ${formatLineKm(point.km)}`;
}

const linePointValue = (point: NetworkLinePoint) => `${point.code}@${point.km}`;

/**
 * The choice of a line's operating points (issue 29 item 2): "von/bis Betriebsstelle" fill the km fields, which stay
 * editable; a point shows as chosen while its km is in the field (a km typed to match a point picks it, too).
 */
function LinePointFields({ form }: { form: UseFormReturnType<RouteFormValues> }) {
  // Typed digit by digit: asked once the typing pauses.
  const [line] = useDebouncedValue(lineNumberOf(form.values), 400);
  const points = useLinePoints(line);
  // The last choice per field: of two points at the same km, the one chosen stays shown.
  const [picked, setPicked] = useState<Record<'lineFromKm' | 'lineToKm', string | null>>({
    lineFromKm: null,
    lineToKm: null,
  });
  if (line === null) return null;
  if (points.isPending) {
    return (
      <Group gap="xs" aria-live="polite" mih={44}>
        <Loader size="sm" aria-hidden />
        <Text size="sm">Betriebsstellen der Strecke {line} werden geladen …</Text>
      </Group>
    );
  }
  if (points.isError) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {points.error instanceof NetworkError
          ? 'Ohne Verbindung können die Betriebsstellen der Strecke nicht geladen werden.'
          : germanMessage(points.error, 'Die Betriebsstellen der Strecke konnten nicht geladen werden.')}{' '}
        Die km können von Hand angegeben werden.
      </Text>
    );
  }
  const list = points.data.points;
  const data = list.map((point) => ({ value: linePointValue(point), label: linePointLabel(point) }));
  const at = (km: number | string) => (point: NetworkLinePoint) =>
    typeof km === 'number' && Math.abs(point.km - km) < 0.0005;
  const chosen = (field: 'lineFromKm' | 'lineToKm') => {
    const km = form.values[field];
    const point = list.find((p) => linePointValue(p) === picked[field] && at(km)(p)) ?? list.find((p) => at(km)(p));
    return point ? linePointValue(point) : null;
  };
  const choose = (field: 'lineFromKm' | 'lineToKm') => (value: string | null) => {
    const point = list.find((p) => linePointValue(p) === value);
    if (!point) return;
    setPicked((before) => ({ ...before, [field]: value }));
    form.setFieldValue(field, point.km);
  };
  const common = {
    data,
    searchable: true,
    nothingFoundMessage: 'Keine Betriebsstelle dieses Namens auf der Strecke',
    placeholder: 'Name oder Kürzel',
    allowDeselect: false,
    maxDropdownHeight: 280,
    comboboxProps: { withinPortal: true },
  };
  return (
    <>
      <Text size="sm" c="dimmed">
        Strecke {line}: km {formatLineKm(points.data.fromKm)} – {formatLineKm(points.data.toKm)},{' '}
        {list.length === 1 ? 'eine Betriebsstelle' : `${list.length} Betriebsstellen`}
      </Text>
      <Select label="von Betriebsstelle" {...common} value={chosen('lineFromKm')} onChange={choose('lineFromKm')} />
      <Select label="bis Betriebsstelle" {...common} value={chosen('lineToKm')} onChange={choose('lineToKm')} />
    </>
  );
}

/** Why no path is shown, in German: the server's sentence (no network, a code off it) or that it could not be asked. */
function pathProblem(error: unknown): { title: string; text: string } {
  if (error instanceof NetworkError) {
    return {
      title: 'Weg nicht geladen',
      text: 'Ohne Verbindung kann der Weg entlang der Gleise nicht gesucht werden.',
    };
  }
  const message = germanMessage(error, 'Der Weg konnte nicht gesucht werden.');
  if (message.startsWith(NO_NETWORK)) {
    return {
      title: 'Kein Streckennetz importiert',
      text: 'Die Strecke wird wie bisher ohne Streckenabschnitte gespeichert.',
    };
  }
  return {
    title: 'Nicht im Streckennetz',
    text: `${message} Die Strecke wird ohne Streckenabschnitte gespeichert.`,
  };
}

/** An answer that is a path (a server of another version could answer otherwise: then nothing is shown). */
function isPath(data: unknown): data is NetworkPath {
  const path = data as Partial<NetworkPath> | undefined;
  return Boolean(path?.from && path.to && Array.isArray(path.sections) && Array.isArray(path.geometry));
}

function ShownPath({ path }: { path: NetworkPath }) {
  return (
    <Stack gap="xs" aria-live="polite">
      <Text fw={600}>
        {path.from.name} – {path.to.name} {pathSummary(path)}
      </Text>
      <PathMap
        geometry={path.geometry}
        label={`Karte des Wegs von ${path.from.name} nach ${path.to.name} ${pathSummary(path)}`}
      />
      <List size="sm" spacing={2} aria-label="Streckenabschnitte des Wegs">
        {path.sections.map((section, i) => (
          <List.Item key={i}>{sectionLabel(section)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The route's path along the tracks (issue 29 item 2): for a start and end on the network, the shortest path with its
 * line numbers and km on a small map; another path over a point, or a section given by line number and km.
 */
export function RoutePathField({ form }: { form: UseFormReturnType<RouteFormValues> }) {
  const { values } = form;
  const { from, to } = pathEndsOf(values);
  // Typed letter by letter: asked once the typing pauses.
  const [via] = useDebouncedValue(viaOf(values), 400);
  const network = useNetworkVersion();
  const byNetwork = values.pathMode === 'network' && network.data?.version !== null;
  const path = useRoutePath({ from: byNetwork ? from : null, to: byNetwork ? to : null, via });
  const bothTyped = values.startPoint.trim() !== '' && values.endPoint.trim() !== '';
  const manual = lineSectionOf(values);

  // No network imported: the form stays as it was, with one sentence why there is no path.
  if (network.data?.version === null) {
    return (
      <Text size="sm" c="dimmed">
        Kein Streckennetz importiert: Die Strecke wird wie bisher ohne Weg im Streckennetz gespeichert.
      </Text>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="route-path-title">
      <Title order={2} size="h5" id="route-path-title">
        Weg im Streckennetz
      </Title>
      {/* One above the other: side by side, the two labels do not fit a 360-px phone. */}
      <SegmentedControl
        fullWidth
        orientation="vertical"
        size="md"
        aria-label="Wie der Weg bestimmt wird"
        data={[
          { value: 'network', label: 'Entlang der Gleise' },
          { value: 'line', label: 'Nach Streckennummer' },
        ]}
        {...form.getInputProps('pathMode')}
      />
      {byNetwork ? (
        <>
          {!from || !to ? (
            bothTyped && (
              <Text size="sm" c="dimmed">
                Start und Ende brauchen ein Betriebsstellen-Kürzel (z. B. FF, RM oder eine Abzweigstelle), damit der Weg
                entlang der Gleise gesucht werden kann. Sonst wird die Strecke ohne Streckenabschnitte gespeichert.
              </Text>
            )
          ) : path.isPending || (path.isFetching && path.isError) ? (
            <Group gap="xs" aria-live="polite" mih={44}>
              <Loader size="sm" aria-hidden />
              <Text size="sm">Weg entlang der Gleise wird gesucht …</Text>
            </Group>
          ) : path.isError ? (
            <Alert color="yellow" title={pathProblem(path.error).title} role="status">
              {pathProblem(path.error).text}
            </Alert>
          ) : (
            isPath(path.data) && <ShownPath path={path.data} />
          )}
          <CodeInput
            label="Über (optional)"
            description="Ein anderer Weg: das Kürzel eines Punkts, über den er führen soll, z. B. einer Abzweigstelle"
            placeholder="z. B. FFU"
            {...form.getInputProps('via')}
          />
        </>
      ) : (
        <>
          <NumberInput
            label="Streckennummer"
            description="Die VzG-Streckennummer, z. B. 4010"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={99999}
            {...form.getInputProps('lineNumber')}
          />
          <LinePointFields form={form} />
          <Group grow align="flex-start">
            <NumberInput label="von km" decimalSeparator="," decimalScale={3} {...form.getInputProps('lineFromKm')} />
            <NumberInput label="bis km" decimalSeparator="," decimalScale={3} {...form.getInputProps('lineToKm')} />
          </Group>
          {manual && (
            <Text size="sm" aria-live="polite">
              {sectionLabel(manual)} · {formatPathKm(sectionsKm([manual]))}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
