import { parse } from 'csv-parse/sync';

/**
 * A list of names in one cell ("Touren", "Fahrzeuge"), written and read by one rule, the CSV rule applied inside the
 * cell: names separated by commas (or line breaks), a name that contains a comma or a quote in double quotes with
 * its quotes doubled — `"Tour 1, früh", Tour 2`. The export writes lists this way and the import reads them so,
 * so that every name comes back as it was.
 */
export function formatNameList(names: readonly string[]): string {
  return names.map((name) => (/[",\r\n]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name)).join(', ');
}

/** The names of a list cell (empty names dropped, each once), or why the cell cannot be read. */
export function parseNameList(cell: string): { names: string[] } | { error: string } {
  let names: string[];
  if (!cell.includes('"')) {
    names = cell.split(/[,\r\n]/);
  } else {
    // Only a cell with quotes needs the parser (csv-parse, the same as for the file, on this one cell).
    try {
      const records = parse(cell, {
        delimiter: ',',
        record_delimiter: ['\r\n', '\n', '\r'],
        relax_column_count: true,
        relax_quotes: true,
        trim: true,
      }) as string[][];
      names = records.flat();
    } catch {
      return {
        error:
          'Die Liste ist nicht lesbar: Ein Name mit Komma steht in Anführungszeichen, z. B. „"Tour 1, früh", Tour 2“.',
      };
    }
  }
  return { names: [...new Set(names.map((name) => name.trim()).filter(Boolean))] };
}
