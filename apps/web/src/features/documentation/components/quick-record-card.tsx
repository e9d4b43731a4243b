import { placeLabel } from '@streckenpass/contract/stations';
import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { addDays, daysUntil } from '@streckenpass/contract/knowledge';
import { statusLabel } from '@streckenpass/contract/status';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDate, todayInput } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';
import {
  dateProblem,
  driveDays,
  filterByName,
  planDocumentation,
  routeLabel,
  selectedRouteIds,
  type PeriodChoice,
} from '../documentation';
import { quickChoices } from '../quick-record';
import { driveFields, usePlannedRecording } from '../use-record-documentation';
import { plural } from '@streckenpass/contract/plural';
import classes from './quick-record-card.module.css';
import { FormError } from '../../../components/form-error';
import { DateField } from '../../../components/date-field';
import { UndoAlert, type UndoableResult } from '../../../components/undo-notification';

interface QuickRecordValues {
  acquiredAt: string;
  period: PeriodChoice;
  tours: number[];
  routes: number[];
}

function Choice({
  label,
  detail,
  selected,
  onToggle,
}: {
  label: string;
  detail: string;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <UnstyledButton className={classes.choice} aria-pressed={selected} onClick={onToggle}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </div>
        <span className={classes.mark} aria-hidden>
          {selected && <IconCheck size={18} />}
        </span>
      </Group>
    </UnstyledButton>
  );
}

/** How many routes the search shows at once. */
const SEARCH_LIMIT = 6;

/**
 * "Heute gefahren": the quickest way to record a drive – one tap to choose, one to save, whatever the route. On top
 * what most needs recording (expired, expiring, never driven), then the tours and the last driven routes, and a
 * search for any other route (Enter takes the first match). Date (today) and validity (the rule) can be changed and
 * go back to today and the rule after each save; the saved message offers "Rückgängig". On a phone "Speichern"
 * stays pinned at the bottom of the screen while the card is in view. Without a connection the drive goes into the
 * outbox like on the documentation page.
 */
export function QuickRecordCard({
  tours,
  routes,
  activities,
  documentationPath,
  accountDays = null,
}: {
  tours: readonly Tour[];
  routes: readonly Route[];
  activities: readonly RouteActivity[];
  documentationPath: string;
  /** The account's validity rule in days, for "Regel"; null = not known. */
  accountDays?: number | null;
}) {
  const titleId = useId();
  const [editDate, setEditDate] = useState(false);
  const today = todayInput();
  const choices = useMemo(
    () => quickChoices({ tours, routes, activities, today }, 4),
    [tours, routes, activities, today],
  );
  const [search, setSearch] = useState('');
  const found = useMemo(
    () => (search.trim() ? filterByName(routes, search).slice(0, SEARCH_LIMIT) : []),
    [routes, search],
  );

  // What the drive records, or why it cannot: the documentation page's rule (`planDocumentation`), so its message is
  // the form's (the date field is often hidden behind "Datum ändern").
  const planOf = (values: QuickRecordValues) =>
    planDocumentation({
      selection: { routes: values.routes, tours: values.tours, vehicles: [], places: [] },
      routes: [...routes],
      tours: [...tours],
      vehicles: [],
      acquiredAt: values.acquiredAt,
      period: values.period,
      accountDays,
      today: todayInput(),
    });
  // Not a single request: `record` sends the drive, or – without a connection – puts it into the outbox (then it is
  // done as well, with its own notification). As before a refused save leaves the choice as it is and shows no
  // message on this card.
  const { schema, recording } = usePlannedRecording(
    { ...driveFields, tours: z.array(z.number()), routes: z.array(z.number()) },
    planOf,
    { inline: true, channel: 'quick' },
  );
  // The last save's message, inside the card where the driver tapped, until the next choice.
  const [saved, setSaved] = useState<UndoableResult | null>(null);
  const initialValues: QuickRecordValues = { acquiredAt: today, period: 'rule', tours: [], routes: [] };
  const { form, onSubmit, isPending, formError, clearFormError } = useContractForm(schema, recording, {
    initialValues,
    onSuccess: (done, _values, form) => {
      setSaved(done.result);
      form.setValues({ tours: [], routes: [], acquiredAt: todayInput(), period: 'rule' });
      setEditDate(false);
      setSearch('');
    },
  });
  const { acquiredAt: date, period } = form.values;
  const chosen = { tours: form.values.tours, routes: form.values.routes };

  const selection = { routes: chosen.routes, tours: chosen.tours, vehicles: [], places: [] };
  const chosenRouteIds = selectedRouteIds(selection, [...routes], [...tours]);
  const routeCount = chosenRouteIds.length;
  const toggle = (kind: 'tours' | 'routes', id: number) => {
    clearFormError();
    setSaved(null);
    form.setFieldValue(kind, (current: number[]) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id],
    );
  };

  const nothingToOffer = tours.length === 0 && routes.length === 0;
  const routeChoice = (route: Route, detail: string) => (
    <Choice
      key={`r${route.id}`}
      label={routeLabel(route)}
      detail={detail}
      selected={chosen.routes.includes(route.id)}
      onToggle={() => toggle('routes', route.id)}
    />
  );
  const ends = (route: Route) =>
    `${placeLabel(route.startPoint, route.startStation)} – ${placeLabel(route.endPoint, route.endStation)}`;
  const shown = new Set([...choices.due, ...choices.routes, ...found].map((route) => route.id));
  const hiddenChosen = routes.filter((route) => chosen.routes.includes(route.id) && !shown.has(route.id));
  const days = driveDays(
    period,
    routes.filter((route) => chosenRouteIds.includes(route.id)),
    accountDays,
  );
  const validText = dateProblem(date, today) ? '' : formatDate(addDays(date, days));

  return (
    <Card component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb={4} id={titleId}>
        Heute gefahren
      </Title>
      {nothingToOffer ? (
        <Text size="sm">
          Hier erscheinen Ihre Touren und zuletzt gefahrenen Strecken zum schnellen Erfassen. Legen Sie Strecken an und
          dokumentieren Sie sie auf der{' '}
          <Anchor component={Link} to={documentationPath}>
            Dokumentationsseite
          </Anchor>
          .
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Antippen, was Sie gefahren sind, dann speichern.
          </Text>
          {choices.due.length > 0 && (
            <div role="group" aria-label="Fällige Strecken">
              <Text size="sm" fw={600} mb={4} aria-hidden>
                Jetzt fällig
                {choices.dueCount > choices.due.length && ` (${choices.due.length} von ${choices.dueCount})`}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {choices.due.map((route) =>
                  routeChoice(route, `${statusLabel(daysUntil(route.validUntil ?? null, today))} · ${ends(route)}`),
                )}
              </SimpleGrid>
            </div>
          )}
          {choices.tours.length > 0 && (
            <div role="group" aria-label="Touren">
              <Text size="sm" fw={600} mb={4} aria-hidden>
                Touren
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {choices.tours.map((tour) => (
                  <Choice
                    key={`t${tour.id}`}
                    label={tour.name}
                    detail={`Tour · ${plural(tour.routes.length, 'Strecke', 'Strecken')}`}
                    selected={chosen.tours.includes(tour.id)}
                    onToggle={() => toggle('tours', tour.id)}
                  />
                ))}
              </SimpleGrid>
            </div>
          )}
          {choices.routes.length > 0 && (
            <div role="group" aria-label="Zuletzt gefahrene Strecken">
              <Text size="sm" fw={600} mb={4} aria-hidden>
                Zuletzt gefahren
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {choices.routes.map((route) => routeChoice(route, ends(route)))}
              </SimpleGrid>
            </div>
          )}
          <TextInput
            type="search"
            label="Andere Strecke suchen"
            placeholder="Name der Strecke"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter (the phone keyboard's "Los") takes the first match: search, Enter, save.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const first = found[0];
              if (first && !chosen.routes.includes(first.id)) toggle('routes', first.id);
            }}
            description={
              search.trim() && found.length === 0
                ? 'Keine Strecke mit diesem Namen.'
                : 'Eingabe: Erste Fundstelle wählen'
            }
          />
          {found.length > 0 && (
            <div role="group" aria-label="Gefundene Strecken">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {found.map((route) => routeChoice(route, ends(route)))}
              </SimpleGrid>
            </div>
          )}
          {hiddenChosen.length > 0 && (
            <Text size="sm">Ausgewählt: {hiddenChosen.map((route) => routeLabel(route)).join(', ')}</Text>
          )}
          <Group gap="xs" align="flex-end" wrap="wrap">
            {editDate ? (
              <DateField
                label="Gefahren am"
                value={date}
                max={today}
                onChange={(value) => form.setFieldValue('acquiredAt', value)}
                required
              />
            ) : (
              <Button variant="default" onClick={() => setEditDate(true)}>
                {date === today ? 'Heute' : formatDate(date)} · Datum ändern
              </Button>
            )}
            <SegmentedControl
              aria-label="Gültigkeit"
              value={period}
              onChange={(value) => form.setFieldValue('period', value as PeriodChoice)}
              data={[
                { value: 'rule', label: 'Regel' },
                { value: 'year', label: '1 Jahr' },
                { value: 'half-year', label: '½ Jahr' },
              ]}
            />
          </Group>
          <FormError error={formError} p="xs" />
          {saved && <UndoAlert result={saved} onClose={() => setSaved(null)} />}
          <div className={classes.saveBar}>
            <Button onClick={() => onSubmit()} loading={isPending} disabled={routeCount === 0} fullWidth size="md">
              {routeCount === 0 ? 'Speichern' : `${plural(routeCount, 'Strecke', 'Strecken')} speichern`}
            </Button>
            {validText && (
              <Text size="xs" c="dimmed" mt={4} ta="center">
                Gefahren am {formatDate(date)} · gültig bis {validText}
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Card>
  );
}
