import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunkError } from '../lib/chunk-reload';
import { PageLoader } from '../components/page-loader';

/** Errors while rendering or loading a page: a reload for stale chunks, otherwise a German message. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunkError);

  useEffect(() => {
    if (chunkError) setReloading(reloadOnceForChunkError(pathname));
  }, [chunkError, pathname]);

  if (reloading) return <PageLoader />;
  const title = isRouteErrorResponse(error) && error.status === 404 ? 'Page Not Found' : 'Etwas ist schiefgelaufen';
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{title}</Title>
        <Alert color="red" role="alert">
          {chunkError
            ? 'Eine neue Version von Streckenpass ist verfügbar, konnte aber nicht geladen werden. Bitte laden Sie die Seite neu.'
            : 'Beim Anzeigen dieser Seite ist ein Fehler aufgetreten. Ihre Daten sind nicht verloren.'}
        </Alert>
        <Button onClick={() => window.location.reload()}>Seite neu laden</Button>
      </Stack>
    </Container>
  );
}
