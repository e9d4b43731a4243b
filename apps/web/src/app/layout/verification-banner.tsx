import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useResendVerification } from '../../features/auth/api/resend-verification';
import { germanMessage } from '../../lib/api-errors';
import { useIsAuthenticated } from '../../features/auth/store';

/** Shown above the navigation while the signed-in user's address is unconfirmed (seed section 2). */
export function VerificationBanner() {
  const authenticated = useIsAuthenticated();
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  const [closed, setClosed] = useState(false);

  if (!authenticated || !user || user.mail_verified || closed) return null;

  return (
    <Alert
      color="yellow"
      variant="filled"
      radius={0}
      icon={<IconMailExclamation aria-hidden />}
      role="region"
      aria-label="E-Mail-Bestätigung"
      styles={{ body: { gap: 4 } }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dark.9">
          {resend.isSuccess
            ? 'Prüfen Sie ihr Postfach'
            : 'Bitte bestätigen Sie Ihre E-Mail-Adresse. Bis dahin erhalten Sie keine E-Mail-Benachrichtigungen.'}
        </Text>
        <Group gap="xs">
          {!resend.isSuccess && (
            <Button size="xs" variant="white" color="dark" loading={resend.isPending} onClick={() => resend.mutate()}>
              Bestätigung erneut senden
            </Button>
          )}
          <Button size="xs" variant="filled" color="dark" onClick={() => setClosed((value) => !value)}>
            Schließen
          </Button>
        </Group>
      </Group>
      {resend.isError && (
        <Text size="sm" c="dark.9" mt={4} role="alert">
          {germanMessage(resend.error, 'Die E-Mail konnte nicht gesendet werden.')}
        </Text>
      )}
    </Alert>
  );
}
