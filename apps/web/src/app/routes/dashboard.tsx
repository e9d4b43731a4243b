import { Alert, Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { AccountCard } from '../../features/account/components/account-card';
import { useBetriebe } from '../../features/betriebe/api/betriebe';
import { NewConsentNotice, needsNewConsent } from '../../features/betriebe/components/new-consent-notice';
import { currentUserQueryOptions } from '../../features/auth/api/get-current-user';
import { ExpiringCard } from '../../features/dashboard/components/expiring-card';
import { OutboxCard } from '../../features/documentation/components/outbox-card';
import { QuickRecordCard } from '../../features/documentation/components/quick-record-card';
import { RecordTodayButton } from '../../features/documentation/components/record-today-button';
import { routeActivitiesQueryOptions, useRouteActivities } from '../../features/route-activities/api/route-activities';
import { StateSummary } from '../../features/dashboard/components/state-summary';
import { expiringRoutesQueryOptions, useExpiringRoutes } from '../../features/dashboard/api/get-expiring-routes';
import { HelpCard } from '../../features/dashboard/components/help-card';
import { NewsCard } from '../../features/dashboard/components/news-card';
import { changelogQueryOptions } from '../../features/dashboard/api/get-changelog';
import { SummaryCard } from '../../features/dashboard/components/summary-card';
import { useAccountKeepingWays, useAccountValidityDays } from '../../lib/account-validity';
import { routesQueryOptions, useRoutes } from '../../features/routes/api/routes';
import { toursQueryOptions, useTours } from '../../features/tours/api/tours';
import { useVehicles, vehiclesQueryOptions } from '../../features/vehicles/api/vehicles';
import { dataRoute, usePageQuery } from '../record-route';
import { useTitle } from '../use-title';

function Dashboard() {
  useTitle('Dashboard');
  const user = usePageQuery(currentUserQueryOptions());
  const routes = useRoutes();
  const accountDays = useAccountValidityDays();
  const accountKeepingWays = useAccountKeepingWays();
  const tours = useTours();
  const vehicles = useVehicles();
  const activities = useRouteActivities();
  const expiring = useExpiringRoutes();
  // Memberships under an older consent text: the new one to read and agree to (issue 41 item 7).
  const oldConsents = (useBetriebe().data ?? []).filter(needsNewConsent);
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified') === '1';

  useEffect(() => {
    // The redirect from the mail link lands here; make sure the banner sees the new state.
    if (verified) void user.refetch();
  }, [verified]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {verified && (
        <Alert
          color="green"
          title="E-Mail-Adresse bestätigt"
          withCloseButton
          closeButtonLabel="Hinweis schließen"
          onClose={() => setParams({}, { replace: true })}
        >
          Vielen Dank! Ihre E-Mail-Adresse ist bestätigt. Ab jetzt erhalten Sie Benachrichtigungen per E-Mail.
        </Alert>
      )}
      {oldConsents.map((betrieb) => (
        <NewConsentNotice key={betrieb.id} betrieb={betrieb} />
      ))}
      {expiring.data && expiring.data.length > 0 && <StateSummary entries={expiring.data} />}
      {routes.data && (
        <QuickRecordCard
          tours={tours.data ?? []}
          routes={routes.data}
          activities={activities.data ?? []}
          documentationPath={paths.documentation}
          accountDays={accountDays}
          accountKeepingWays={accountKeepingWays}
        />
      )}
      <OutboxCard />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
          <ExpiringCard
            links={{ route: paths.route, routeNew: paths.routeNew, documentation: paths.documentation }}
            rowAction={(entry) => {
              const route = routes.data?.find((candidate) => candidate.id === entry.id);
              return (
                route && (
                  <RecordTodayButton
                    routes={[route]}
                    label="Heute"
                    fullWidth={false}
                    h="auto"
                    mih={44}
                    variant="light"
                    aria-label={`${entry.name} heute gefahren`}
                  />
                )
              );
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <AccountCard user={user.data} accountPath={paths.account} />
            <SummaryCard
              counts={{ routes: routes.data?.length, tours: tours.data?.length, vehicles: vehicles.data?.length }}
              routeNewPath={paths.routeNew}
            />
            <HelpCard userDocumentationUrl={paths.userDocumentation} />
            <NewsCard />
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = dataRoute({
  title: 'Dashboard',
  needs: () => [currentUserQueryOptions()],
  // Painted once with its data: cards that appear as answers arrive would push the ones below down the screen.
  shows: () => [
    routesQueryOptions(),
    toursQueryOptions(),
    routeActivitiesQueryOptions(),
    expiringRoutesQueryOptions(),
    vehiclesQueryOptions(),
    changelogQueryOptions(),
  ],
  Page: Dashboard,
});
