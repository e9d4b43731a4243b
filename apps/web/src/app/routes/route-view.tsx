import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import { placeLabel } from '@streckenpass/contract/stations';
import { isPlace, placeKnowledgeLabel } from '@streckenpass/contract/knowledge-items';
import { daysUntil, isBackdated } from '@streckenpass/contract/knowledge';
import { validityState } from '@streckenpass/contract/status';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import { accountRuleLabel, RECORD_FIELD_LABELS, TERMS } from '@streckenpass/contract/terms';
import { keepingWaysLabel } from '@streckenpass/contract/drive-ways';
import type { Route } from '@streckenpass/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HistoryCard } from '../../components/history-card';
import { MasterDataGrid } from '../../components/master-data-card';
import { QueryContent, type ShownQuery } from '../../components/query-content';
import { paths } from '../../config/paths';
import { routeActivitiesQueryOptions, useRouteActivities } from '../../features/route-activities/api/route-activities';
import { RecordTodayButton } from '../../features/documentation/components/record-today-button';
import { accountValidityQueryOptions, useAccountKeepingWays, useAccountValidityDays } from '../../lib/account-validity';
import { driveMannerText, FIRST_ACQUISITION_ONLY, keepsRouteValid } from '../../lib/drive-manner';
import { routeHistoryQueryOptions, useRouteHistory } from '../../features/routes/api/routes';
import { routeHistory } from '../../features/routes/route-knowledge';
import { RoutePathSummary } from '../../features/routes/components/route-path-summary';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { formatDate, todayInput } from '../../lib/dates';
import { historyLines, historyTime } from '../../lib/record-history';
import { recordRoute } from '../record-route';
import { routeRecord } from '../record-routes';
import { useTitle } from '../use-title';
import { BackdatedBadge } from '../../components/backdated-badge';
import { FirstAcquisitionSummary } from '../../features/routes/components/first-acquisition-summary';

function ValidUntil({ date, training = false }: { date: string | null; training?: boolean }) {
  if (!date)
    return (
      <Text span inherit>
        {training ? 'In Ausbildung: noch nicht bekannt' : 'Nicht erfasst'}
      </Text>
    );
  const expired = validityState(daysUntil(date, todayInput())) === 'expired';
  return (
    <Group gap="xs" wrap="wrap">
      <Text span inherit>
        {formatDate(date)}
      </Text>
      {expired && (
        <Badge color="red" variant="light">
          abgelaufen
        </Badge>
      )}
    </Group>
  );
}

/** One of the route's lists in a card: loading, failed, empty, or its links (each with a dimmed note). */
function ListCard({
  title,
  query,
  label,
  empty,
  links,
}: {
  title: string;
  query: ShownQuery;
  /** The list's accessible name. */
  label: string;
  empty: string;
  links: { key: number; to: string; text: string; note?: string; badge?: ReactNode }[];
}) {
  return (
    <Card>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <QueryContent query={query}>
        {() =>
          links.length === 0 ? (
            <Text c="dimmed">{empty}</Text>
          ) : (
            <List spacing={4} listStyleType="none" aria-label={label}>
              {links.map(({ key, to, text, note, badge }) => (
                <List.Item key={key}>
                  {/* A finger-sized target (44 px), like every other link on a phone. */}
                  <Anchor component={Link} to={to} display="inline-flex" mih={44} style={{ alignItems: 'center' }}>
                    {text}
                  </Anchor>
                  {note && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      {note}
                    </Text>
                  )}
                  {badge && <> {badge}</>}
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryContent>
    </Card>
  );
}

function RouteDetails({ record: route }: { record: Route }) {
  useTitle(route.name);
  const routeIri = toIri('routes', route.id);
  const activities = useRouteActivities();
  const tours = useTours();
  const history = activities.data ? routeHistory(routeIri, activities.data) : [];
  const changes = useRouteHistory(route.id);
  // Kept on the route by the server (and by a drive saved offline, apply-saved-documentation.ts).
  const validUntil = route.validUntil ?? null;
  const accountDays = useAccountValidityDays();
  const accountWays = useAccountKeepingWays();
  const routeTours = (tours.data ?? []).filter((tour) => route.tours.includes(toIri('tours', tour.id)));

  return (
    <MasterDataGrid
      master={{
        ...routeRecord.master(route.id, [
          { label: 'Name der Strecke', value: route.name },
          { label: 'Kürzel', value: route.companyRoute ?? 'Nicht angegeben' },
          // A place (issue 41 item 4) is its one station: "Ortskunde Frankfurt (Main) Hbf (FF)".
          ...(route.startStation && isPlace(route)
            ? [{ label: TERMS.operatingPoint, value: placeKnowledgeLabel(route.startStation) }]
            : [
                { label: 'Start der Strecke', value: placeLabel(route.startPoint, route.startStation) },
                { label: 'Ende der Strecke', value: placeLabel(route.endPoint, route.endStation) },
              ]),
          // The line sections it covers, once the route has a path on the rail network (issue 29).
          ...(route.path ? [{ label: 'Weg im Streckennetz', value: <RoutePathSummary path={route.path} /> }] : []),
          {
            label: `${isPlace(route) ? TERMS.place : TERMS.routeKnowledge} gültig bis`,
            value: activities.isPending ? (
              '…'
            ) : activities.isError ? (
              '–'
            ) : (
              <ValidUntil date={validUntil} training={route.firstAcquisition !== null && route.acquiredOn === null} />
            ),
          },
          // The first acquisition it asks, and where it stands (issue 41 item 3).
          ...(route.firstAcquisition
            ? [
                {
                  label: RECORD_FIELD_LABELS.firstAcquisition!,
                  value: (
                    <FirstAcquisitionSummary
                      route={route}
                      drives={history.map((drive) => ({
                        acquiredAt: drive.acquiredAt,
                        direction: drive.direction,
                        dark: drive.dark,
                      }))}
                    />
                  ),
                },
              ]
            : []),
          {
            label: 'Gültigkeitsregel',
            value:
              route.validityDays != null
                ? `${validityRuleLabel(route.validityDays)} (eigene Regel der Strecke)`
                : accountDays === null
                  ? accountRuleLabel('…')
                  : accountRuleLabel(validityRuleLabel(accountDays)),
          },
          // Which drives keep it valid (issue 41); the others count only for a first acquisition.
          {
            label: RECORD_FIELD_LABELS.keepingWays!,
            value: route.keepingWays
              ? `${keepingWaysLabel(route.keepingWays)} (eigene Regel der Strecke)`
              : accountRuleLabel(accountWays ? keepingWaysLabel(accountWays) : '…'),
          },
        ]),
        // The route's main action, also (most of all) when its knowledge has expired or was never recorded.
        action: <RecordTodayButton routes={[route]} />,
      }}
    >
      <Stack gap="md">
        <ListCard
          title="Touren"
          query={tours}
          label="Touren dieser Strecke"
          empty="Diese Strecke gehört zu keiner Tour."
          links={routeTours.map((tour) => ({ key: tour.id, to: paths.tour(tour.id), text: tour.name }))}
        />
        <ListCard
          title="Fahrten"
          query={activities}
          label="Erfasste Fahrten"
          empty="Für diese Strecke ist noch keine Fahrt erfasst."
          links={history.map((activity) => ({
            key: activity.id,
            to: paths.routeActivity(activity.id),
            text: `${TERMS.drivenOn} ${formatDate(activity.acquiredAt)}`,
            // Its way, time, darkness and (a drive of this route alone) its direction: "· begleitete Fahrt · 21:40 Uhr".
            note:
              `· ${driveMannerText(activity, activity.acquiredRoutes.length === 1 ? route : null)}` +
              ` · gültig bis ${formatDate(activity.acquiredUntil)}` +
              (activity.recordedAt ? ` · ${TERMS.recordedOn.toLowerCase()} ${historyTime(activity.recordedAt)}` : ''),
            badge: (
              <>
                {isBackdated(activity.acquiredAt, activity.recordedAt) && <BackdatedBadge />}
                {!keepsRouteValid(activity, route, accountWays) && (
                  <Text span size="sm" fw={600}>
                    {' '}
                    {FIRST_ACQUISITION_ONLY}
                  </Text>
                )}
              </>
            ),
          }))}
        />
        {/* The route's own history, and when each of its drives was recorded (from the list above: no request). */}
        <HistoryCard query={changes} label="Verlauf der Strecke" lines={(entries) => historyLines(entries, history)} />
      </Stack>
    </MasterDataGrid>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(routeRecord.view, RouteDetails, {
  // Painted once with its cards; a card whose list failed says so itself.
  shows: (id) => [
    routeActivitiesQueryOptions(),
    toursQueryOptions(),
    accountValidityQueryOptions(),
    routeHistoryQueryOptions(id),
  ],
});
