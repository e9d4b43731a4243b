import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BETRIEB_LIMITS,
  BETRIEB_ROLES,
  createInvitationSchema,
  type CreatedInvitation,
  type Invitation,
} from '@streckenpass/contract/betriebe';
import { BETRIEB_ROLE_LABELS } from '@streckenpass/contract/terms';
import { IconCopy, IconMailPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormFrame } from '../../../components/form-frame';
import { QueryContent } from '../../../components/query-content';
import { TitledCard } from '../../../components/titled-card';
import { germanMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/betriebe';

const TIME_ZONE = 'Europe/Berlin';
const roleOptions = BETRIEB_ROLES.map((role) => ({ value: role, label: BETRIEB_ROLE_LABELS[role] }));

const STATE: Record<Invitation['state'], { label: string; color: string }> = {
  active: { label: 'offen', color: 'green' },
  used: { label: 'angenommen', color: 'blue' },
  expired: { label: 'abgelaufen', color: 'gray' },
  revoked: { label: 'widerrufen', color: 'red' },
};

interface Values {
  role: Invitation['role'];
  expiresInDays: number;
}

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="light" onClick={copy} leftSection={<IconCopy size={18} aria-hidden />}>
          {copied ? 'Kopiert' : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** The link and code of a new invitation: shown once, with copy buttons and the expiry. */
function CreatedInvitationAlert({ invitation }: { invitation: CreatedInvitation }) {
  return (
    <Alert color="green" role="status" title="Einladung erstellt">
      <Stack gap="xs">
        <Text size="sm">
          Geben Sie den Link oder den Code weiter – beide werden nur jetzt angezeigt. Gültig bis{' '}
          {formatDateTime(invitation.expiresAt, TIME_ZONE)} Uhr
          {invitation.role === 'driver' ? ', für beliebig viele' : ', für eine Person'}.
        </Text>
        <TextInput
          readOnly
          label="Link zum Beitreten"
          value={invitation.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <TextInput
          readOnly
          label="Code zum Eintippen"
          value={invitation.code}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="xs" grow>
          <Copy value={invitation.url} label="Link kopieren" />
          <Copy value={invitation.code} label="Code kopieren" />
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Invitations of a Betrieb (admins): make one with a role and an expiry — a driver invitation serves many, an admin
 * or Disponent one a single person — see each one's state, revoke it.
 */
export function InvitationsCard({ betriebId }: { betriebId: number }) {
  const invitations = useInvitations(betriebId, true);
  const create = useCreateInvitation(betriebId);
  const revoke = useRevokeInvitation(betriebId);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const { form, onSubmit, isPending, formError } = useContractForm(createInvitationSchema, create, {
    initialValues: { role: 'driver', expiresInDays: BETRIEB_LIMITS.invitationDaysDefault } as Values,
    onSuccess: (invitation) => setCreated(invitation),
  });

  return (
    <TitledCard title="Einladungen">
      <Text size="sm">
        Wer eine Einladung öffnet, sieht den Namen des Betriebs und was er von den eigenen Daten sehen wird, und tritt
        erst nach Zustimmung bei.
      </Text>
      <FormFrame label="Einladung erstellen" onSubmit={onSubmit} formError={formError}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select label="Rolle" data={roleOptions} allowDeselect={false} {...form.getInputProps('role')} />
          <NumberInput
            label="Gültig für Tage"
            min={BETRIEB_LIMITS.invitationDaysMin}
            max={BETRIEB_LIMITS.invitationDaysMax}
            allowDecimal={false}
            // The contract's message says what is allowed instead of silently changing the number.
            clampBehavior="none"
            {...form.getInputProps('expiresInDays')}
          />
        </SimpleGrid>
        <div>
          <Button type="submit" loading={isPending} leftSection={<IconMailPlus size={18} aria-hidden />}>
            Einladung erstellen
          </Button>
        </div>
      </FormFrame>
      {created && <CreatedInvitationAlert invitation={created} />}
      {revoke.isError && (
        <Alert color="red" role="alert">
          {germanMessage(revoke.error)}
        </Alert>
      )}
      <QueryContent query={invitations}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              Noch keine Einladungen.
            </Text>
          ) : (
            <Stack gap="xs">
              {list.map((invitation) => (
                <Paper key={invitation.id} withBorder p="sm">
                  <Stack gap={4}>
                    <Group justify="space-between" gap="xs">
                      <Text fw={600}>{BETRIEB_ROLE_LABELS[invitation.role]}</Text>
                      <Badge color={STATE[invitation.state].color} variant="light">
                        {STATE[invitation.state].label}
                      </Badge>
                    </Group>
                    <Text size="sm">
                      Erstellt am {formatDateTime(invitation.createdAt, TIME_ZONE)} · gültig bis{' '}
                      {formatDateTime(invitation.expiresAt, TIME_ZONE)} · {invitation.acceptedCount} beigetreten
                    </Text>
                    {invitation.state === 'active' && (
                      <Group>
                        <Button
                          color="red"
                          variant="subtle"
                          loading={revoke.isPending && revoke.variables === invitation.id}
                          aria-label={`Einladung als ${BETRIEB_ROLE_LABELS[invitation.role]} vom ${formatDateTime(invitation.createdAt, TIME_ZONE)} widerrufen`}
                          onClick={() => revoke.mutate(invitation.id)}
                        >
                          Widerrufen
                        </Button>
                      </Group>
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryContent>
    </TitledCard>
  );
}
