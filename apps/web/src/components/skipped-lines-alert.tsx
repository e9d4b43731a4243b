import { Alert, List, Text } from '@mantine/core';
import { formatNumber } from '@streckenpass/contract/format';
import { pluralWord } from '@streckenpass/contract/plural';

/** The bad lines a file's check found (a CSV import of routes or of a Betrieb's requirements): each with its reason. */
export function SkippedLinesAlert({
  errorCount,
  errors,
}: {
  errorCount: number;
  errors: readonly { line: number; message: string }[];
}) {
  if (errorCount === 0) return null;
  return (
    <Alert
      color="yellow"
      title={`${formatNumber(errorCount)} fehlerhafte ${pluralWord(errorCount, 'Zeile wird', 'Zeilen werden')} übersprungen`}
    >
      <List size="sm" spacing={2}>
        {errors.map((skipped) => (
          <List.Item key={skipped.line} style={{ overflowWrap: 'anywhere' }}>
            {skipped.message}
          </List.Item>
        ))}
      </List>
      {errorCount > errors.length && <Text size="sm">… und {formatNumber(errorCount - errors.length)} weitere.</Text>}
    </Alert>
  );
}
