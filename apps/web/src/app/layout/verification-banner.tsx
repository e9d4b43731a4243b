import { ActionIcon, Alert, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconMailExclamation, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useResendVerification } from '../../features/auth/api/resend-verification';
import { germanMessage } from '../../lib/api-errors';
import { useIsAuthenticated } from '../../features/auth/store';

const FULL_TEXT = 'Bitte bestätigen Sie Ihre E-Mail-Adresse. Bis dahin erhalten Sie keine E-Mail-Benachrichtigungen.';

/**
 * Shown above the navigation while the signed-in user's address is unconfirmed (seed section 2). On a phone it
 * takes one line with the way to the details; the full sentence is always there for screen readers.
 */
export function VerificationBanner() {
  const authenticated = useIsAuthenticated();
  const { data: user } = useCurrentUser();
  const resend = useResendVerification();
  const [closed, setClosed] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  if (!authenticated || !user || user.mail_verified || closed) return null;

  const message = resend.isSuccess ? 'Prüfen Sie ihr Postfach' : FULL_TEXT;
  const actions = (
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
  );
  const error = resend.isError && (
    <Text size="sm" c="dark.9" mt={4} role="alert">
      {germanMessage(resend.error, 'Die E-Mail konnte nicht gesendet werden.')}
    </Text>
  );

  if (phone && !expanded) {
    return (
      <Alert
        color="yellow"
        variant="filled"
        radius={0}
        role="region"
        aria-label="E-Mail-Bestätigung"
        py={0}
        px={8}
        styles={{ body: { gap: 0, minWidth: 0 }, wrapper: { minWidth: 0 } }}
      >
        <Group gap={4} wrap="nowrap" justify="space-between" w="100%">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <IconMailExclamation
              size={18}
              aria-hidden
              style={{ flexShrink: 0, color: 'var(--mantine-color-dark-9)' }}
            />
            <Text size="sm" c="dark.9" fw={600} truncate aria-hidden>
              {resend.isSuccess ? message : 'E-Mail bestätigen'}
            </Text>
            <VisuallyHidden>{message}</VisuallyHidden>
          </Group>
          <Group gap={0} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              color="dark"
              c="dark.9"
              aria-expanded={false}
              rightSection={<IconChevronDown size={16} aria-hidden />}
              onClick={() => setExpanded(true)}
            >
              Mehr
            </Button>
            <ActionIcon variant="subtle" color="dark" c="dark.9" aria-label="Schließen" onClick={() => setClosed(true)}>
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {error}
      </Alert>
    );
  }

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
          {message}
        </Text>
        {actions}
        {phone && (
          <Button
            size="xs"
            variant="subtle"
            color="dark"
            c="dark.9"
            aria-expanded
            rightSection={<IconChevronUp size={16} aria-hidden />}
            onClick={() => setExpanded(false)}
          >
            Weniger
          </Button>
        )}
      </Group>
      {error}
    </Alert>
  );
}
