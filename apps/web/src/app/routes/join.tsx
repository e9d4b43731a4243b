import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BETRIEB_ROLE_LABELS } from '@streckenpass/contract/terms';
import type { InvitationPreview } from '@streckenpass/contract/betriebe';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useIsAuthenticated } from '../../features/auth/store';
import { invitationQueryOptions, useAcceptInvitation } from '../../features/betriebe/api/betriebe';
import { ConsentText } from '../../features/betriebe/components/consent-text';
import { germanMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/dates';
import type { FromState } from '../guards';
import { publicRoute } from '../record-route';
import { useTitle } from '../use-title';

/**
 * `/beitreten/{token or code}` (issue 28): the invitation as anyone holding it sees it — the Betrieb, the role, and
 * exactly what the Betrieb will see of one's data (the consent, in its current version). Signed in, "Zustimmen und
 * beitreten" joins; signed out, the visitor logs in or registers and comes back here (the guards' `from`).
 */
function Join({ record: invitation }: { record: InvitationPreview }) {
  const { token = '' } = useParams();
  const signedIn = useIsAuthenticated();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  useTitle(`Einladung: ${invitation.betrieb}`);
  const back = { from: paths.join(token) } satisfies FromState;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Einladung von „{invitation.betrieb}“</Title>
      <Card>
        <Stack gap="sm">
          <Text>
            Sie sind eingeladen, dem Betrieb „{invitation.betrieb}“ als {BETRIEB_ROLE_LABELS[invitation.role]}{' '}
            beizutreten. Die Einladung gilt bis {formatDateTime(invitation.expiresAt, 'Europe/Berlin')} Uhr.
          </Text>
        </Stack>
      </Card>
      <Card>
        <ConsentText consent={invitation.consent} />
      </Card>
      <Card>
        {signedIn ? (
          <Stack gap="sm">
            {accept.isError && (
              <Alert color="red" role="alert">
                {germanMessage(accept.error)}
              </Alert>
            )}
            <Text size="sm">
              Mit „Zustimmen und beitreten“ willigen Sie in die Fassung {invitation.consent.version} oben ein.
            </Text>
            <Group>
              <Button
                loading={accept.isPending}
                onClick={() =>
                  accept.mutate(invitation.consent.version, {
                    onSuccess: (betrieb) => {
                      notifications.show({ color: 'green', message: `Sie sind jetzt Mitglied von „${betrieb.name}“.` });
                      navigate(paths.betrieb(betrieb.id), { replace: true });
                    },
                  })
                }
              >
                Zustimmen und beitreten
              </Button>
              <Button component={Link} to={paths.accountBetriebe} variant="default">
                Nicht beitreten
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text>Um beizutreten, melden Sie sich an oder registrieren sich. Danach kommen Sie hierher zurück.</Text>
            <Group>
              <Button component={Link} to={paths.home} state={back}>
                Anmelden
              </Button>
              <Button component={Link} to={`${paths.home}?form=register`} state={back} variant="light">
                Registrieren
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/**
 * Loaded before the page paints, with or without an account (it is public). Unknown, expired, revoked or used: one
 * card, as the server gives one answer for all of them.
 */
export const { clientLoader, ErrorBoundary, Component } = publicRoute(
  {
    title: 'Einladung',
    query: invitationQueryOptions,
    notFound: {
      title: 'Einladung nicht gefunden',
      text:
        'Diese Einladung gibt es nicht oder nicht mehr: Sie ist abgelaufen, wurde widerrufen oder schon benutzt. ' +
        'Bitten Sie den Betrieb um eine neue.',
      backTo: paths.home,
      backLabel: 'Zur Startseite',
    },
  },
  Join,
);
