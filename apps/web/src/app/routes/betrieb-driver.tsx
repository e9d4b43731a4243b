import { Suspense } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { betriebQueryOptions } from '../../features/betriebe/api/betriebe';
import { betriebDriverQueryOptions } from '../../features/betriebe/api/driver';
import { DriverRecord } from '../../features/betriebe/components/driver-record';
import { NotFoundError } from '../../lib/api-errors';
import { parseRecordId } from '../../lib/record-api';
import { loadQueries, usePageQuery, type DataRouteModule } from '../record-route';
import { RouteError } from '../route-error';
import { useTitle } from '../use-title';
import { paths } from '../../config/paths';

/*
 * One driver of a Betrieb (`/betrieb/{betriebId}/fahrer/{membershipId}`, issue 38 item 13), for its admins and
 * Disponenten: loaded through the router like every record page (loader + ensureQueryData), "nicht gefunden" for a
 * driver who left, an unknown id, a driver's own call (403) and everyone outside the Betrieb.
 */

const TITLE = 'Fahrer/in';

const NOT_FOUND = {
  title: 'Fahrer/in nicht gefunden',
  text: 'Diese Fahrerin/diesen Fahrer gibt es in diesem Betrieb nicht (mehr), oder Sie sehen die Daten des Betriebs nicht.',
  backTo: paths.accountBetriebe,
  backLabel: 'Zu meinen Betrieben',
};

function idsOf(params: LoaderFunctionArgs['params']) {
  const betriebId = parseRecordId(params.betriebId);
  const membershipId = parseRecordId(params.id);
  // Never asked for: such ids name nobody.
  if (betriebId === null || membershipId === null) throw new NotFoundError('Not found', 404, 'Not Found', null);
  return { betriebId, membershipId };
}

function LoadedDriver({ betriebId, membershipId }: { betriebId: number; membershipId: number }) {
  const { data: betrieb } = usePageQuery(betriebQueryOptions(betriebId));
  const { data: driver } = usePageQuery(betriebDriverQueryOptions(betriebId, membershipId));
  useTitle(`${driver.name} – ${betrieb.name}`);
  return <DriverRecord betrieb={betrieb} driver={driver} />;
}

function Pending() {
  useTitle(TITLE);
  return <PageLoader />;
}

const route: DataRouteModule = {
  clientLoader:
    (queryClient) =>
    async ({ params }) => {
      const { betriebId, membershipId } = idsOf(params);
      await loadQueries(queryClient, [
        betriebQueryOptions(betriebId),
        betriebDriverQueryOptions(betriebId, membershipId),
      ]);
      return null;
    },
  ErrorBoundary: function DriverError() {
    useTitle(TITLE);
    return <RouteError notFound={NOT_FOUND} />;
  },
  Component: function BetriebDriverPage() {
    const { betriebId, membershipId } = idsOf(useParams());
    return (
      <Suspense key={`${betriebId}/${membershipId}`} fallback={<Pending />}>
        <LoadedDriver betriebId={betriebId} membershipId={membershipId} />
      </Suspense>
    );
  },
};

export const { clientLoader, ErrorBoundary, Component } = route;
