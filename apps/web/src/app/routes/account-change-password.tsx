import { Alert, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { paths } from '../../config/paths';
import { useChangePassword } from '../../features/account/api/change-password';
import { NewPasswordForm } from '../../features/account/components/new-password-form';
import { changePasswordFormSchema, withoutRepeat } from '../../features/account/components/new-password-fields';
import { useContractForm } from '../../lib/use-contract-form';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Passwort ändern');
  const change = useChangePassword();
  const contractForm = useContractForm(changePasswordFormSchema, change, {
    initialValues: { current_password: '', new_password: '', repeat: '', revoke_shared_access: false },
    toVariables: withoutRepeat,
    onSuccess: (_result, _values, form) => form.reset(),
    // The server says what is wrong ("Das aktuelle Passwort ist falsch.", a common password): germanMessage shows it.
    fallbackMessage: 'Es ist ein Fehler aufgetreten',
    // Once the current password is corrected, "Das aktuelle Passwort ist falsch." no longer holds.
    formErrorFields: ['current_password'],
  });

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>Passwort ändern</Title>
      <Card>
        <NewPasswordForm
          contractForm={contractForm}
          intro={
            change.isSuccess && (
              <Alert color="green" role="status">
                {change.data.message || 'Passwort erfolgreich geändert.'}
              </Alert>
            )
          }
          back={{ to: paths.account, label: 'Zurück zum Konto' }}
          submitLabel="Passwort ändern"
        >
          <PasswordInput
            label="Aktuelles Passwort"
            autoComplete="current-password"
            required
            {...contractForm.form.getInputProps('current_password')}
          />
        </NewPasswordForm>
      </Card>
    </Stack>
  );
}
