import { Alert, Button, Collapse, Group, Pagination, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { formatDate, formatDateTime, formatNumber } from '@streckenpass/contract/format';
import {
  MATRIX_STATE_LABELS,
  MATRIX_STATES,
  requirementShortLabel,
  type MatrixQuery,
  type MatrixSort,
  type MatrixState,
} from '@streckenpass/contract/matrix';
import { plural } from '@streckenpass/contract/plural';
import { IconAdjustmentsHorizontal, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { SearchInput } from '../../../components/search-input';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryContent } from '../../../components/query-content';
import { useConnected } from '../../../lib/connection';
import { useDownloadMatrixCsv, useDownloadMatrixPdf, useMatrix } from '../api/matrix';
import classes from './matrix.module.css';
import { MatrixList } from './matrix-list';
import { MatrixTable } from './matrix-table';
import { stateColours } from './matrix-state-colours';

const SORT_OPTIONS: { value: MatrixSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'depot', label: 'Depot, dann Name' },
  { value: 'expiring', label: 'Was zuerst abläuft' },
];

/**
 * The matrix (issue 28 item 3): drivers × the Betrieb's required route knowledge, each cell gültig / läuft bald ab /
 * abgelaufen / fehlt with its date; filter by depot, requirement, state and name, sort, page; coverage per
 * requirement over all drivers; CSV and signed PDF of what the filters select. The filters live in the address
 * (`query`), so a page can be bookmarked, and the last one read stays readable offline.
 */
export function MatrixView({
  betrieb,
  query,
  onQueryChange,
}: {
  betrieb: Betrieb;
  query: MatrixQuery;
  /** A new filter starts again at page 1 (the caller's `page` is dropped unless paging). */
  onQueryChange: (next: MatrixQuery) => void;
}) {
  const matrix = useMatrix(betrieb.id, query);
  const connected = useConnected();
  const [search, setSearch] = useState(query.q ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if ((query.q ?? '') !== debounced.trim()) onQueryChange({ ...query, q: debounced.trim() || undefined, page: 1 });
    // Only a new search text changes the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const csv = useDownloadMatrixCsv(betrieb.id, filters);
  const pdf = useDownloadMatrixPdf(betrieb.id, filters);
  const set = (change: Partial<MatrixQuery>) => onQueryChange({ ...query, ...change, page: 1 });
  const requirementOptions = (matrix.data?.requirements ?? []).map((requirement) => ({
    value: String(requirement.id),
    label: requirementShortLabel(requirement),
  }));
  const data = matrix.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // On a phone the table becomes lists and the five filters fold into one button (issue 40 item 2).
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const active = [query.q, query.depot, query.requirement, query.state].filter((value) => value !== undefined).length;

  const filterFields = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <SearchInput label="Name" placeholder="Fahrer/in suchen" value={search} onChange={setSearch} />
      {betrieb.depots.length > 0 && (
        <Select
          label="Depot"
          placeholder="Alle Depots"
          clearable
          data={betrieb.depots.map((depot) => ({ value: String(depot.id), label: depot.name }))}
          value={query.depot ? String(query.depot) : null}
          onChange={(value) => set({ depot: value ? Number(value) : undefined })}
        />
      )}
      <Select
        label="Anforderung"
        placeholder="Alle Anforderungen"
        clearable
        searchable
        data={requirementOptions}
        value={query.requirement ? String(query.requirement) : null}
        onChange={(value) => set({ requirement: value ? Number(value) : undefined })}
      />
      {[
        {
          label: 'Zustand',
          placeholder: 'Alle Zustände',
          clearable: true,
          data: MATRIX_STATES.map((state) => ({ value: state, label: MATRIX_STATE_LABELS[state] })),
          value: query.state ?? null,
          onChange: (value: string | null) => set({ state: (value as MatrixState | null) ?? undefined }),
        },
        {
          label: 'Sortieren nach',
          allowDeselect: false,
          data: SORT_OPTIONS,
          value: query.sort ?? 'name',
          onChange: (value: string | null) => set({ sort: (value as MatrixSort | null) ?? 'name' }),
        },
      ].map((select) => (
        <Select key={select.label} {...select} />
      ))}
    </SimpleGrid>
  );

  return (
    <Stack gap="md">
      {phone ? (
        <Stack gap="xs">
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            aria-expanded={filtersOpen}
            onClick={toggleFilters}
          >
            {active > 0 ? `Filter und Sortierung (${active} aktiv)` : 'Filter und Sortierung'}
          </Button>
          <Collapse expanded={filtersOpen}>{filterFields}</Collapse>
        </Stack>
      ) : (
        filterFields
      )}
      <Group gap="sm">
        <DownloadButton call={csv} icon={<IconFileSpreadsheet size={18} aria-hidden />} variant="light">
          CSV
        </DownloadButton>
        <DownloadButton call={pdf} icon={<IconFileTypePdf size={18} aria-hidden />} variant="light">
          PDF (signiert)
        </DownloadButton>
      </Group>
      <ErrorAlert call={csv} />
      <ErrorAlert call={pdf} />
      {data && matrix.isPlaceholderData && <Text size="sm">Wird geladen …</Text>}
      {data && !connected && (
        <Alert color="yellow" title="Ohne Verbindung">
          Gezeigt wird die zuletzt geladene Matrix, Stand{' '}
          {formatDateTime(new Date(matrix.dataUpdatedAt).toISOString(), 'Europe/Berlin')} Uhr.
        </Alert>
      )}
      <QueryContent query={matrix}>
        {(loaded) => (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {plural(loaded.total, 'Fahrer/in', 'Fahrer/innen')} ·{' '}
              {plural(loaded.requirements.length, 'Anforderung', 'Anforderungen')} ·{' '}
              {loaded.vehicleTypes.length > 0 &&
                `${plural(loaded.vehicleTypes.length, 'Fahrzeugtyp', 'Fahrzeugtypen')} · `}
              Stichtag {formatDate(loaded.asOf)}
            </Text>
            <div className={classes.legend}>
              {MATRIX_STATES.map((state) => (
                <span key={state} className={classes.cell} style={stateColours(state)}>
                  {MATRIX_STATE_LABELS[state]}
                </span>
              ))}
            </div>
            {phone && loaded.requirements.length > 0 && loaded.drivers.length > 0 ? (
              <MatrixList matrix={loaded} betriebId={betrieb.id} />
            ) : (
              <MatrixTable matrix={loaded} betriebId={betrieb.id} />
            )}
            {pages > 1 && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Seite {formatNumber(loaded.page)} von {formatNumber(pages)}
                </Text>
                <Pagination
                  total={pages}
                  value={loaded.page}
                  onChange={(page) => onQueryChange({ ...query, page })}
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'next' ? 'Nächste Seite' : control === 'previous' ? 'Vorige Seite' : control,
                  })}
                />
              </Group>
            )}
          </Stack>
        )}
      </QueryContent>
    </Stack>
  );
}
