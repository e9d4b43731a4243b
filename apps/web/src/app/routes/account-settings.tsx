import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { useReportSettings } from '../../features/account/api/get-report-settings';
import { useUpdatePreferences } from '../../features/account/api/update-preferences';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { ApiError } from '../../lib/api-errors';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Einstellungen');
  const user = useCurrentUser();
  const save = useUpdatePreferences();
  const reportSettings = useReportSettings();
  const [weekly, setWeekly] = useState(false);
  const [bcc, setBcc] = useState(false);

  useEffect(() => {
    if (user.data) {
      setWeekly(user.data.receive_weekly_reports);
      setBcc(user.data.bcc_mail_weekly_reports);
    }
  }, [user.data]);

  // Where the copy goes depends on the installation; until that is known, the general rule.
  const copyTarget = reportSettings.data
    ? reportSettings.data.bcc_address
      ? `Die Kopie geht an ${reportSettings.data.bcc_address}.`
      : 'Derzeit ist keine Adresse für Kopien hinterlegt; es wird keine Kopie verschickt.'
    : 'Ist keine Adresse hinterlegt, wird keine Kopie verschickt.';

  const errorMessage = save.error
    ? (save.error instanceof ApiError && save.error.serverMessage) || 'Es ist ein Fehler aufgetreten'
    : null;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Einstellungen</Title>
      {user.isPending && <PageLoader />}
      {user.isError && <QueryError error={user.error} retry={() => void user.refetch()} />}
      {user.data && (
        <Card>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ receive_weekly_reports: weekly, bcc_mail_weekly_reports: bcc });
            }}
          >
            <Stack gap="md">
              <Title order={2} size="h4">
                Wochenbericht per E-Mail
              </Title>
              {!user.data.mail_verified && (
                <Alert color="yellow">Berichte werden erst verschickt, wenn Ihre E-Mail-Adresse bestätigt ist.</Alert>
              )}
              <Checkbox
                checked={weekly}
                onChange={(event) => setWeekly(event.currentTarget.checked)}
                label="Wöchentliche Berichte erhalten"
                description="Jeden Montag um 6:00 Uhr erhalten Sie eine E-Mail mit allen Strecken, deren Streckenkunde abgelaufen ist oder in den nächsten 30 Tagen abläuft. Gibt es nichts zu berichten, kommt keine E-Mail."
              />
              <Checkbox
                checked={bcc}
                onChange={(event) => setBcc(event.currentTarget.checked)}
                label="Kopie des Berichts an den Betreiber (BCC)"
                description={`Eine Blindkopie jedes Wochenberichts geht an die vom Betreiber dieser Installation hinterlegte Adresse, etwa für Ihre Dienststelle. ${copyTarget}`}
              />
              {save.isSuccess && (
                <Alert color="green" role="status">
                  {save.data.message || 'Einstellungen erfolgreich gespeichert.'}
                </Alert>
              )}
              {errorMessage && (
                <Alert color="red" role="alert">
                  {errorMessage}
                </Alert>
              )}
              <Group justify="space-between">
                <Button component={Link} to={paths.account} variant="subtle">
                  Zurück zum Konto
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Einstellungen speichern
                </Button>
              </Group>
              <Text size="xs" c="dimmed">
                Sie können die Berichte jederzeit hier wieder abbestellen.
              </Text>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
