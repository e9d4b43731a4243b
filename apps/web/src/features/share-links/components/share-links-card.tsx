import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { plural } from '@streckenpass/contract/plural';
import { createShareLinkSchema, type CreatedShareLink, type ShareLink } from '@streckenpass/contract/share-links';
import { IconCopy, IconLink, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, germanMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { sentValuesSchema, useContractForm } from '../../../lib/use-contract-form';
import { FormError } from '../../../components/form-error';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import { DateField } from '../../../components/date-field';
import classes from './share-links-card.module.css';

export interface ShareChoice {
  value: string;
  label: string;
}

const STATE_LABEL: Record<ShareLink['state'], { label: string; color: string }> = {
  active: { label: 'aktiv', color: 'green' },
  expired: { label: 'abgelaufen', color: 'gray' },
  revoked: { label: 'widerrufen', color: 'red' },
};

/** What a link shows: everything, or how many routes and tours. */
const scopeText = (link: ShareLink) =>
  link.all
    ? 'Alles'
    : `${plural(link.routes.length, 'Strecke', 'Strecken')}, ${plural(link.tours.length, 'Tour', 'Touren')}`;

const dateTime = (iso: string | null) => (iso ? formatDateTime(iso, 'Europe/Berlin') : 'noch nie');
const date = (value: string | null) => formatDate(value, 'unbegrenzt');

interface CreateValues {
  label: string;
  expiresOn: string;
  routes: string[];
  tours: string[];
}

/** What "Link erstellen" sends: the optional name and last day only when given, the choices as ids. */
const toInput = (values: CreateValues) => ({
  ...(values.label ? { label: values.label } : {}),
  ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
  routes: values.routes.map(Number),
  tours: values.tours.map(Number),
});

const createSchema = sentValuesSchema(createShareLinkSchema, toInput);

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
  // On a phone the links are cards (a table would hide "Widerrufen" beyond the edge); read at once, no second paint.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const revokeButton = (link: ShareLink, fullWidth: boolean) => (
    <Button
      // The accent without a shade: its light and subtle text colours are the theme's, tuned for AA (theme.ts).
      color="red"
      variant={fullWidth ? 'light' : 'subtle'}
      fullWidth={fullWidth}
      mt={fullWidth ? 'xs' : undefined}
      aria-label={`Link „${link.label ?? 'Ohne Bezeichnung'}“ widerrufen`}
      onClick={() => {
        setRevoking(link);
        confirm.open();
      }}
    >
      Widerrufen
    </Button>
  );

  const {
    form,
    onSubmit: submit,
    formError,
  } = useContractForm(createSchema, create, {
    initialValues: { label: '', expiresOn: '', routes: [], tours: [] } as CreateValues,
    toVariables: toInput,
    errorMessage: message,
    onSuccess: (link, _values, form) => {
      setCreated(link);
      form.reset();
    },
  });

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
            <DateField label="Gültig bis einschließlich (optional)" {...form.getInputProps('expiresOn')} />
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
            <FormError error={formError} />
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
              <Group gap="xs" grow>
                <CopyButton value={created.url}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy} leftSection={<IconCopy size={18} aria-hidden />}>
                      {copied ? 'Kopiert' : 'Link kopieren'}
                    </Button>
                  )}
                </CopyButton>
                {canShare && (
                  <Button
                    variant="light"
                    leftSection={<IconShare size={18} aria-hidden />}
                    onClick={() =>
                      // The phone's own share sheet (mail, messenger); closing it without choosing is no error.
                      void navigator
                        .share({ title: 'Streckenkundenachweis', text: 'Mein Streckenkundenachweis', url: created.url })
                        .catch(() => undefined)
                    }
                  >
                    Teilen
                  </Button>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
        {links.isError && (
          <Alert color="red" role="alert">
            {message(links.error)}
          </Alert>
        )}
        {links.data && links.data.length === 0 && <Text size="sm">Sie haben noch keinen Link erstellt.</Text>}
        {links.data && links.data.length > 0 && phone && (
          <Stack gap="xs" component="ul" m={0} p={0} className={classes.list} aria-label="Ihre Freigabe-Links">
            {links.data.map((link) => (
              <Paper key={link.id} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <div className={classes.name}>
                    <Text fw={600}>{link.label ?? 'Ohne Bezeichnung'}</Text>
                    <Text size="xs" c="dimmed">
                      {scopeText(link)}
                    </Text>
                  </div>
                  <Badge color={STATE_LABEL[link.state].color} variant="light">
                    {STATE_LABEL[link.state].label}
                  </Badge>
                </Group>
                <Text size="sm" mt={4}>
                  Erstellt {dateTime(link.createdAt)} · zuletzt geöffnet {dateTime(link.lastOpenedAt)}
                  {link.expiresOn && ` · gültig bis ${date(link.expiresOn)}`}
                </Text>
                {link.state !== 'revoked' && revokeButton(link, true)}
              </Paper>
            ))}
          </Stack>
        )}
        {links.data && links.data.length > 0 && !phone && (
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
                        {scopeText(link)}
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
                    <Table.Td>{link.state !== 'revoked' && revokeButton(link, false)}</Table.Td>
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
