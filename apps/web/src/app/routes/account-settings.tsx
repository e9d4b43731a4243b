import { Stack, Title } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { PreferencesForm } from '../../features/account/components/preferences-form';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Einstellungen');
  const user = useCurrentUser();

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Einstellungen</Title>
      {user.isPending && <PageLoader />}
      {user.isError && <QueryError error={user.error} retry={() => void user.refetch()} />}
      {user.data && <PreferencesForm user={user.data} />}
    </Stack>
  );
}
