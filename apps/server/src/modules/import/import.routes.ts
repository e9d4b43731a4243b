import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MEGABYTES,
  IMPORT_TEMPLATE_COLUMNS,
  importPreviewSchema,
  importResultSchema,
} from '@streckenpass/contract/import';
import { todayIn } from '@streckenpass/contract/knowledge';
import { problems } from '../../http/problems.js';
import { badRequest, unauthorized, unprocessable } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { createBackupService } from '../backup/backup.service.js';
import { describeImport, importTemplate, parseImport, toBackup } from './csv-import.js';

const tags = ['Meine Daten'];
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

const FORMAT =
  `Rumpf: die Datei selbst (Content-Type text/csv oder application/octet-stream), höchstens ${IMPORT_MAX_MEGABYTES} MB. ` +
  `Gelesen werden die Vorlage (${IMPORT_TEMPLATE_COLUMNS.join('; ')}) und der eigene CSV-Export; Trennzeichen ` +
  '`;` oder `,`, Felder in Anführungszeichen, UTF-8 mit oder ohne BOM oder Windows-1252, Datum TT.MM.JJJJ oder ' +
  'JJJJ-MM-TT, Leerzeilen werden übersprungen. Jede Zeile mit Datum wird eine Fahrt (ohne „gültig bis“: nach der ' +
  'Gültigkeitsregel der Strecke). Aus dem Export werden auch „Gültigkeitsregel“ (wie „1 Jahr (364 Tage)“ oder ' +
  '„90 Tage“; gleich der Regel des Kontos = die Strecke folgt ihr) und „Start DS100“/„Ende DS100“ (bekannte ' +
  'Betriebsstellen-Kürzel) gelesen, im Fahrzeugblock die Gültigkeitsregel der Fahrzeuge. ' +
  'Zeilen mit Fehlern (mit Nummer und Grund aufgeführt) werden übersprungen, ebenso Zeilen, deren Zellen mit ' +
  '=, +, -, @ beginnen (Tabellenformeln); unbekannte Spalten weisen die ganze Datei zurück (422). Zusammengeführt ' +
  'wird wie beim Wiederherstellen einer Sicherung: dieselbe Datei zweimal einzulesen ändert nichts.';

const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBackupService(app.backupRepository);

  // Uploads arrive as the file's bytes; the encoding is detected from them (csv-import.ts), not from a header.
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const upload = {
    bodyLimit: IMPORT_MAX_BYTES,
    config: {
      bodyTooLarge: `Die Datei ist zu groß: höchstens ${IMPORT_MAX_MEGABYTES} MB. Teilen Sie die Liste bitte auf.`,
      noStore: true,
    },
  };
  const body = z.any().meta({ description: 'Die CSV-Datei', format: 'binary' });

  async function read(raw: unknown, userId: number) {
    if (!Buffer.isBuffer(raw)) throw badRequest('Bitte die CSV-Datei als Rumpf senden (Content-Type text/csv).');
    if (raw.length === 0) throw unprocessable([{ propertyPath: 'file', message: 'Die Datei ist leer.' }]);
    const settings = await app.notificationsRepository.findSettings(userId);
    if (!settings) throw unauthorized();
    const parsed = parseImport(raw, {
      today: todayIn(app.config.timezone),
      stations: app.stations.index,
      rules: { routes: settings.validityDays, vehicles: settings.vehicleValidityDays },
    });
    return { parsed, document: toBackup(parsed, new Date()) };
  }

  app.post(
    '/import/csv/preview',
    {
      schema: {
        tags,
        summary: 'CSV-Liste prüfen: Vorschau und Fehler je Zeile, schreibt nichts',
        description: FORMAT,
        body,
        response: { 200: importPreviewSchema, ...problems(400, 401, 413, 415, 422) },
      },
      ...upload,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { parsed, document } = await read(request.body, userId);
      return { ...describeImport(parsed), merge: await service.preview(userId, document) };
    },
  );

  app.post(
    '/import/csv',
    {
      schema: {
        tags,
        summary: 'CSV-Liste einlesen (nach der Vorschau bestätigt)',
        description: `${FORMAT} Eine Transaktion: alles Gültige oder nichts.`,
        body,
        response: { 200: importResultSchema, ...problems(400, 401, 413, 415, 422) },
      },
      ...upload,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { parsed, document } = await read(request.body, userId);
      const summary = describeImport(parsed);
      if (summary.validLines === 0) {
        throw unprocessable([{ propertyPath: 'file', message: 'Die Datei enthält keine gültige Zeile.' }]);
      }
      const merge = await service.restore(userId, document);
      const added = merge.sections.reduce((sum, section) => sum + section.added, 0);
      return {
        ...summary,
        merge,
        message:
          `${summary.validLines} ${summary.validLines === 1 ? 'Zeile' : 'Zeilen'} eingelesen, ` +
          `${added} ${added === 1 ? 'Eintrag' : 'Einträge'} hinzugefügt` +
          (summary.errorCount > 0
            ? `, ${summary.errorCount} fehlerhafte ${summary.errorCount === 1 ? 'Zeile' : 'Zeilen'} übersprungen.`
            : '.'),
      };
    },
  );

  app.get(
    '/import/template.csv',
    {
      schema: {
        tags,
        summary: 'Vorlage für den CSV-Import herunterladen',
        security: [],
        response: {
          200: {
            description: 'streckenpass-vorlage.csv',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="streckenpass-vorlage.csv"')
        .send(importTemplate()),
  );
};

export default importRoutes;
