import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import type { Requirement, RequirementMatch } from '@streckenpass/contract/requirements';
import { useState } from 'react';
import { CardsOrTable, CellWithNote, type Column } from '../../../components/cards-or-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DownloadButton } from '../../../components/download-button';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryContent, type ShownQuery } from '../../../components/query-content';
import { TitledCard } from '../../../components/titled-card';
import { germanMessage } from '../../../lib/api-errors';
import { routeRequirements, useDownloadRequirementsCsv } from '../api/requirements';
import { AddRequirementForm } from './add-requirement-form';
import { DepotRules } from './depot-rules';
import { ImportRequirements } from './import-requirements';
import { pairLabel, scopeLabel } from './requirement-labels';
import { LinkSelect, MatchText, type OwnRoute } from './requirement-match';
import { MinimumButton } from './requirement-minimum';
import { RulesButton } from './requirement-rules';
import { VehicleRequirements } from './vehicle-requirements';

/**
 * The Betrieb's required route knowledge (issue 28 item 2). Every member sees the list; admins add, import and
 * delete requirements; a driver sees which of their own routes meets each one (by start and end, by the Betrieb's
 * Kürzel, or linked by hand) and links one by hand where none matches.
 */
export function RequirementsCard({ betrieb, ownRoutes }: { betrieb: Betrieb; ownRoutes?: readonly OwnRoute[] }) {
  const isAdmin = betrieb.role === 'admin';
  const isDriver = betrieb.role === 'driver';
  const list = routeRequirements.list.use(betrieb.id, !isDriver);
  const matches = routeRequirements.matches.use(betrieb.id, isDriver);
  const remove = routeRequirements.useDelete(betrieb.id);
  const csv = useDownloadRequirementsCsv(betrieb.id);
  const [toDelete, setToDelete] = useState<Requirement | null>(null);

  const columns: Column<RequirementMatch>[] = [
    {
      header: 'Strecke',
      cell: (requirement) => <CellWithNote note={scopeLabel(requirement)}>{pairLabel(requirement)}</CellWithNote>,
    },
    ...(isDriver
      ? [
          {
            header: 'Ihre Strecke',
            cell: (requirement: RequirementMatch) => <MatchText requirement={requirement} />,
          },
          {
            header: 'Von Hand',
            cell: (requirement: RequirementMatch) => (
              <LinkSelect betriebId={betrieb.id} requirement={requirement} ownRoutes={ownRoutes ?? []} />
            ),
          },
        ]
      : []),
    ...(isAdmin
      ? [
          {
            header: 'Aktion',
            cell: (requirement: RequirementMatch) => (
              <AdminActions
                betriebId={betrieb.id}
                requirement={requirement}
                onDelete={() => setToDelete(requirement)}
              />
            ),
          },
        ]
      : []),
  ];

  const query: ShownQuery<(Requirement | RequirementMatch)[]> = isDriver ? matches : list;
  return (
    <TitledCard title="Anforderungen">
      <Text size="sm">
        {isDriver
          ? 'Die Streckenkunde, die der Betrieb verlangt, und welche Ihrer Strecken sie erfüllt: über Start und Ende ' +
            '(in beliebiger Richtung), über das Kürzel des Betriebs oder von Hand verknüpft.'
          : 'Die Streckenkunde, die der Betrieb verlangt: ein Paar von Betriebsstellen (in beliebiger Richtung), ' +
            'optional mit dem Kürzel des Betriebs, für den ganzen Betrieb oder ein Depot.'}
      </Text>
      {isAdmin && <AddRequirementForm betrieb={betrieb} />}
      {isAdmin && <ImportRequirements betriebId={betrieb.id} />}
      {isAdmin && <DepotRules betrieb={betrieb} />}
      <Group>
        <DownloadButton call={csv} icon={<IconFileSpreadsheet size={18} aria-hidden />} variant="light">
          Als CSV herunterladen
        </DownloadButton>
      </Group>
      <ErrorAlert call={csv} />
      {remove.isError && (
        <Alert color="red" role="alert">
          {germanMessage(remove.error)}
        </Alert>
      )}
      <QueryContent query={query}>
        {(items: (Requirement | RequirementMatch)[]) => (
          <CardsOrTable<RequirementMatch>
            items={items.map((item) => ({ match: null, link: null, ...item }))}
            empty="Noch keine Anforderungen."
            itemKey={(requirement) => requirement.id}
            label="Anforderungen des Betriebs"
            columns={columns}
            card={(requirement) => ({
              title: pairLabel(requirement),
              subtitle: scopeLabel(requirement),
              badge: isDriver ? (
                <Badge color={requirement.match ? 'green' : 'gray'} variant="light">
                  {requirement.match ? 'erfüllt' : 'fehlt'}
                </Badge>
              ) : null,
              details: isDriver ? <MatchText requirement={requirement} /> : null,
              action: isDriver ? (
                <LinkSelect betriebId={betrieb.id} requirement={requirement} ownRoutes={ownRoutes ?? []} />
              ) : isAdmin ? (
                <AdminActions
                  betriebId={betrieb.id}
                  requirement={requirement}
                  onDelete={() => setToDelete(requirement)}
                />
              ) : null,
            })}
          />
        )}
      </QueryContent>
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Anforderung löschen?"
        confirmLabel="Löschen"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
      >
        <Text size="sm">
          {toDelete ? pairLabel(toDelete) : ''} wird aus den Anforderungen entfernt; Verknüpfungen der
          Triebfahrzeugführer/innen damit gehen mit.
        </Text>
      </ConfirmDialog>
      <VehicleRequirements betrieb={betrieb} />
    </TitledCard>
  );
}

/** An admin's actions on a requirement: its minimum, its own rules, and delete (after asking). */
function AdminActions({
  betriebId,
  requirement,
  onDelete,
}: {
  betriebId: number;
  requirement: Requirement;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="wrap">
      <MinimumButton betriebId={betriebId} requirement={requirement} />
      <RulesButton betriebId={betriebId} requirement={requirement} />
      <Button
        color="red"
        variant="subtle"
        aria-label={`Anforderung ${pairLabel(requirement)} löschen`}
        onClick={onDelete}
      >
        Löschen
      </Button>
    </Group>
  );
}
