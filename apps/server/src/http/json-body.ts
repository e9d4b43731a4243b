import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_PROBLEMS } from '@streckenpass/contract/problems';
import { badRequest } from '../lib/errors.js';

/** Refuses what is not UTF-8 instead of replacing it (the default decoding writes U+FFFD for each bad byte). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The JSON bodies (`application/json`, and `application/merge-patch+json`, RFC 7386 objects with null = "clear"):
 * read as bytes and decoded as strict UTF-8, so malformed UTF-8 (`0xff 0xfe 0xc3` in a name) is refused with 400 as
 * PostgreSQL itself would refuse it, not stored as "���" (issue 38). The JSON is then parsed by Fastify's own parser
 * (`__proto__` and `constructor.prototype` refused). Each refusal has its German detail. The route's `bodyLimit`
 * still applies (the parsers set none of their own).
 */
export function addJsonBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parser =
    (emptyBody?: unknown) =>
    (request: FastifyRequest, body: Buffer, done: Done): void => {
      let text: string;
      try {
        text = utf8.decode(body);
      } catch {
        done(badRequest(REQUEST_PROBLEMS.invalidUtf8), undefined);
        return;
      }
      if (text === '' && emptyBody !== undefined) {
        done(null, emptyBody);
        return;
      }
      parseJson(request, text, (error, value) => {
        if (!error) done(null, value);
        else done(badRequest(text === '' ? REQUEST_PROBLEMS.emptyJson : invalidJsonDetail(text)), undefined);
      });
    };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser());
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'buffer' }, parser({}));
}

/** Broken JSON, or JSON with a key the secure parser refuses (only worked out on the refusal path). */
function invalidJsonDetail(text: string): string {
  try {
    JSON.parse(text);
    return REQUEST_PROBLEMS.forbiddenJsonKey;
  } catch {
    return REQUEST_PROBLEMS.brokenJson;
  }
}
