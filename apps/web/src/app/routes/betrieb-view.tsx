import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { BETRIEB_ROLE_LABELS, readsDrivers, readsMembers } from '@streckenpass/contract/terms';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { DetailTable } from '../../components/detail-table';
import { TitledCard } from '../../components/titled-card';
import { paths } from '../../config/paths';
import { BetriebOverview } from '../../features/betriebe/components/betrieb-overview';
import { consentOf } from '../../features/betriebe/components/betriebe-list';
import { CoverageAlertForm } from '../../features/betriebe/components/coverage-alert-form';
import { ConsentText } from '../../features/betriebe/components/consent-text';
import { InvitationsCard } from '../../features/betriebe/components/invitations-card';
import { LeaveBetriebButton } from '../../features/betriebe/components/leave-betrieb-button';
import { MembersCard } from '../../features/betriebe/components/members-card';
import { RegisterCard } from '../../features/betriebe/components/register-card';
import { RequirementsCard } from '../../features/betriebe/components/requirements-card';
import { routesQueryOptions } from '../../features/routes/api/routes';
import { formatDateTime } from '../../lib/dates';
import { recordRoute } from '../record-route';
import { betriebRecord } from '../record-routes';
import { useTitle } from '../use-title';

/**
 * Name, depots and my membership; what the Betrieb sees of my data and "Betrieb verlassen". Admins and Disponenten
 * see the overview; they and examiners the register per TfV § 10 (4) and the members; admins manage them and the invitations. Everyone sees the requirements; admins keep them, a
 * driver sees which own route meets each.
 */
function BetriebView({ record: betrieb }: { record: Betrieb }) {
  useTitle(betrieb.name);
  const navigate = useNavigate();
  const consent = consentOf(betrieb);
  // A driver links their own routes to requirements by hand: the page hands the routes feature's list to the card.
  const ownRoutes = useQuery({ ...routesQueryOptions(), enabled: betrieb.role === 'driver' });
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{betrieb.name}</Title>
      {readsDrivers(betrieb) && <BetriebOverview betrieb={betrieb} />}
      <TitledCard title="Ihre Mitgliedschaft">
        <DetailTable
          rows={[
            { label: 'Ihre Rolle', value: BETRIEB_ROLE_LABELS[betrieb.role] },
            { label: 'Ihr Depot', value: betrieb.depot?.name ?? 'Kein Depot' },
            {
              label: 'Depots',
              value: betrieb.depots.length > 0 ? betrieb.depots.map((depot) => depot.name).join(', ') : 'Keine',
            },
            { label: 'Mitglied seit', value: `${formatDateTime(betrieb.joinedAt, 'Europe/Berlin')} Uhr` },
          ]}
        />
        <Group gap="sm">
          <Button component={Link} to={paths.accountBetriebe} variant="subtle">
            Meine Betriebe
          </Button>
          <LeaveBetriebButton betrieb={betrieb} onLeft={() => navigate(paths.accountBetriebe, { replace: true })} />
        </Group>
      </TitledCard>
      {readsDrivers(betrieb) && (
        <TitledCard title="Minimum je Anforderung">
          <CoverageAlertForm betrieb={betrieb} />
        </TitledCard>
      )}
      {readsMembers(betrieb) && <RegisterCard betriebId={betrieb.id} />}
      {readsMembers(betrieb) && <MembersCard betrieb={betrieb} />}
      {betrieb.role === 'admin' && <InvitationsCard betriebId={betrieb.id} />}
      <RequirementsCard betrieb={betrieb} ownRoutes={ownRoutes.data} />
      {consent && (
        <TitledCard title="Ihre Einwilligung">
          <ConsentText consent={consent} headingOrder={3} />
          <Text size="xs" c="dimmed">
            Zugestimmt am {formatDateTime(betrieb.consentedAt, 'Europe/Berlin')} Uhr
          </Text>
        </TitledCard>
      )}
    </Stack>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(betriebRecord('Betrieb'), BetriebView);
