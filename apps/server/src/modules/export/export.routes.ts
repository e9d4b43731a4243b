import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemSchema } from '@streckenpass/contract/common';
import { todayIn } from '@streckenpass/contract/knowledge';
import { selectionSchema, type Selection } from '@streckenpass/contract/selection';
import { renderCsv } from '../../export/csv.js';
import { exportFilename, type ExportData } from '../../export/model.js';
import { scopeOf } from '../../export/proof-content.js';
import { currentUser } from '../../http/current-user.js';

/**
 * What each format's handler renders with: the CSV as a stream, the PDF as the issued document's bytes (rendered in
 * worker threads, see `export/pdf-pool.ts`, then hashed and signed before the first byte is sent).
 */
type Renderer = (data: ExportData, userId: number, selection: Selection) => Readable | Promise<Buffer>;

const formats = {
  csv: {
    mediaType: 'text/csv',
    contentType: 'text/csv; charset=utf-8',
    summary: 'Auswahl als CSV-Datei exportieren (für Excel und LibreOffice)',
    description:
      'UTF-8 mit BOM, `;` als Trennzeichen, CRLF, deutsche Spaltennamen, Datumsangaben TT.MM.JJJJ. Eine Zeile je ' +
      'Strecke: Strecke, Interne Bezeichnung, Start, Ende, Touren, Zuletzt befahren, Gültig bis, Status ' +
      '(gültig / läuft in N Tagen ab / abgelaufen / nicht erfasst), Start DS100, Ende DS100 (Kürzel des gewählten ' +
      'Bahnhofs, leer bei Freitext). Enthält der Export Fahrzeuge, folgen nach einer ' +
      'Leerzeile Fahrzeug und Zuletzt gefahren. Zellen, die mit =, +, -, @, Tab oder CR beginnen, erhalten ein ' +
      'vorangestelltes Apostroph (Schutz vor Formel-Injektion).',
  },
  pdf: {
    mediaType: 'application/pdf',
    contentType: 'application/pdf',
    summary: 'Auswahl als PDF exportieren (Streckenkundenachweis, A4)',
    description:
      'Streckenkundenachweis im Format A4: Name und E-Mail, Ausstellungsdatum, Übersicht, Tabelle der Strecken ' +
      '(Strecke, darunter Start – Ende mit Bahnhof und DS100-Kürzel, wenn der Name sie nicht nennt; Kürzel, Zuletzt ' +
      'gefahren, Gültig bis, Status; Kopfzeile auf jeder Seite), Fahrzeuge, Hinweise und Unterschriftszeilen (stets ' +
      'auf der Seite der letzten Tabellenzeile), Fußzeile „Seite X von Y“. Abgelaufene und bald ablaufende Strecken ' +
      'sind farbig und mit Symbol markiert; zu breite Wörter werden an Silben mit Bindestrich getrennt. Jedes PDF ' +
      'wird als Nachweis ausgestellt: Prüfcode und QR-Code zur Prüfseite /pruefen/{code} auf jeder Seite, Inhalt ' +
      'gespeichert und signiert, nach dem letzten Byte eine signierte Prüfzeile (%StreckenpassProof) für die ' +
      'Prüfung der Datei, auch ohne Internet (`npm run verify-proof`).',
  },
} as const satisfies Record<
  'csv' | 'pdf',
  {
    mediaType: string;
    contentType: string;
    summary: string;
    description: string;
  }
>;

const SELECTION_RULES =
  '\n\nRumpf: die Dokumentations-Auswahl `{ routes?, tours?, vehicles?, places? }` (Ids bzw. Ortskürzel). Strecken: ' +
  'die gewählten, alle Strecken gewählter Touren und alle, die an einem gewählten Ort beginnen oder enden; keine ' +
  'Strecke, Tour und kein Ort gewählt = alle eigenen Strecken. Fahrzeuge: die gewählten; bei ganz leerer Auswahl ' +
  'alle. Ids fremder Einträge ergeben 403, unbekannte 422. Antwort als Download mit ' +
  '`Content-Disposition: attachment; filename="streckenkunde-JJJJ-MM-TT.<csv|pdf>"` (Datum = heute in APP_TIMEZONE).';

const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.exportService;
  // The PDF comes from the shared pool of worker threads (plugins/pdf-pool.ts) and is issued as a signed document
  // (issue 27): its code on every page, its content stored, the signed trailer after its last byte.
  const proofs = app.proofsService;
  const renderers: Record<keyof typeof formats, Renderer> = {
    csv: (data) => renderCsv(data),
    pdf: (data, userId, selection) => proofs.issuePdf(userId, data, scopeOf(selection)),
  };

  for (const [extension, format] of Object.entries(formats) as [
    keyof typeof formats,
    (typeof formats)['csv' | 'pdf'],
  ][]) {
    app.post(
      `/export/${extension}`,
      {
        // onRequest, not preHandler: a caller without a valid token gets 401 before its body is even parsed.
        config: { heavy: 'export' },
        schema: {
          tags: ['Export'],
          summary: format.summary,
          description: format.description + SELECTION_RULES,
          body: selectionSchema,
          response: {
            200: {
              description: `Datei streckenkunde-JJJJ-MM-TT.${extension} (Download)`,
              content: {
                [format.mediaType]: { schema: z.string().meta({ format: 'binary' }) },
              },
            },
            400: problemSchema,
            401: problemSchema,
            403: problemSchema,
            422: problemSchema,
          },
        },
      },
      async (request, reply) => {
        const today = todayIn(app.config.timezone);
        // Everything that can fail (ownership, unknown ids) happens before the first byte is streamed.
        const userId = currentUser(request).id;
        const data = await service.load(userId, request.body, today);
        const file = await renderers[extension](data, userId, request.body);
        return (
          reply
            .header('content-type', format.contentType)
            .header('content-disposition', `attachment; filename="${exportFilename(today, extension)}"`)
            .header('cache-control', 'no-store')
            // The schema documents the body as a string (a file); a stream is sent as is, never serialised.
            .send(file as unknown as string)
        );
      },
    );
  }
};

export default exportRoutes;
