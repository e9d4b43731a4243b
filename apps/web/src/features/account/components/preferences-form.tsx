import { Alert, Button, Card, Checkbox, Stack, Title } from '@mantine/core';
import { updatePreferencesSchema, type User } from '@streckenpass/contract/users';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../lib/use-contract-form';
import { useReportSettings } from '../api/get-report-settings';
import { useUpdatePreferences } from '../api/update-preferences';
import { FormError } from '../../../components/form-error';
import { FormSubmit } from '../../../components/form-submit';

/** "Wochenbericht per E-Mail": the two report preferences of the signed-in user. */
export function PreferencesForm({ user }: { user: User }) {
  const save = useUpdatePreferences();
  const reportSettings = useReportSettings();
  const { form, onSubmit, isPending, formError } = useContractForm(updatePreferencesSchema, save, {
    initialValues: {
      receive_weekly_reports: user.receive_weekly_reports,
      bcc_mail_weekly_reports: user.bcc_mail_weekly_reports,
    },
    fallbackMessage: 'Es ist ein Fehler aufgetreten',
  });

  // Where the copy goes depends on the installation; until that is known, the general rule.
  const copyTarget = reportSettings.data
    ? reportSettings.data.bcc_address
      ? `Die Kopie geht an ${reportSettings.data.bcc_address}.`
      : 'Derzeit ist keine Adresse für Kopien hinterlegt; es wird keine Kopie verschickt.'
    : 'Ist keine Adresse hinterlegt, wird keine Kopie verschickt.';

  return (
    <Card>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4">
            Wochenbericht per E-Mail
          </Title>
          {!user.mail_verified && (
            <Alert color="yellow">Berichte werden erst verschickt, wenn Ihre E-Mail-Adresse bestätigt ist.</Alert>
          )}
          <Checkbox
            label="Wöchentliche Berichte erhalten"
            description="Jeden Montag um 6:00 Uhr erhalten Sie eine E-Mail mit allen Strecken, deren Streckenkunde abgelaufen ist oder in den nächsten 30 Tagen abläuft. Gibt es nichts zu berichten, kommt keine E-Mail."
            {...form.getInputProps('receive_weekly_reports', { type: 'checkbox' })}
          />
          <Checkbox
            label="Kopie des Berichts an den Betreiber (BCC)"
            description={`Eine Blindkopie jedes Wochenberichts geht an die vom Betreiber dieser Installation hinterlegte Adresse, etwa für Ihre Dienststelle. ${copyTarget}`}
            {...form.getInputProps('bcc_mail_weekly_reports', { type: 'checkbox' })}
          />
          {save.isSuccess && (
            <Alert color="green" role="status">
              {save.data.message || 'Einstellungen erfolgreich gespeichert.'}
            </Alert>
          )}
          <FormError error={formError} />
          <FormSubmit
            loading={isPending}
            back={
              <Button component={Link} to={paths.account} variant="subtle">
                Zurück zum Konto
              </Button>
            }
            note="Sie können die Berichte jederzeit hier wieder abbestellen."
          >
            Einstellungen speichern
          </FormSubmit>
        </Stack>
      </form>
    </Card>
  );
}
