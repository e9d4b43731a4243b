import { Button, Group, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { TRANSFER_SECTION } from '../../config/paths';
import { DeleteAccountCard } from '../../features/account/components/delete-account-card';
import { BackupCard } from '../../features/account-data/components/backup-card';
import { OwnAttestationsCard } from '../../features/attestations/components/own-attestations-card';
import { ImportCard } from '../../features/account-data/components/import-card';
import { TransferCard } from '../../features/account-data/components/transfer-card';
import { IssuedProofsCard } from '../../features/proofs/components/issued-proofs-card';
import { useRoutes } from '../../features/routes/api/routes';
import { ShareLinksCard } from '../../features/share-links/components/share-links-card';
import { useTours } from '../../features/tours/api/tours';
import { AccountPage } from '../account-page';

/** A part of the page that a link (`#id`, also from another page) scrolls to. */
function Section({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} style={{ scrollMarginTop: 16 }}>
      {children}
    </div>
  );
}

/**
 * "Meine Daten": backup and restore, CSV import, share links, the transfer document, the Betriebe's attestations,
 * issued documents, account deletion.
 */
export function Component() {
  const { hash } = useLocation();
  // Opened at a part (`/account/data#arbeitgeberwechsel` from the account page): scroll there once it is drawn.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  const routes = useRoutes();
  const tours = useTours();
  const routeChoices = (routes.data ?? []).map((route) => ({
    value: String(route.id),
    label: route.companyRoute ? `${route.name} (${route.companyRoute})` : route.name,
  }));
  const tourChoices = (tours.data ?? []).map((tour) => ({ value: String(tour.id), label: tour.name }));
  // The page's parts, each reachable from its top (issue 40: the transfer card sat 6,000 px down on a phone).
  const sections = [
    { id: 'sicherung', label: 'Sicherung', card: <BackupCard /> },
    { id: 'import', label: 'CSV-Import', card: <ImportCard /> },
    { id: 'freigaben', label: 'Freigaben', card: <ShareLinksCard routes={routeChoices} tours={tourChoices} /> },
    { id: TRANSFER_SECTION, label: 'Arbeitgeberwechsel', card: <TransferCard /> },
    { id: 'bescheinigungen', label: 'Bescheinigungen', card: <OwnAttestationsCard /> },
    { id: 'dokumente', label: 'Ausgestellte Dokumente', card: <IssuedProofsCard /> },
    { id: 'konto-loeschen', label: 'Konto löschen', card: <DeleteAccountCard /> },
  ];

  return (
    <AccountPage title="Meine Daten" maw={860} backToAccount>
      <Text>
        Ihre Daten gehören Ihnen: sichern, aus Listen übernehmen, für Vorgesetzte freigeben oder ganz löschen.
      </Text>
      <Group gap={4} component="nav" aria-label="Auf dieser Seite" wrap="wrap">
        {sections.map(({ id, label }) => (
          <Button key={id} component="a" href={`#${id}`} variant="subtle" size="sm" mih={44}>
            {label}
          </Button>
        ))}
      </Group>
      {sections.map(({ id, card }) => (
        <Section key={id} id={id}>
          {card}
        </Section>
      ))}
    </AccountPage>
  );
}
