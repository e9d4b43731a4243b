import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MAX_MEGABYTES } from '@streckenpass/contract/import';
import { badRequest, unprocessable } from '../lib/errors.js';
import { problems } from './problems.js';

/*
 * A CSV file uploaded as the request body (the driver's import, a Betrieb's requirements): its bytes as they are — the
 * encoding is detected from them (lib/csv-reader.ts), not from a header — within the import's size.
 */

const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

/** Lets the plugin's routes take a CSV file as their body (a Buffer). */
export function acceptCsvUploads(app: FastifyInstance): void {
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}

/**
 * A CSV upload route's options: the file as the body, `ok` as the answer, the refusals every upload may get (and
 * `statuses` more), the size limit with its German message; never stored by a cache.
 */
export function csvUploadOptions<Ok extends z.ZodType, Params extends z.ZodType | undefined = undefined>({
  tags,
  summary,
  description,
  ok,
  params,
  statuses = [],
  heavy,
}: {
  tags: string[];
  summary: string;
  description: string;
  ok: Ok;
  params?: Params;
  statuses?: (403 | 404)[];
  /** The heavy operation it counts as (one at a time per account). */
  heavy?: 'import';
}) {
  return {
    schema: {
      tags,
      summary,
      description,
      ...(params ? { params } : {}),
      body: z.any().meta({ description: 'Die CSV-Datei', format: 'binary' }),
      response: { 200: ok, ...problems(400, 401, ...statuses, 413, 415, 422) },
    },
    bodyLimit: IMPORT_MAX_BYTES,
    config: {
      bodyTooLarge: `Die Datei ist zu groß: höchstens ${IMPORT_MAX_MEGABYTES} MB. Teilen Sie die Liste bitte auf.`,
      noStore: true,
      ...(heavy ? { heavy } : {}),
    },
  };
}

/** The uploaded file's bytes: 400 when the body is no file, 422 when it is empty. */
export function csvBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw badRequest('Bitte die CSV-Datei als Rumpf senden (Content-Type text/csv).');
  if (body.length === 0) throw unprocessable([{ propertyPath: 'file', message: 'Die Datei ist leer.' }]);
  return body;
}
