import { BACKUP_SECTION_LABELS } from '@streckenpass/contract/backup';
import type { BackupSectionName, MergePreview } from '@streckenpass/contract/backup';
import type { ImportPreview } from '@streckenpass/contract/import';
import { IMPORT_MAX_LISTED_ERRORS } from '@streckenpass/contract/import';
import type { ParsedImport } from './import-rows.js';

/* What the import's preview and result say of a file besides the merge. */

/** The merge preview of a file without a valid line: nothing to add, and the account is not read for it. */
export function emptyMerge(): MergePreview {
  return {
    sections: (Object.keys(BACKUP_SECTION_LABELS) as BackupSectionName[]).map((section) => ({
      section,
      label: BACKUP_SECTION_LABELS[section],
      added: 0,
      changed: 0,
      unchanged: 0,
      examples: [],
    })),
    nothingToDo: true,
  };
}

/** The preview's listing: the first refused lines and the first lines as they will be imported. */
export function describeImport(parsed: ParsedImport, sample: ImportPreview['sample']) {
  return {
    layout: parsed.layout,
    encoding: parsed.encoding,
    delimiter: parsed.delimiter,
    lines: parsed.lines,
    validLines: parsed.rows.length + parsed.vehicles.length,
    errors: parsed.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
    errorCount: parsed.errorCount,
    sample,
  };
}
