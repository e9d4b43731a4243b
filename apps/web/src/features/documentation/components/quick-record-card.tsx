import { knowledgeEndsLabel } from '@streckenpass/contract/knowledge-items';
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { daysUntil } from '@streckenpass/contract/knowledge';
import { statusLabel } from '@streckenpass/contract/status';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, todayInput } from '../../../lib/dates';
import { filterByName, routeLabel } from '../documentation';
import { quickChoices } from '../quick-record';
import { useQuickRecordForm } from '../use-quick-record-form';
import { plural } from '@streckenpass/contract/plural';
import classes from './quick-record-card.module.css';
import { FormError } from '../../../components/form-error';
import { DateField } from '../../../components/date-field';
import { UndoAlert } from '../../../components/undo-notification';
import { PeriodControl } from './drive-fields';
import { QuickRecordChoice, QuickRecordGroup } from './quick-record-choice';
import { QuickRecordManner } from './quick-record-manner';
import { DRIVE_WAY_LABELS, type DriveWay } from '@streckenpass/contract/drive-ways';
import { firstAcquisitionNote } from '../../../lib/drive-manner';

/** How many routes the search shows at once. */
const SEARCH_LIMIT = 6;

/** What a choice covers under its name: the two ends, or a place's "Ortskunde Frankfurt (Main) Hbf (FF)". */
const ends = (route: Route) => knowledgeEndsLabel(route);

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
  accountKeepingWays,
}: {
  tours: readonly Tour[];
  routes: readonly Route[];
  activities: readonly RouteActivity[];
  documentationPath: string;
  /** The account's validity rule in days, for "Regel"; null = not known. */
  accountDays?: number | null;
  /** The ways the account's rule lets keep knowledge valid; undefined = not known (the contract's default). */
  accountKeepingWays?: readonly DriveWay[];
}) {
  const titleId = useId();
  const [editDate, setEditDate] = useState(false);
  const [editManner, setEditManner] = useState(false);
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
  const { form, onSubmit, isPending, formError, chosen, toggle, routeCount, validUntil, saved, closeSaved, ...quick } =
    useQuickRecordForm({
      tours,
      routes,
      accountDays,
      onSaved: () => {
        setEditDate(false);
        setEditManner(false);
        setSearch('');
      },
    });
  const date = form.values.acquiredAt;
  const { way } = form.values;
  // A way the chosen routes' rule does not keep: say so instead of promising a validity.
  const firstOnly = firstAcquisitionNote({ way }, quick.chosenRoutes, accountKeepingWays);

  const nothingToOffer = tours.length === 0 && routes.length === 0;
  const routeChoice = (route: Route, detail: string) => (
    <QuickRecordChoice
      key={`r${route.id}`}
      label={routeLabel(route)}
      detail={detail}
      selected={chosen.routes.includes(route.id)}
      onToggle={() => toggle('routes', route.id)}
    />
  );
  const shown = new Set([...choices.due, ...choices.routes, ...found].map((route) => route.id));
  const hiddenChosen = routes.filter((route) => chosen.routes.includes(route.id) && !shown.has(route.id));

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
            <QuickRecordGroup
              label="Fällige Strecken"
              heading={
                <>
                  Jetzt fällig
                  {choices.dueCount > choices.due.length && ` (${choices.due.length} von ${choices.dueCount})`}
                </>
              }
            >
              {choices.due.map((route) =>
                routeChoice(route, `${statusLabel(daysUntil(route.validUntil ?? null, today))} · ${ends(route)}`),
              )}
            </QuickRecordGroup>
          )}
          {choices.tours.length > 0 && (
            <QuickRecordGroup label="Touren" heading="Touren">
              {choices.tours.map((tour) => (
                <QuickRecordChoice
                  key={`t${tour.id}`}
                  label={tour.name}
                  detail={`Tour · ${plural(tour.routes.length, 'Strecke', 'Strecken')}`}
                  selected={chosen.tours.includes(tour.id)}
                  onToggle={() => toggle('tours', tour.id)}
                />
              ))}
            </QuickRecordGroup>
          )}
          {choices.routes.length > 0 && (
            <QuickRecordGroup label="Zuletzt gefahrene Strecken" heading="Zuletzt gefahren">
              {choices.routes.map((route) => routeChoice(route, ends(route)))}
            </QuickRecordGroup>
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
            <QuickRecordGroup label="Gefundene Strecken">
              {found.map((route) => routeChoice(route, ends(route)))}
            </QuickRecordGroup>
          )}
          {hiddenChosen.length > 0 && (
            <Text size="sm">Ausgewählt: {hiddenChosen.map((route) => routeLabel(route)).join(', ')}</Text>
          )}
          <QuickRecordManner
            way={way}
            time={quick.shownTime}
            timeError={form.errors.time as string | undefined}
            opened={editManner}
            onOpen={() => setEditManner(true)}
            onWay={(next) => form.setFieldValue('way', next)}
            onTime={quick.chooseTime}
          />
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
            <PeriodControl form={form} aria-label="Gültigkeit" fullWidth={false} />
          </Group>
          <FormError error={formError} p="xs" />
          {saved && <UndoAlert result={saved} onClose={closeSaved} />}
          <div className={classes.saveBar}>
            <Button onClick={() => onSubmit()} loading={isPending} disabled={routeCount === 0} fullWidth size="md">
              {routeCount === 0 ? 'Speichern' : `${plural(routeCount, 'Strecke', 'Strecken')} speichern`}
            </Button>
            {firstOnly && routeCount > 0 ? (
              <Text size="xs" mt={4} ta="center">
                {DRIVE_WAY_LABELS[way]}: {firstOnly}
              </Text>
            ) : (
              validUntil && (
                <Text size="xs" c="dimmed" mt={4} ta="center">
                  Gefahren am {formatDate(date)} · gültig bis {formatDate(validUntil)}
                </Text>
              )
            )}
          </div>
        </Stack>
      )}
    </Card>
  );
}
