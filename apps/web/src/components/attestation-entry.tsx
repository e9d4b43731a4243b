import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  ATTESTATION_KIND_LABELS,
  ATTESTATION_STATE_LABELS,
  type Attestation,
} from '@streckenpass/contract/attestations';
import { DEFAULT_TIME_ZONE } from '@streckenpass/contract/constants';
import { formatDate, formatDateTime } from '@streckenpass/contract/format';
import type { ReactNode } from 'react';

/** "Label: value" in a line that wraps. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * One attestation of a Betrieb (issue 41 item 5) as the driver and the Betriebe list it: what it states, its state
 * (gültig / widerrufen), the Betrieb, the day, the examiner, what it covers, the note, and its check page by code.
 * `children` holds the list's own controls (withdraw, hide). Shared by the driver's and the Betrieb's lists.
 */
export function AttestationEntry({ attestation, children }: { attestation: Attestation; children?: ReactNode }) {
  const withdrawn = attestation.state === 'withdrawn';
  const covered = [...attestation.requirements.map((requirement) => requirement.label), ...attestation.lines];
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      style={{ overflowWrap: 'anywhere' }}
      aria-label={`${ATTESTATION_KIND_LABELS[attestation.kind]} vom ${formatDate(attestation.checkedOn)}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fw={600} size="sm">
            {ATTESTATION_KIND_LABELS[attestation.kind]}
          </Text>
          <Group gap={4}>
            {attestation.hidden && <Badge variant="outline">verborgen</Badge>}
            <Badge color={withdrawn ? 'red' : 'green'} variant="light">
              {ATTESTATION_STATE_LABELS[attestation.state]}
            </Badge>
          </Group>
        </Group>
        <Fact label="Datum der Überprüfung">{formatDate(attestation.checkedOn)}</Fact>
        <Fact label="Betrieb">
          {attestation.betrieb.name}
          {attestation.betrieb.id === null ? ' (gelöscht)' : ''}
        </Fact>
        <Fact label="Prüfer/in">{attestation.examinerName}</Fact>
        <Fact label="Umfang">{covered.join(' · ')}</Fact>
        {attestation.note && <Fact label="Bemerkung">{attestation.note}</Fact>}
        {withdrawn && attestation.withdrawnAt && (
          <Fact label="Widerrufen am">{formatDateTime(attestation.withdrawnAt, DEFAULT_TIME_ZONE)} Uhr</Fact>
        )}
        <Fact label="Prüfcode">
          <Anchor href={attestation.url} target="_blank" rel="noopener noreferrer" size="sm">
            {attestation.code}
          </Anchor>
        </Fact>
        {children}
      </Stack>
    </Paper>
  );
}

/** A list of attestation entries, one card each, that wrap on a phone instead of scrolling sideways. */
export function AttestationList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
