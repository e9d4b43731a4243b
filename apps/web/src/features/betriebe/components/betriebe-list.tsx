import { Accordion, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CONSENT_TEXTS } from '@streckenpass/contract/betrieb-consent';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { BETRIEB_ROLE_LABELS } from '@streckenpass/contract/terms';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { ConsentText } from './consent-text';
import { LeaveBetriebButton } from './leave-betrieb-button';
import { NewConsentNotice } from './new-consent-notice';

/** The text a member agreed to: the version stored with the membership (every version stays in the contract). */
export function consentOf(betrieb: Betrieb) {
  return CONSENT_TEXTS[betrieb.consentVersion as keyof typeof CONSENT_TEXTS] ?? null;
}

/**
 * "Meine Betriebe": each Betrieb with my role, since when, what it sees of my data (the consent I gave), a way to its
 * page and "Betrieb verlassen".
 */
export function BetriebeList({ betriebe, betriebPath }: { betriebe: Betrieb[]; betriebPath: (id: number) => string }) {
  if (betriebe.length === 0) {
    return (
      <Text c="dimmed">
        Sie sind in keinem Betrieb. Mit einer Einladung (Link oder Code) treten Sie einem bei, oder Sie gründen einen.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {betriebe.map((betrieb) => {
        const consent = consentOf(betrieb);
        return (
          <Paper key={betrieb.id} component="section" withBorder p="md" aria-label={betrieb.name}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Title order={3} size="h5">
                  {betrieb.name}
                </Title>
                <Badge variant="light">{BETRIEB_ROLE_LABELS[betrieb.role]}</Badge>
              </Group>
              <Text size="sm">
                Mitglied seit {formatDateTime(betrieb.joinedAt, 'Europe/Berlin')} Uhr
                {betrieb.depot ? ` · Depot ${betrieb.depot.name}` : ''}
              </Text>
              <NewConsentNotice betrieb={betrieb} />
              {consent && (
                <Accordion variant="contained">
                  <Accordion.Item value="consent">
                    <Accordion.Control>Was geteilt wird</Accordion.Control>
                    <Accordion.Panel>
                      <ConsentText consent={consent} headingOrder={3} />
                      <Text size="xs" c="dimmed" mt="xs">
                        Zugestimmt am {formatDateTime(betrieb.consentedAt, 'Europe/Berlin')} Uhr
                      </Text>
                    </Accordion.Panel>
                  </Accordion.Item>
                </Accordion>
              )}
              <Group gap="sm">
                <Button component={Link} to={betriebPath(betrieb.id)} variant="light">
                  Zum Betrieb
                </Button>
                <LeaveBetriebButton betrieb={betrieb} />
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
