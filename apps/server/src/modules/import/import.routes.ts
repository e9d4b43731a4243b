import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_LINES,
  IMPORT_MAX_MEGABYTES,
  IMPORT_TEMPLATE_COLUMNS,
  importPreviewSchema,
  importResultSchema,
} from '@streckenpass/contract/import';
import { todayIn } from '@streckenpass/contract/knowledge';
import { acceptCsvUploads, csvBody, csvUploadOptions } from '../../http/csv-upload.js';
import { unauthorized, unprocessable } from '../../lib/errors.js';
import { currentUser } from '../../http/current-user.js';
import { checkedFilePath } from '../../lib/rail-network/route-paths.js';
import { importTemplate, parseImport } from './csv-import.js';
import type { ParsedImport } from './import-rows.js';
import { planImport } from './import-plan.js';
import { describeImport, emptyMerge } from './import-summary.js';
import { formatNumber } from '@streckenpass/contract/format';
import { plural } from '@streckenpass/contract/plural';

const tags = ['Meine Daten'];

const FORMAT =
  `Rumpf: die Datei selbst (Content-Type text/csv oder application/octet-stream), höchstens ${IMPORT_MAX_MEGABYTES} MB ` +
  `und ${formatNumber(IMPORT_MAX_LINES)} Zeilen. Gelesen werden die Vorlage ` +
  `(${IMPORT_TEMPLATE_COLUMNS.join('; ')}), der eigene CSV-Export und übliche Spaltennamen (z. B. „Von“/„Bis“ als ` +
  'Start/Ende, „Ziel“, „Nach“, „Datum“, „letzte Fahrt“, „Zuletzt gefahren“, „Fahrzeug“, „Tour“, „Streckenkürzel“; ' +
  'Groß- und Kleinschreibung, Leerzeichen und ä/ae gleich). Trennzeichen `;` oder `,`, Felder in Anführungszeichen, ' +
  'UTF-8 mit oder ohne BOM oder Windows-1252, Datum TT.MM.JJJJ, T.M.JJ oder JJJJ-MM-TT, Leerzeilen werden ' +
  'übersprungen. Listen (Fahrzeuge, Touren) durch Komma getrennt, ein Name mit Komma in Anführungszeichen. ' +
  'Start/Ende, die genau Name oder DS100-Kürzel einer Betriebsstelle sind, werden mit ihr verknüpft. Eine Zeile ' +
  'nennt eine vorhandene Strecke bei gleichem Namen/Kürzel/Start/Ende, gleichen Betriebsstellen oder gleichem ' +
  'Namen (ohne Rücksicht auf Schreibweise, Bindestriche und Umlaute). Zeilen eines Tages mit gleichem „gültig ' +
  'bis“ und gleichen Fahrzeugen werden eine Fahrt; eine Fahrt, die das Konto an dem Tag schon hat, kommt nicht ' +
  'noch einmal hinzu. Aus dem Export werden auch „Gültigkeitsregel“ und „Start DS100“/„Ende DS100“ gelesen, im ' +
  'Fahrzeugblock Gültigkeitsregel und letzte Fahrt der Fahrzeuge. Zeilen mit Fehlern (mit Nummer und Grund ' +
  'aufgeführt) werden übersprungen, ebenso Zeilen, deren Zellen mit =, +, -, @ beginnen (Tabellenformeln); ' +
  'unbekannte Spalten oder zu viele Zeilen weisen die ganze Datei zurück (422). Zusammengeführt wird wie beim ' +
  'Wiederherstellen einer Sicherung: dieselbe Datei zweimal einzulesen ändert nichts.';

/** The days of the file's drives (lines and the vehicles block): the account's drives on them are read. */
function fileDays(parsed: ParsedImport): string[] {
  const days = new Set<string>();
  for (const row of parsed.rows) if (row.acquiredAt) days.add(row.acquiredAt);
  for (const vehicle of parsed.vehicles) if (vehicle.lastDriven) days.add(vehicle.lastDriven);
  return [...days];
}

const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.backupService;
  const repository = app.importRepository;

  acceptCsvUploads(app);
  /** An upload's options: the file as the body, `ok` as the answer; one import at a time per account. */
  const uploadOptions = (summary: string, description: string, ok: z.ZodType) =>
    csvUploadOptions({ tags, summary, description, ok, heavy: 'import' });

  /** The uploaded file, read for the signed-in account: what it holds, and the document to merge (none if empty). */
  async function read(request: FastifyRequest) {
    const userId = currentUser(request).id;
    const raw = csvBody(request.body);
    const settings = await app.notificationsRepository.findSettings(userId);
    if (!settings) throw unauthorized();
    const graph = await app.railNetworkCache.current();
    const parsed = await parseImport(raw, {
      today: todayIn(app.config.timezone),
      stations: app.stations.index,
      rules: { routes: settings.validityDays, vehicles: settings.vehicleValidityDays },
      // Line sections checked on the network, where one is imported (issue 38).
      ...(graph ? { checkPath: (ends, path) => checkedFilePath(graph, ends, path) } : {}),
    });
    // A file without a valid line is answered from the file alone: the account is not read for it.
    if (parsed.rows.length === 0 && parsed.vehicles.length === 0) {
      return { userId, summary: describeImport(parsed, []), document: null };
    }
    const account = await repository.snapshot(userId, fileDays(parsed));
    const { document, sample } = await planImport(parsed, account, { routes: settings.validityDays }, new Date());
    return { userId, summary: describeImport(parsed, sample), document };
  }

  app.post(
    '/import/csv/preview',
    uploadOptions('CSV-Liste prüfen: Vorschau und Fehler je Zeile, schreibt nichts', FORMAT, importPreviewSchema),
    async (request) => {
      const { userId, summary, document } = await read(request);
      return { ...summary, merge: document ? await service.preview(userId, document) : emptyMerge() };
    },
  );

  app.post(
    '/import/csv',
    uploadOptions(
      'CSV-Liste einlesen (nach der Vorschau bestätigt)',
      `${FORMAT} Eine Transaktion: alles Gültige oder nichts.`,
      importResultSchema,
    ),
    async (request) => {
      const { userId, summary, document } = await read(request);
      if (!document) {
        throw unprocessable([{ propertyPath: 'file', message: 'Die Datei enthält keine gültige Zeile.' }]);
      }
      const merge = await service.restore(userId, document, 'import');
      // Imported routes get the shortest path between their stations where the network knows both (decision 0051).
      await app.routePaths.fill(app.db, userId);
      const added = merge.sections.reduce((sum, section) => sum + section.added, 0);
      return {
        ...summary,
        merge,
        message:
          `${plural(summary.validLines, 'Zeile', 'Zeilen')} eingelesen, ` +
          `${plural(added, 'Eintrag', 'Einträge')} hinzugefügt` +
          (summary.errorCount > 0
            ? `, ${plural(summary.errorCount, 'fehlerhafte Zeile', 'fehlerhafte Zeilen')} übersprungen.`
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
