import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { AccountCard } from '../../features/account/components/account-card';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Dashboard');
  const user = useCurrentUser();
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
      {user.isPending && <PageLoader />}
      {user.isError && <QueryError error={user.error} retry={() => void user.refetch()} />}
      {user.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <AccountCard user={user.data} accountPath={paths.account} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
