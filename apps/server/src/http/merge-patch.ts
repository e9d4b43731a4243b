import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.js';

/** merge-patch+json is JSON for our purposes (RFC 7386 objects with null = "clear"). */
export function addMergePatchParser(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'Bad Request', 'Invalid input'), undefined);
    }
  });
}
