import { Button, Card, Checkbox, Divider, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DASHBOARD_WINDOW_OPTIONS } from '@streckenpass/contract/constants';
import { compareExpiring, filterExpiring } from '@streckenpass/contract/knowledge';
import { plural } from '@streckenpass/contract/plural';
import {
  KNOWLEDGE_STATUS_LABELS,
  knowledgeStatus,
  validityLabel,
  type KnowledgeStatus,
} from '@streckenpass/contract/status';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryContent } from '../../../components/query-content';
import { useExpiringRoutes } from '../api/get-expiring-routes';
import { useDashboardFilter } from '../store';
import classes from './expiring-card.module.css';

/** Colour of an entry's label by its state: expired red, expiring soon orange, never recorded grey. */
const TONE: Record<KnowledgeStatus, string | undefined> = {
  expired: 'red',
  soon: 'orange',
  valid: undefined,
  unrecorded: 'dimmed',
};

export interface ExpiringCardLinks {
  route: (id: number) => string;
  routeNew: string;
  documentation: string;
}

function EmptyState({
  all,
  days,
  recordedOnly,
  links,
}: {
  all: ExpiringRoute[];
  days: number;
  recordedOnly: boolean;
  links: ExpiringCardLinks;
}) {
  if (all.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Legen Sie Ihre erste Strecke an. Sobald Sie sie dokumentiert haben, sehen Sie hier, wann Ihre Streckenkunde
          abläuft.
        </Text>
        <Button component={Link} to={links.routeNew} size="xs">
          Strecke erstellen
        </Button>
      </Stack>
    );
  }
  if (recordedOnly && all.every((entry) => knowledgeStatus(entry.acquired_until_days) === 'unrecorded')) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Noch keine Strecke dokumentiert. Wählen Sie auf der Seite „Dokumentation“ die Strecken aus, die Sie gefahren
          sind, und speichern Sie sie.
        </Text>
        <Button component={Link} to={links.documentation} size="xs">
          Strecken dokumentieren
        </Button>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      In den nächsten {plural(days, 'Tag', 'Tagen')} läuft keine Streckenkunde ab.
    </Text>
  );
}

/**
 * "Verfallsübersicht": the full expiring list, filtered here by day window and "only recorded" (seed section 4).
 * `rowAction` puts a button beside each row (the page's "Heute gefahren": recording what runs out in one tap).
 */
export function ExpiringCard({
  links,
  rowAction,
}: {
  links: ExpiringCardLinks;
  rowAction?: (entry: ExpiringRoute) => ReactNode;
}) {
  const expiring = useExpiringRoutes();
  const { days, recordedOnly, status, setDays, setRecordedOnly, setStatus } = useDashboardFilter();
  // A tile of "Auf einen Blick" filters this list: bring it into view and move the focus to its heading, so the
  // driver sees what the tap did (on a phone the list stands far below the tiles).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStatus = useRef(status);
  useEffect(() => {
    if (status === shownStatus.current) return;
    shownStatus.current = status;
    if (!status || !titleRef.current) return;
    titleRef.current.scrollIntoView?.({ block: 'start' });
    titleRef.current.focus({ preventScroll: true });
  }, [status]);
  const shown = useMemo(() => {
    const entries = expiring.data ?? [];
    // A state chosen in "Auf einen Blick" shows all routes in that state, whatever the day window.
    if (status) {
      return entries.filter((entry) => knowledgeStatus(entry.acquired_until_days) === status).sort(compareExpiring);
    }
    return filterExpiring(entries, { days, recordedOnly });
  }, [expiring.data, days, recordedOnly, status]);

  return (
    <Card component="section" aria-labelledby="expiring-title">
      <Title order={2} size="h4" mb="sm" id="expiring-title" ref={titleRef} tabIndex={-1} className={classes.title}>
        Verfallsübersicht
      </Title>
      <Group gap={6} mb="xs" role="group" aria-label="Zeitraum in Tagen">
        <Text fw={600} size="sm" mr={4} aria-hidden>
          Tage:
        </Text>
        {DASHBOARD_WINDOW_OPTIONS.map((option) => (
          <Button
            key={option}
            size="compact-sm"
            variant={option === days ? 'filled' : 'default'}
            aria-pressed={option === days}
            aria-label={plural(option, 'Tag', 'Tage')}
            onClick={() => setDays(option)}
          >
            {option}
          </Button>
        ))}
      </Group>
      <Checkbox
        label="Nur aufgezeichnete Strecken"
        checked={recordedOnly}
        onChange={(event) => setRecordedOnly(event.currentTarget.checked)}
      />
      <Divider my="sm" />
      {status && (
        <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            Nur „{KNOWLEDGE_STATUS_LABELS[status]}“ ({shown.length})
          </Text>
          <Button size="xs" variant="default" onClick={() => setStatus(null)}>
            Alle zeigen
          </Button>
        </Group>
      )}
      <QueryContent query={expiring}>
        {(all) =>
          shown.length === 0 && status ? (
            <Text size="sm" c="dimmed">
              Keine Strecke ist „{KNOWLEDGE_STATUS_LABELS[status]}“.
            </Text>
          ) : shown.length === 0 ? (
            <EmptyState all={all} days={days} recordedOnly={recordedOnly} links={links} />
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ablaufende Strecken">
              {shown.map((entry) => {
                const entryStatus = knowledgeStatus(entry.acquired_until_days);
                return (
                  <li key={entry.id} className={classes.row}>
                    <UnstyledButton component={Link} to={links.route(entry.id)} className={classes.entry}>
                      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {entry.name}
                        {entry.companyRoute && (
                          <Text span size="sm" c="dimmed">
                            {' '}
                            · Kürzel {entry.companyRoute}
                          </Text>
                        )}
                      </Text>
                      <Text
                        size="sm"
                        c={TONE[entryStatus]}
                        fs={entryStatus === 'unrecorded' ? 'italic' : undefined}
                        fw={entryStatus === 'expired' ? 600 : undefined}
                      >
                        {validityLabel(entry.acquired_until_days)}
                      </Text>
                    </UnstyledButton>
                    {rowAction?.(entry)}
                  </li>
                );
              })}
            </Stack>
          )
        }
      </QueryContent>
    </Card>
  );
}
