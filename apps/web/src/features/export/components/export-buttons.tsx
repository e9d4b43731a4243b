import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import type { Selection } from '@streckenpass/contract/selection';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { germanMessage } from '../../../lib/api-errors';
import { useExportSelection, type ExportFormat } from '../api/export';
import { saveFile } from '../../../lib/save-file';

const FORMATS: { format: ExportFormat; label: string; icon: typeof IconFileSpreadsheet }[] = [
  { format: 'csv', label: 'Als CSV exportieren', icon: IconFileSpreadsheet },
  { format: 'pdf', label: 'Als PDF exportieren', icon: IconFileTypePdf },
];

/** What the file will hold, by the server's rule: no route, tour or place chosen = every route. */
function scope(selection: Selection): string {
  const routesChosen = [selection.routes, selection.tours, selection.places].some((ids) => ids?.length);
  const vehiclesChosen = Boolean(selection.vehicles?.length);
  if (!routesChosen && !vehiclesChosen) return 'Ohne Auswahl enthält der Export alle Strecken und Fahrzeuge.';
  if (!routesChosen) return 'Der Export enthält alle Strecken und die ausgewählten Fahrzeuge.';
  return vehiclesChosen
    ? 'Der Export enthält die ausgewählten Strecken, Touren und Orte sowie die ausgewählten Fahrzeuge.'
    : 'Der Export enthält die ausgewählten Strecken, Touren und Orte.';
}

/** "Als CSV exportieren" / "Als PDF exportieren" for the documentation selection; the file downloads at once. */
export function ExportButtons({ selection }: { selection: Selection }) {
  const exporter = useExportSelection();
  const running = exporter.isPending ? exporter.variables.format : null;

  return (
    <Stack gap="xs">
      <Divider label="Export" labelPosition="left" mt="xs" />
      {FORMATS.map(({ format, label, icon: Icon }) => (
        <Button
          key={format}
          type="button"
          variant="default"
          leftSection={<Icon size={18} aria-hidden />}
          loading={running === format}
          disabled={running !== null && running !== format}
          onClick={() => exporter.mutate({ format, selection }, { onSuccess: saveFile })}
        >
          {label}
        </Button>
      ))}
      <Text size="xs" c="dimmed">
        {scope(selection)}
      </Text>
      {exporter.isError && (
        <Alert color="red" role="alert" p="xs">
          Der Export ist fehlgeschlagen. {germanMessage(exporter.error, 'Bitte versuchen Sie es erneut.')}
        </Alert>
      )}
    </Stack>
  );
}
