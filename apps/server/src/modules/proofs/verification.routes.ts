import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PROOF_KEYS_PATH, PROOF_PAGE_PREFIX, PROOF_STATE_LABELS, type ProofState } from '@streckenpass/contract/proofs';
import { defaultRateLimits } from '../../config.js';
import { isAttestationContent } from '../../export/attestation-check-html.js';
import { isMatrixContent, publicMatrix } from '../../export/matrix-model.js';
import { isRegisterContent } from '../../export/register-model.js';
import { renderProofCheckHtml, renderProofFormHtml } from '../../export/proof-check-html.js';
import { formatCode, normaliseCode } from '../../lib/proof-signature.js';
import type { Verification } from './proof-verification.js';

/** Largest PDF the upload takes: a proof of every route of a full account is far below it. */
export const PROOF_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
const MEGABYTES = PROOF_UPLOAD_MAX_BYTES / 1024 / 1024;

const privateHeaders = (reply: FastifyReply) =>
  reply
    .header('x-robots-tag', 'noindex, nofollow, noarchive')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');

/** Whether the path (with or without a query) is below the verification page: its uniform answers apply. */
export function isProofPath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname === PROOF_PAGE_PREFIX || pathname.startsWith(`${PROOF_PAGE_PREFIX}/`);
}

/** The response's style nonce; for a path the router refused before helmet ran, the API's headers with a new one. */
function styleNonce(reply: FastifyReply): string {
  const existing = reply.cspNonce?.style;
  if (existing) return existing;
  const nonce = randomBytes(16).toString('hex');
  const headers = reply.server.apiSecurityHeaders;
  reply.headers({
    ...headers,
    'content-security-policy': headers['content-security-policy']!.replace(
      "style-src 'self'",
      `style-src 'self' 'nonce-${nonce}'`,
    ),
  });
  return nonce;
}

const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return !accept.includes('text/html') && accept.includes('application/json');
};

/** A document's content as the JSON answer shows it: by its kind, without the Betrieb's and the filters' ids. */
function contentJson(document: NonNullable<Verification['document']>) {
  const { content } = document;
  if (isMatrixContent(content))
    return { matrix: publicMatrix(content), withheldDrivers: document.withheldDrivers ?? 0 };
  if (isAttestationContent(content)) {
    const { document: _, betrieb, ...attestation } = content;
    return { attestation: { ...attestation, betrieb: betrieb.name } };
  }
  if (isRegisterContent(content)) {
    const { document: _, betrieb, ...register } = content;
    return { register: { ...register, betrieb: betrieb.name }, withheldDrivers: document.withheldDrivers ?? 0 };
  }
  return {
    holder: content.holder,
    routes: content.routes,
    vehicles: content.vehicles,
    ...(content.drives ? { drives: content.drives } : {}),
  };
}

/** A verification as JSON: the page's facts, without the selection's ids and never an e-mail address. */
function toJson(view: Verification) {
  const { document, revoked } = view;
  return {
    state: view.state,
    label: PROOF_STATE_LABELS[view.state],
    reason: view.reason,
    ...(document
      ? {
          document: {
            code: formatCode(document.code),
            kind: document.kind,
            issuedAt: document.issuedAt.toISOString(),
            changedSince: document.changedSince,
            ...contentJson(document),
          },
        }
      : {}),
    ...(view.erased
      ? {
          erased: {
            code: formatCode(view.erased.code),
            kind: view.erased.kind,
            issuedAt: view.erased.issuedAt.toISOString(),
          },
        }
      : {}),
    ...(revoked
      ? {
          revoked: {
            code: formatCode(revoked.code),
            kind: revoked.kind,
            issuedAt: revoked.issuedAt.toISOString(),
            revokedAt: revoked.revokedAt.toISOString(),
          },
        }
      : {}),
  };
}

const UNKNOWN: Verification = { state: 'unknown', reason: 'Zu diesem Prüfcode ist kein Nachweis bekannt.' };

/** One answer per verification; status 404 for a code that names nothing (malformed or unknown alike). */
function sendVerification(request: FastifyRequest, reply: FastifyReply, view: Verification, status = 200) {
  privateHeaders(reply).status(status);
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send(toJson(view));
  return reply
    .type('text/html; charset=utf-8')
    .send(renderProofCheckHtml(view, { nonce: styleNonce(reply), timeZone: reply.server.config.timezone }));
}

/** Every path below `/pruefen` that names no document, including those the router refuses (app.ts). */
export function sendProofUnknown(request: FastifyRequest, reply: FastifyReply) {
  return sendVerification(request, reply, UNKNOWN, 404);
}

function sendForm(request: FastifyRequest, reply: FastifyReply, status: number, message?: string) {
  privateHeaders(reply).status(status);
  if (wantsJson(request)) {
    return reply.type('application/json; charset=utf-8').send({ state: 'unknown' as ProofState, reason: message });
  }
  return reply
    .type('text/html; charset=utf-8')
    .send(renderProofFormHtml({ nonce: styleNonce(reply), ...(message ? { message } : {}) }));
}

/**
 * The public verification of issued documents (issue 27), outside /api and without an account: `GET /pruefen` (the
 * forms; `?code=` checks a typed code), `GET /pruefen/{code}`, `POST /pruefen` (a PDF, as a form upload or as
 * `application/pdf`), and the public keys at `/.well-known/streckenpass-proof-keys.json`. Pages without script,
 * `noindex`, no referrer, not cached, rate-limited per client address; they never show an e-mail address; an
 * unknown and a malformed code get the same answer.
 */
const verificationRoutes: FastifyPluginAsync = async (app) => {
  const proofs = app.proofsService;
  const limit = app.config.rateLimits.proof ?? defaultRateLimits.proof!;
  // The global limit skips everything outside /api. These routes share one counter per client address (one limiter
  // for all of them, not one per route), keyed by the address alone: no page here takes a token, so a made-up one
  // cannot open another budget.
  const rateLimited = app.rateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    allowList: () => false,
    keyGenerator: (request) => `addr:${request.ip}`,
  });
  const schema = (summary: string) => ({ hide: true, summary, security: [] });

  await app.register(multipart, {
    limits: { fileSize: PROOF_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: PROOF_UPLOAD_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  async function byCode(request: FastifyRequest, reply: FastifyReply, typed: string) {
    const code = normaliseCode(typed);
    if (!code) return sendProofUnknown(request, reply);
    const view = await proofs.verifyCode(code);
    return sendVerification(request, reply, view, view.state === 'unknown' ? 404 : 200);
  }

  app.get<{ Querystring: { code?: unknown } }>(
    PROOF_PAGE_PREFIX,
    { schema: schema('Nachweis prüfen: Formular, mit ?code= die Prüfung eines Codes'), onRequest: rateLimited },
    async (request, reply) => {
      const typed = request.query.code;
      if (typed === undefined) return sendForm(request, reply, 200);
      return byCode(request, reply, typeof typed === 'string' ? typed : '');
    },
  );

  app.get<{ Params: { code: string } }>(
    `${PROOF_PAGE_PREFIX}/:code`,
    { schema: schema('Ausgestellten Nachweis nach Prüfcode prüfen (HTML oder JSON)'), onRequest: rateLimited },
    async (request, reply) => byCode(request, reply, request.params.code),
  );

  app.post(
    PROOF_PAGE_PREFIX,
    {
      schema: schema('Nachweis-PDF oder signierte Sicherung prüfen (Formular-Upload oder application/pdf)'),
      onRequest: rateLimited,
      config: {
        bodyTooLarge: `Die Datei ist zu groß: höchstens ${MEGABYTES} MB.`,
      },
      bodyLimit: PROOF_UPLOAD_MAX_BYTES,
    },
    async (request, reply) => {
      let file: Buffer | undefined;
      if (Buffer.isBuffer(request.body)) file = request.body;
      else if (request.isMultipart()) {
        try {
          const part = await request.file();
          file = part ? await part.toBuffer() : undefined;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            return sendForm(request, reply, 413, `Die Datei ist zu groß: höchstens ${MEGABYTES} MB.`);
          }
          // Whatever else the multipart parser refuses (no boundary, a form cut off) is the sender's broken form.
          request.log.debug({ err: error }, 'unreadable upload');
          return sendForm(request, reply, 400, 'Die Datei konnte nicht gelesen werden. Bitte wählen Sie sie erneut.');
        }
      }
      if (!file || file.length === 0) return sendForm(request, reply, 400, 'Bitte wählen Sie eine PDF-Datei aus.');
      return sendVerification(request, reply, await proofs.verifyFile(file));
    },
  );

  // Any other path below /pruefen — extra segments, over-long codes — answers like an unknown code.
  app.get(
    `${PROOF_PAGE_PREFIX}/*`,
    { schema: schema('Unbekannte Prüfadresse (immer 404)'), onRequest: rateLimited },
    async (request, reply) => sendProofUnknown(request, reply),
  );

  app.get(
    PROOF_KEYS_PATH,
    { schema: schema('Öffentliche Schlüssel der Nachweis-Signaturen (Ed25519)'), onRequest: rateLimited },
    async (_request, reply) => {
      // There is always a key to publish: the first call of an installation makes it.
      await app.proofsRepository.activeKey();
      const keys = await app.proofsRepository.publicKeys();
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .type('application/json; charset=utf-8')
        .send({
          issuer: app.config.publicUrl,
          algorithm: 'Ed25519',
          verification: `${app.config.publicUrl}${PROOF_PAGE_PREFIX}`,
          keys: keys.map((key) => ({
            id: key.id,
            algorithm: 'Ed25519',
            publicKey: key.publicKey,
            createdAt: key.createdAt.toISOString(),
            retiredAt: key.retiredAt?.toISOString() ?? null,
          })),
        });
    },
  );
};

export default verificationRoutes;
