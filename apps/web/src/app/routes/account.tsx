import { Button, Card, Group, Stack, Table, Title } from '@mantine/core';
import { roleLabels, type User } from '@streckenpass/contract/users';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useTitle } from '../use-title';

const NOT_AVAILABLE = 'Nicht verfügbar';

export function roleText(roles: string[] | undefined): string {
  if (!roles || roles.length === 0) return NOT_AVAILABLE;
  // The most significant role is shown; ROLE_USER is implied for everyone.
  const role = roles.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : (roles[0] ?? '');
  return roleLabels[role] ?? role;
}

function rows(user: User | undefined): [string, string][] {
  return [
    ['Rolle', roleText(user?.roles)],
    ['E-Mail', user?.email || NOT_AVAILABLE],
    ['Vorname', user?.firstname || NOT_AVAILABLE],
    ['Nachname', user?.lastname || NOT_AVAILABLE],
  ];
}

export function Component() {
  useTitle('Konto');
  const user = useCurrentUser();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Konto</Title>
      {user.isPending && <PageLoader />}
      {user.isError && <QueryError error={user.error} retry={() => void user.refetch()} />}
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
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
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
        <Button component={Link} to={paths.accountNotifications} variant="light">
          Erinnerungen & Kalender
        </Button>
        <Button component={Link} to={paths.accountChangePassword} variant="default">
          Passwort ändern
        </Button>
        <Button component={Link} to={paths.accountData} variant="default">
          Meine Daten
        </Button>
      </Group>
    </Stack>
  );
}
