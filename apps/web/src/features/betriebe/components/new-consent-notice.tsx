import { Alert, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CONSENT_VERSION, CURRENT_CONSENT } from '@streckenpass/contract/betrieb-consent';
import type { Betrieb } from '@streckenpass/contract/betriebe';
import { IconFileCheck } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { useAgreeToConsent } from '../api/betriebe';
import { ConsentText } from './consent-text';

/** Whether a membership was made under an older consent text than the current one. */
export const needsNewConsent = (betrieb: Pick<Betrieb, 'consentVersion'>) => betrieb.consentVersion < CONSENT_VERSION;

/**
 * A membership made under an older consent text (issue 41 item 7): the new text to read, and one button to agree.
 * Until then the Betrieb sees only what the old version lists; nothing changes without the member's tap.
 */
export function NewConsentNotice({ betrieb }: { betrieb: Betrieb }) {
  const [reading, { toggle }] = useDisclosure(false);
  const agree = useAgreeToConsent();
  if (!needsNewConsent(betrieb)) return null;
  return (
    <Alert
      color="blue"
      icon={<IconFileCheck size={20} aria-hidden />}
      title={`Neue Fassung der Einwilligung für „${betrieb.name}“`}
      role="region"
    >
      <Stack gap="sm">
        <Text size="sm">
          Sie haben Fassung {betrieb.consentVersion} zugestimmt. Fassung {CONSENT_VERSION} nennt zusätzlich, wie Ihre
          Fahrten gemacht wurden, Ihre Erstausbildung und die Bescheinigungen des Betriebs. Bis Sie zustimmen, sieht der
          Betrieb nur, was Fassung {betrieb.consentVersion} nennt.
        </Text>
        <Collapse expanded={reading}>
          <ConsentText consent={CURRENT_CONSENT} headingOrder={3} />
        </Collapse>
        <ErrorAlert call={agree} />
        <Group gap="sm">
          <Button variant="default" onClick={toggle} aria-expanded={reading}>
            {reading ? 'Text ausblenden' : 'Neue Fassung lesen'}
          </Button>
          <Button loading={agree.isPending} onClick={() => agree.mutate(betrieb.id)}>
            Fassung {CONSENT_VERSION} zustimmen
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
