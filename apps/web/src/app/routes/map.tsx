import { Anchor, Card, Grid, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_STATUS_LABELS, knowledgeStatus, type KnowledgeStatus } from '@streckenpass/contract/status';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { expiringRoutesQueryOptions } from '../../features/dashboard/api/get-expiring-routes';
import { KnowledgeMap, MapLegend } from '../../features/map/components/knowledge-map';
import { isPlace, knowledgeEndsLabel } from '@streckenpass/contract/knowledge-items';
import { TERMS } from '@streckenpass/contract/terms';
import { networkVersionQueryOptions } from '../../features/map/api/network';
import type { TrackRoute } from '../../features/map/track-scene';
import { routesQueryOptions } from '../../features/routes/api/routes';
import { dataRoute, usePageQuery, type DataRouteModule } from '../record-route';
import { useTitle } from '../use-title';

/** The map along the tracks, with the network's code: its own chunk, loaded only when a network is imported. */
const loadTrackMap = () => import('../../features/map/components/track-map');
const TrackMap = lazy(loadTrackMap);

/**
 * "Karte": where the user's route knowledge is valid. The routes and their validity come from the same cached
 * queries as the dashboard, so the page works offline once they were loaded; the map code and Germany's outline
 * are this page's own lazily loaded chunk.
 */
function MapPage() {
  useTitle('Karte');
  const navigate = useNavigate();
  const routes = usePageQuery(routesQueryOptions()).data;
  const expiring = usePageQuery(expiringRoutesQueryOptions()).data;

  // Which network the server has: with one the routes are drawn along the tracks, without one (or not known,
  // offline) as straight lines.
  const version = useQuery(networkVersionQueryOptions()).data?.version ?? null;

  const mapRoutes = useMemo<TrackRoute[]>(() => {
    const days = new Map(expiring.map((entry) => [entry.id, entry.acquired_until_days]));
    return routes.map((route) => ({
      id: route.id,
      name: route.name,
      status: knowledgeStatus(days.get(route.id)),
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      startStation: route.startStation,
      endStation: route.endStation,
      sections: route.path?.sections ?? null,
    }));
  }, [routes, expiring]);

  const counts = useMemo(() => {
    const result: Record<KnowledgeStatus, number> = { valid: 0, soon: 0, expired: 0, unrecorded: 0 };
    for (const route of mapRoutes) result[route.status] += 1;
    return result;
  }, [mapRoutes]);
  const unplaced = mapRoutes.filter((route) => !route.startStation || !route.endStation);

  return (
    <Stack gap="lg">
      <Title order={1}>Karte</Title>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card>
            {version ? (
              <Suspense fallback={<Loader size="sm" aria-label="Karte wird geladen" />}>
                <TrackMap routes={mapRoutes} version={version} onOpenRoute={(id) => navigate(paths.route(id))} />
              </Suspense>
            ) : (
              <Stack gap="sm">
                <KnowledgeMap routes={mapRoutes} onOpenRoute={(id) => navigate(paths.route(id))} />
                <Text size="xs" c="dimmed">
                  Ohne Streckennetz verbindet die Karte Start und Ende gerade. Entlang der Gleise zeichnet sie die
                  Strecken, sobald der Betreiber das Streckennetz aus den offenen Daten der DB Netz AG (Geo-Streckennetz
                  und Geo-Betriebsstellen, CC BY 4.0) mit „npm run network:import“ eingelesen hat.
                </Text>
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card>
              <Title order={2} size="h4" mb="xs">
                Legende
              </Title>
              <MapLegend counts={counts} />
              <Text size="xs" c="dimmed" mt="sm">
                Eine Linie antippen öffnet ihre Strecke, ein Bahnhof zeigt die Strecken dort. Vergrößern mit Mausrad,
                zwei Fingern oder „+“; verschieben durch Ziehen (auf dem Telefon mit zwei Fingern). Bahnhofsdaten: DB
                Station&amp;Service AG (CC BY 4.0); Umriss: Natural Earth.
                {version && ' Betriebsstellen werden beim Vergrößern benannt.'}
                {mapRoutes.some(isPlace) &&
                  ` Ein Ring um einen Bahnhof ist eine ${TERMS.place} (ihr Zustand wie bei Linien).`}
              </Text>
            </Card>
            <Card>
              <Title order={2} size="h4" mb="xs">
                Ohne Koordinaten ({unplaced.length})
              </Title>
              {unplaced.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Alle Strecken liegen auf der Karte.
                </Text>
              ) : (
                <>
                  <Text size="sm" c="dimmed" mb="xs">
                    Start oder Ende ist keinem Bahnhof zugeordnet. Wählen Sie ihn beim Bearbeiten der Strecke aus der
                    Liste, dann erscheint sie auf der Karte.
                  </Text>
                  <List listStyleType="none" spacing={0} aria-label="Strecken ohne Koordinaten">
                    {unplaced.map((route) => (
                      <List.Item key={route.id}>
                        <Anchor component={Link} to={paths.route(route.id)} display="block" py={10} mih={44}>
                          {route.name}
                        </Anchor>
                        <Text size="xs" c="dimmed" mt={-8} mb={6}>
                          {knowledgeEndsLabel(route)} · {KNOWLEDGE_STATUS_LABELS[route.status]}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const mapRoute = dataRoute({
  title: 'Karte',
  needs: () => [routesQueryOptions(), expiringRoutesQueryOptions()],
  shows: () => [networkVersionQueryOptions()],
  Page: MapPage,
});

export const { ErrorBoundary, Component } = mapRoute;

/** With a network, the map's own chunk is fetched with the data: the page paints once, with the map in place. */
export const clientLoader: DataRouteModule['clientLoader'] = (queryClient) => async (args) => {
  await mapRoute.clientLoader(queryClient)(args);
  if (queryClient.getQueryData(networkVersionQueryOptions().queryKey)?.version) await loadTrackMap();
  return null;
};
