import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { plural } from '@streckenpass/contract/plural';
import { createShareLinkSchema, type CreatedShareLink, type ShareLink } from '@streckenpass/contract/share-links';
import { IconCopy, IconLink, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { sentValuesSchema, useContractForm } from '../../../lib/use-contract-form';
import { CardsOrTable, CellWithNote } from '../../../components/cards-or-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { RevokeButton } from '../../../components/revoke-button';
import { TitledCard } from '../../../components/titled-card';
import { FormError } from '../../../components/form-error';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import { DateField } from '../../../components/date-field';

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

const stateBadge = (link: ShareLink) => (
  <Badge color={STATE_LABEL[link.state].color} variant="light">
    {STATE_LABEL[link.state].label}
  </Badge>
);

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
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const revokeButton = (link: ShareLink, fullWidth: boolean) => (
    <RevokeButton
      label={`Link „${link.label ?? 'Ohne Bezeichnung'}“ widerrufen`}
      fullWidth={fullWidth}
      onClick={() => {
        setRevoking(link);
        confirm.open();
      }}
    />
  );

  const {
    form,
    onSubmit: submit,
    formError,
  } = useContractForm(createSchema, create, {
    initialValues: { label: '', expiresOn: '', routes: [], tours: [] } as CreateValues,
    toVariables: toInput,
    onSuccess: (link, _values, form) => {
      setCreated(link);
      form.reset();
    },
  });

  return (
    <>
      <TitledCard title="Freigabe-Links">
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
        <ErrorAlert call={links} />
        <CardsOrTable
          items={links.data}
          empty="Sie haben noch keinen Link erstellt."
          itemKey={(link) => link.id}
          label="Ihre Freigabe-Links"
          columns={[
            {
              header: 'Link',
              cell: (link) => <CellWithNote note={scopeText(link)}>{link.label ?? 'Ohne Bezeichnung'}</CellWithNote>,
            },
            { header: 'Erstellt', cell: (link) => dateTime(link.createdAt) },
            { header: 'Zuletzt geöffnet', cell: (link) => dateTime(link.lastOpenedAt) },
            { header: 'Gültig bis', cell: (link) => date(link.expiresOn) },
            { header: 'Status', cell: stateBadge },
            {
              header: <VisuallyHidden>Aktion</VisuallyHidden>,
              cell: (link) => link.state !== 'revoked' && revokeButton(link, false),
            },
          ]}
          card={(link) => ({
            title: link.label ?? 'Ohne Bezeichnung',
            subtitle: scopeText(link),
            badge: stateBadge(link),
            details: (
              <>
                Erstellt {dateTime(link.createdAt)} · zuletzt geöffnet {dateTime(link.lastOpenedAt)}
                {link.expiresOn && ` · gültig bis ${date(link.expiresOn)}`}
              </>
            ),
            action: link.state !== 'revoked' && revokeButton(link, true),
          })}
        />
      </TitledCard>
      <ConfirmDialog
        opened={confirmOpened}
        onClose={confirm.close}
        title="Link widerrufen?"
        confirmLabel="Widerrufen"
        color="red.9"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: confirm.close })}
      >
        <Text>
          Der Link „{revoking?.label ?? 'Ohne Bezeichnung'}“ öffnet danach nicht mehr. Das lässt sich nicht rückgängig
          machen.
        </Text>
      </ConfirmDialog>
    </>
  );
}
