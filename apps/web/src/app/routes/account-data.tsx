import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { DeleteAccountCard } from '../../features/account/components/delete-account-card';
import { BackupCard } from '../../features/account-data/components/backup-card';
import { ImportCard } from '../../features/account-data/components/import-card';
import { useRoutes } from '../../features/routes/api/routes';
import { ShareLinksCard } from '../../features/share-links/components/share-links-card';
import { useTours } from '../../features/tours/api/tours';
import { useTitle } from '../use-title';

/** "Meine Daten": backup and restore, CSV import, share links, account deletion. */
export function Component() {
  useTitle('Meine Daten');
  const routes = useRoutes();
  const tours = useTours();
  const routeChoices = (routes.data ?? []).map((route) => ({
    value: String(route.id),
    label: route.companyRoute ? `${route.name} (${route.companyRoute})` : route.name,
  }));
  const tourChoices = (tours.data ?? []).map((tour) => ({ value: String(tour.id), label: tour.name }));

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>Meine Daten</Title>
      <Text>
        Ihre Daten gehören Ihnen: sichern, aus Listen übernehmen, für Vorgesetzte freigeben oder ganz löschen.
      </Text>
      <BackupCard />
      <ImportCard />
      <ShareLinksCard routes={routeChoices} tours={tourChoices} />
      <DeleteAccountCard />
      <Group>
        <Button component={Link} to={paths.account} variant="subtle">
          Zurück zum Konto
        </Button>
      </Group>
    </Stack>
  );
}
