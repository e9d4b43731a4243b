import { Text } from '@mantine/core';
import { DeleteAccountCard } from '../../features/account/components/delete-account-card';
import { BackupCard } from '../../features/account-data/components/backup-card';
import { ImportCard } from '../../features/account-data/components/import-card';
import { TransferCard } from '../../features/account-data/components/transfer-card';
import { IssuedProofsCard } from '../../features/proofs/components/issued-proofs-card';
import { useRoutes } from '../../features/routes/api/routes';
import { ShareLinksCard } from '../../features/share-links/components/share-links-card';
import { useTours } from '../../features/tours/api/tours';
import { AccountPage } from '../account-page';

/**
 * "Meine Daten": backup and restore, CSV import, share links, the transfer document, issued documents, account
 * deletion.
 */
export function Component() {
  const routes = useRoutes();
  const tours = useTours();
  const routeChoices = (routes.data ?? []).map((route) => ({
    value: String(route.id),
    label: route.companyRoute ? `${route.name} (${route.companyRoute})` : route.name,
  }));
  const tourChoices = (tours.data ?? []).map((tour) => ({ value: String(tour.id), label: tour.name }));

  return (
    <AccountPage title="Meine Daten" maw={860} backToAccount>
      <Text>
        Ihre Daten gehören Ihnen: sichern, aus Listen übernehmen, für Vorgesetzte freigeben oder ganz löschen.
      </Text>
      <BackupCard />
      <ImportCard />
      <ShareLinksCard routes={routeChoices} tours={tourChoices} />
      <TransferCard />
      <IssuedProofsCard />
      <DeleteAccountCard />
    </AccountPage>
  );
}
