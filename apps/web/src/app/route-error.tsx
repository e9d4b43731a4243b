import { Alert, Button, Container, Stack, Title } from '@mantine/core';
import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { QueryError } from '../components/query-error';
import { isMissingRecord, RecordNotFound } from '../components/record-not-found';
import { ApiError } from '../lib/api-errors';
import { isChunkLoadError, reloadOnceForChunkError } from '../lib/chunk-reload';
import type { NotFoundCard } from './record-route';

/**
 * "Erneut versuchen" after a failed load: the failed queries are asked again (their data, if any, stays on screen
 * meanwhile) and the page is opened anew – its loader runs again, and React Router's error boundary lets go of the
 * error, which it does on a new location (a revalidation it might not see rendered).
 */
function useRetry() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  return () => {
    reset();
    void queryClient
      .invalidateQueries({ predicate: (query) => query.state.status === 'error', refetchType: 'none' })
      .then(() => navigate(location, { replace: true, state: location.state }));
  };
}

/**
 * Errors while rendering or loading a page, one path for all (epic-stack's `GeneralErrorBoundary`): a reload for
 * stale chunks; on a record page a 404 or 403 as the record's "nicht gefunden" card; a failed request as the German
 * error card with "Erneut versuchen"; anything else as a German message with a reload.
 */
export function RouteError({ notFound, centered = false }: { notFound?: NotFoundCard; centered?: boolean }) {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunkError);
  const retry = useRetry();

  useEffect(() => {
    if (chunkError) setReloading(reloadOnceForChunkError(pathname));
  }, [chunkError, pathname]);

  if (reloading) return <PageLoader />;
  const frame = (card: ReactNode) => (centered ? <Stack align="center">{card}</Stack> : card);
  if (notFound && isMissingRecord(error)) return frame(<RecordNotFound {...notFound} />);
  if (error instanceof ApiError) return frame(<QueryError error={error} retry={retry} />);

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
