import { z } from 'zod';
import { mergePreviewSchema } from './backup.js';
import { LIMITS } from './limits.js';
import { routeNamingShape } from './routes.js';

/** The documented import template's columns, in order (the app's own CSV export is accepted as well). */
export const IMPORT_TEMPLATE_COLUMNS = ['Strecke', 'Kürzel', 'Start', 'Ende', 'gefahren am', 'gültig bis', 'Fahrzeuge'];

/** Largest CSV file the import takes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data lines of one CSV file (more refuse the file: split the list). */
export const IMPORT_MAX_LINES = LIMITS.importLines;
/** How many refused lines a preview lists. */
export const IMPORT_MAX_LISTED_ERRORS = 1000;
export const IMPORT_MAX_MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

export const importLineErrorSchema = z.object({
  /**
   * 1-based line number in the file as a text editor or spreadsheet counts it (the header is line 1): the line the
   * record starts on, a line break inside a quoted cell counted once.
   */
  line: z.number().int(),
  message: z.string(),
});
export type ImportLineError = z.infer<typeof importLineErrorSchema>;

/** What every CSV check reports of the file it read (the driver's import and a Betrieb's requirements alike). */
export const csvFileReadShape = {
  encoding: z.enum(['utf-8', 'windows-1252']),
  delimiter: z.enum([';', ',']),
  /** Data lines read (blank lines not counted). */
  lines: z.number().int(),
  /** Refused lines with their number and reason (the first 1000); these lines are skipped on import. */
  errors: z.array(importLineErrorSchema),
  /** How many lines were refused in all. */
  errorCount: z.number().int(),
};

export const importPreviewSchema = z.object({
  /** Which layout the header was recognised as. */
  layout: z.enum(['template', 'export']),
  ...csvFileReadShape,
  /** Lines that will be imported. */
  validLines: z.number().int(),
  /** The first lines as they will be imported. */
  sample: z.array(
    z.object({
      line: z.number().int(),
      ...routeNamingShape,
      acquiredAt: z.string().nullable(),
      acquiredUntil: z.string().nullable(),
      vehicles: z.array(z.string()),
      tours: z.array(z.string()),
      /** The route's own rule in days (from the export's "Gültigkeitsregel"); null = follows the account. */
      validityDays: z.number().int().nullable().optional(),
      /**
       * DS100 codes of the stations start and end are linked to: from the export's "Start DS100" / "Ende DS100", or,
       * without those columns, the station whose name or code the start / end is exactly.
       */
      startStation: z.string().nullable().optional(),
      endStation: z.string().nullable().optional(),
      /** The line names a route the account already has (same key, same stations or same name): none is added. */
      existingRoute: z.boolean().optional(),
    }),
  ),
  merge: mergePreviewSchema,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = importPreviewSchema.extend({ message: z.string() });
export type ImportResult = z.infer<typeof importResultSchema>;
