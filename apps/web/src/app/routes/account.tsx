import { Button, Card, Group, Table, Title } from '@mantine/core';
import { roleLabels, type User } from '@streckenpass/contract/users';
import { TERMS } from '@streckenpass/contract/terms';
import { Link } from 'react-router';
import { paths, TRANSFER_SECTION } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { AccountPage } from '../account-page';
import { EmailAddress } from '../../components/email-address';
import type { ReactNode } from 'react';

const NOT_AVAILABLE = 'Nicht verfügbar';

export function roleText(roles: string[] | undefined): string {
  if (!roles || roles.length === 0) return NOT_AVAILABLE;
  // The most significant role is shown; ROLE_USER is implied for everyone.
  const role = roles.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : (roles[0] ?? '');
  return roleLabels[role] ?? role;
}

function rows(user: User | undefined): [string, ReactNode][] {
  return [
    ['Rolle', roleText(user?.roles)],
    [TERMS.email, user?.email ? <EmailAddress email={user.email} /> : NOT_AVAILABLE],
    ['Vorname', user?.firstname || NOT_AVAILABLE],
    ['Nachname', user?.lastname || NOT_AVAILABLE],
  ];
}

export function Component() {
  const user = useCurrentUser();
  return (
    <AccountPage title="Konto" queries={[user]}>
      {user.data && (
        <Card>
          <Title order={2} size="h4" mb="sm">
            Persönliche Daten
          </Title>
          <Table variant="vertical" layout="fixed" withTableBorder={false}>
            <Table.Tbody>
              {rows(user.data).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={120}>{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Group>
        <Button component={Link} to={paths.accountSettings} variant="light">
          Einstellungen
        </Button>
        <Button component={Link} to={paths.accountValidity} variant="light">
          Gültigkeit
        </Button>
        <Button component={Link} to={paths.accountNotifications} variant="light">
          Erinnerungen & Kalender
        </Button>
        <Button component={Link} to={paths.accountChangePassword} variant="default">
          Passwort ändern
        </Button>
        <Button component={Link} to={paths.accountData} variant="default">
          Meine Daten
        </Button>
        <Button component={Link} to={paths.accountBetriebe} variant="default">
          Meine Betriebe
        </Button>
        <Button component={Link} to={`${paths.accountData}#${TRANSFER_SECTION}`} variant="default">
          Arbeitgeber wechseln
        </Button>
      </Group>
    </AccountPage>
  );
}
