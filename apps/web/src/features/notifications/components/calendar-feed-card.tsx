import { Accordion, Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import type { CalendarFeed } from '@streckenpass/contract/notifications';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button';
import { ErrorAlert } from '../../../components/error-alert';
import { TitledCard } from '../../../components/titled-card';
import { useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

function FeedAddress({ feed }: { feed: CalendarFeed }) {
  return (
    <Stack gap="sm">
      <Alert color="blue">
        Die Adresse wird nur jetzt angezeigt. Wer sie kennt, sieht Ihre Ablaufdaten – bitte nicht weitergeben.
      </Alert>
      <TextInput
        label="Adresse des Kalender-Abos"
        value={feed.url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
      />
      <Group>
        <CopyButton value={feed.url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Kopiert' : 'Adresse kopieren'}
            </Button>
          )}
        </CopyButton>
        <Button component="a" href={feed.webcalUrl} variant="default">
          Im Kalender öffnen
        </Button>
      </Group>
      <Text size="sm">Mit dem Handy scannen, um das Abo dort zu öffnen:</Text>
      <QRCodeSVG
        value={feed.webcalUrl}
        size={192}
        marginSize={2}
        title="QR-Code der Adresse des Kalender-Abos"
        role="img"
        aria-label="QR-Code der Adresse des Kalender-Abos"
      />
    </Stack>
  );
}

/** The personal calendar feed: create, show once with a QR code, regenerate, revoke; help per calendar app. */
export function CalendarFeedCard({ exists }: { exists: boolean }) {
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const feed = create.data && exists ? create.data : null;

  return (
    <TitledCard title="Kalender-Abo" gap="md">
      <Text size="sm">
        Ihr Kalender zeigt jeden Ablauftag als ganztägigen Termin, mit Erinnerungen zu den oben gewählten Zeitpunkten
        (jeweils 9 Uhr). Eine neue Fahrt verschiebt den Termin.
      </Text>
      {feed && <FeedAddress feed={feed} />}
      {exists && !feed && (
        <Text size="sm">
          Ein Kalender-Abo ist eingerichtet. Die Adresse wird aus Sicherheitsgründen nicht gespeichert; erzeugen Sie
          eine neue, um sie erneut anzuzeigen.
        </Text>
      )}
      <ErrorAlert call={{ isError: create.isError || revoke.isError, error: create.error ?? revoke.error }} />
      <Group>
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          {exists ? 'Neue Adresse erzeugen' : 'Kalender-Abo einrichten'}
        </Button>
      </Group>
      {exists && (
        <ConfirmDeleteButton
          label="Kalender-Abo widerrufen"
          title="Kalender-Abo widerrufen?"
          onConfirm={async () => {
            await revoke.mutateAsync();
            create.reset();
          }}
        >
          Die Adresse funktioniert danach nicht mehr; abonnierte Kalender zeigen keine neuen Daten.
        </ConfirmDeleteButton>
      )}
      {exists && (
        <Text size="xs" c="dimmed">
          „Neue Adresse erzeugen“ macht die bisherige sofort ungültig.
        </Text>
      )}
      <Accordion variant="separated">
        <Accordion.Item value="google">
          <Accordion.Control>Google Kalender</Accordion.Control>
          <Accordion.Panel>
            Am Computer calendar.google.com öffnen → links „Weitere Kalender“ → „+“ → „Per URL“ → Adresse einfügen →
            „Kalender hinzufügen“. Google aktualisiert Abos nur alle paar Stunden; auf dem Handy erscheint der Kalender
            danach von selbst.
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="apple">
          <Accordion.Control>Apple Kalender (iPhone, iPad, Mac)</Accordion.Control>
          <Accordion.Panel>
            QR-Code mit der Kamera scannen oder „Im Kalender öffnen“ tippen und „Abonnieren“ bestätigen. Manuell:
            Einstellungen → Kalender → Accounts → Account hinzufügen → Andere → Kalenderabo hinzufügen → Adresse
            einfügen.
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="outlook">
          <Accordion.Control>Outlook</Accordion.Control>
          <Accordion.Panel>
            outlook.com oder Outlook im Web: Kalender → „Kalender hinzufügen“ → „Aus dem Internet abonnieren“ → Adresse
            einfügen → Namen vergeben → „Importieren“. Im Desktop-Outlook: Kalender → „Kalender hinzufügen“ → „Aus dem
            Internet“.
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </TitledCard>
  );
}
