import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { plural } from '@streckenpass/contract/plural';
import { createShareLinkSchema, type CreatedShareLink, type ShareLink } from '@streckenpass/contract/share-links';
import { IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, germanMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { zodFieldValidator } from '../../../lib/form';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

export interface ShareChoice {
  value: string;
  label: string;
}

const STATE_LABEL: Record<ShareLink['state'], { label: string; color: string }> = {
  active: { label: 'aktiv', color: 'green' },
  expired: { label: 'abgelaufen', color: 'gray' },
  revoked: { label: 'widerrufen', color: 'red' },
};

const dateTime = (iso: string | null) => (iso ? formatDateTime(iso, 'Europe/Berlin') : 'noch nie');
const date = (value: string | null) => formatDate(value, 'unbegrenzt');

const message = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? germanMessage(error)) : 'Es ist ein Fehler aufgetreten';

/**
 * Read-only links for a supervisor: create one (optional name, last day and chosen routes or tours), see when each
 * was last opened, revoke it. The link's address is shown once, right after it was made.
 */
export function ShareLinksCard({ routes, tours }: { routes: ShareChoice[]; tours: ShareChoice[] }) {
  const links = useShareLinks();
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);

  const form = useForm({
    initialValues: { label: '', expiresOn: '', routes: [] as string[], tours: [] as string[] },
    validate: (values) =>
      zodFieldValidator(createShareLinkSchema)({
        label: values.label || undefined,
        expiresOn: values.expiresOn || undefined,
        routes: values.routes.map(Number),
        tours: values.tours.map(Number),
      }),
  });

  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        ...(values.label ? { label: values.label } : {}),
        ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
        routes: values.routes.map(Number),
        tours: values.tours.map(Number),
      },
      {
        onSuccess: (link) => {
          setCreated(link);
          form.reset();
        },
      },
    ),
  );

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Freigabe-Links
        </Title>
        <Text size="sm">
          Ein Link zeigt Ihrer Vorgesetzten oder Ihrem Vorgesetzten den aktuellen Streckenkundenachweis als Seite und
          als PDF – ohne Konto und schreibgeschützt. Ohne Auswahl zeigt er alles.
        </Text>
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label="Bezeichnung (optional)"
              placeholder="z. B. Teamleitung Würzburg"
              {...form.getInputProps('label')}
            />
            <TextInput type="date" label="Gültig bis einschließlich (optional)" {...form.getInputProps('expiresOn')} />
            <MultiSelect
              label="Nur diese Strecken (optional)"
              data={routes}
              searchable
              clearable
              {...form.getInputProps('routes')}
            />
            <MultiSelect
              label="Nur diese Touren (optional)"
              data={tours}
              searchable
              clearable
              {...form.getInputProps('tours')}
            />
            {create.isError && (
              <Alert color="red" role="alert">
                {message(create.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending} leftSection={<IconLink size={18} aria-hidden />}>
                Link erstellen
              </Button>
            </Group>
          </Stack>
        </form>
        {created && (
          <Alert color="green" role="status" title="Link erstellt">
            <Stack gap="xs">
              <Text size="sm">Kopieren Sie den Link jetzt – er wird nur dieses eine Mal angezeigt.</Text>
              <TextInput readOnly label="Link" value={created.url} onFocus={(event) => event.currentTarget.select()} />
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} leftSection={<IconCopy size={18} aria-hidden />}>
                    {copied ? 'Kopiert' : 'Link kopieren'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        )}
        {links.isError && (
          <Alert color="red" role="alert">
            {message(links.error)}
          </Alert>
        )}
        {links.data && links.data.length === 0 && <Text size="sm">Sie haben noch keinen Link erstellt.</Text>}
        {links.data && links.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Caption>Ihre Freigabe-Links</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Link</Table.Th>
                  <Table.Th scope="col">Erstellt</Table.Th>
                  <Table.Th scope="col">Zuletzt geöffnet</Table.Th>
                  <Table.Th scope="col">Gültig bis</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Aktion</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.map((link) => (
                  <Table.Tr key={link.id}>
                    <Table.Td>
                      {link.label ?? 'Ohne Bezeichnung'}
                      <Text size="xs" c="dimmed">
                        {link.all
                          ? 'Alles'
                          : `${plural(link.routes.length, 'Strecke', 'Strecken')}, ${plural(link.tours.length, 'Tour', 'Touren')}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>{dateTime(link.createdAt)}</Table.Td>
                    <Table.Td>{dateTime(link.lastOpenedAt)}</Table.Td>
                    <Table.Td>{date(link.expiresOn)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_LABEL[link.state].color} variant="light">
                        {STATE_LABEL[link.state].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {link.state !== 'revoked' && (
                        <Button
                          color="red.9"
                          variant="subtle"
                          aria-label={`Link „${link.label ?? 'Ohne Bezeichnung'}“ widerrufen`}
                          onClick={() => {
                            setRevoking(link);
                            confirm.open();
                          }}
                        >
                          Widerrufen
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={confirmOpened} onClose={confirm.close} title="Link widerrufen?" centered>
        <Stack gap="md">
          <Text>
            Der Link „{revoking?.label ?? 'Ohne Bezeichnung'}“ öffnet danach nicht mehr. Das lässt sich nicht rückgängig
            machen.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close} disabled={revoke.isPending}>
              Abbrechen
            </Button>
            <Button
              color="red.9"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking.id, { onSettled: confirm.close })}
            >
              Widerrufen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
