import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { resetPasswordFormSchema, withoutRepeat } from '../../features/account/components/new-password-fields';
import { NewPasswordForm } from '../../features/account/components/new-password-form';
import { useResetPassword } from '../../features/auth/api/password-reset';
import { useContractForm } from '../../lib/use-contract-form';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Neues Passwort');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const contractForm = useContractForm(resetPasswordFormSchema, useResetPassword(), {
    initialValues: { new_password: '', repeat: '', revoke_shared_access: false },
    toVariables: (values) => ({ token, ...withoutRepeat(values) }),
    onSuccess: () => navigate(`${paths.home}?reset=1`, { replace: true }),
    // The server says what is wrong (an expired link, a common password): germanMessage shows it.
  });

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Neues Passwort vergeben</Title>
      <Card>
        {!token ? (
          <Stack>
            <Alert color="red" role="alert">
              Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail erneut oder fordern Sie einen
              neuen an.
            </Alert>
            <Button component={Link} to={paths.home} variant="light">
              Zur Anmeldung
            </Button>
          </Stack>
        ) : (
          <NewPasswordForm
            contractForm={contractForm}
            intro={
              <Text size="sm" c="dimmed">
                Vergeben Sie ein neues Passwort für Ihr Konto. Danach melden Sie sich damit an; alle anderen Anmeldungen
                werden beendet.
              </Text>
            }
            back={{ to: paths.home, label: 'Zur Anmeldung' }}
            submitLabel="Passwort speichern"
          />
        )}
      </Card>
    </Stack>
  );
}
