import { Card, Group, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { EXPIRING_SOON_DAYS } from '@streckenpass/contract/constants';
import { formatNumber } from '@streckenpass/contract/format';
import { countByStatus, nextExpiry } from '@streckenpass/contract/knowledge';
import { plural, pluralWord } from '@streckenpass/contract/plural';
import { KNOWLEDGE_STATUS_LABELS, validityLabel, type KnowledgeStatus } from '@streckenpass/contract/status';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconHelpCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { useDashboardFilter } from '../store';
import classes from './state-summary.module.css';

const order: KnowledgeStatus[] = ['expired', 'soon', 'valid', 'unrecorded'];

const icons: Record<KnowledgeStatus, ReactNode> = {
  expired: <IconAlertTriangle size={20} aria-hidden />,
  soon: <IconClockHour4 size={20} aria-hidden />,
  valid: <IconCircleCheck size={20} aria-hidden />,
  unrecorded: <IconHelpCircle size={20} aria-hidden />,
};

/** One sentence for the driver: all fine, or what needs attention. */
export function headline(counts: Record<KnowledgeStatus, number>): string {
  const window = `in den nächsten ${plural(EXPIRING_SOON_DAYS, 'Tag', 'Tagen')}`;
  if (counts.expired > 0) {
    return `${plural(counts.expired, 'Strecke', 'Strecken')} ${pluralWord(counts.expired, 'ist', 'sind')} abgelaufen.`;
  }
  if (counts.soon > 0) {
    return `${plural(counts.soon, 'Strecke', 'Strecken')} ${pluralWord(counts.soon, 'läuft', 'laufen')} ${window} ab.`;
  }
  if (counts.valid > 0) return `Alles in Ordnung – keine Strecke läuft ${window} ab.`;
  return 'Bisher ist keine Fahrt dokumentiert.';
}

/**
 * "Auf einen Blick": how many routes are valid, expire within 30 days, have expired or were never driven – each a
 * filter of the overview – and the next expiry. Colour always comes with text and an icon.
 */
export function StateSummary({ entries }: { entries: readonly ExpiringRoute[] }) {
  const titleId = useId();
  const { status, setStatus } = useDashboardFilter();
  const counts = countByStatus(entries);
  const next = nextExpiry(entries);
  return (
    <Card component="section" aria-labelledby={titleId} padding="md">
      <Title order={2} size="h4" id={titleId}>
        Auf einen Blick
      </Title>
      <Text size="sm" fw={600} mt={4} role="status">
        {headline(counts)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="sm" role="group" aria-label="Nach Zustand filtern">
        {order.map((state) => (
          <UnstyledButton
            key={state}
            className={classes.tile}
            data-state={state}
            aria-pressed={status === state}
            onClick={() => setStatus(status === state ? null : state)}
          >
            <Group gap={6} wrap="nowrap" className={classes.label}>
              {icons[state]}
              <Text fz={22} fw={800} lh={1} span>
                {formatNumber(counts[state])}
              </Text>{' '}
              <Text size="sm" fw={600} lh={1.2} span>
                {KNOWLEDGE_STATUS_LABELS[state]}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="sm" mt="sm">
        {next ? (
          <>
            Nächster Ablauf: <strong>{next.name}</strong> am {formatDate(next.acquired_until)} (
            {validityLabel(next.acquired_until_days, 'inSentence')})
          </>
        ) : (
          'Keine gültige Streckenkunde, die als Nächstes abläuft.'
        )}
      </Text>
    </Card>
  );
}
