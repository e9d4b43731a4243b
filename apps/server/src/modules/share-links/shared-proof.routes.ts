import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { todayIn } from '@streckenpass/contract/knowledge';
import { SHARE_PAGE_PREFIX } from '@streckenpass/contract/share-links';
import { renderProofHtml, renderShareNotFoundHtml } from '../../export/html.js';
import { exportFilename } from '../../export/model.js';
import { scopeOf } from '../../export/proof-content.js';
import { defaultRateLimits } from '../../config.js';
import { hashToken } from '../../lib/one-time-token.js';
import { formatCode } from '../../lib/proof-signature.js';
import { problem } from '../../lib/problem.js';

/** What `generateToken` makes: 32 random bytes, base64url. Anything else names no link (and costs no query). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const privateHeaders = (reply: FastifyReply) =>
  reply
    .header('x-robots-tag', 'noindex, nofollow, noarchive')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');

/** Whether the path (with or without a query) is a share link's, known or not: the prefix alone or below it. */
export function isSharePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname === SHARE_PAGE_PREFIX || pathname.startsWith(`${SHARE_PAGE_PREFIX}/`);
}

/**
 * The one answer for every share path that opens nothing — unknown, expired, revoked, malformed, over-long: 404, the
 * page for a browser, the problem details every other 404 of the app answers for any other client. Also called by
 * app.ts for paths the router refuses before any hook ran (broken percent-encoding); helmet has set no headers then,
 * so the API's static ones go out, with a nonce for the page's one style block.
 */
export function sendShareNotFound(request: FastifyRequest, reply: FastifyReply) {
  let nonce = reply.cspNonce?.style;
  if (!nonce) {
    nonce = randomBytes(16).toString('hex');
    const headers = reply.server.apiSecurityHeaders;
    reply.headers({
      ...headers,
      'content-security-policy': headers['content-security-policy']!.replace(
        "style-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
      ),
    });
  }
  privateHeaders(reply).status(404);
  if ((request.headers.accept ?? '').includes('text/html')) {
    return reply.type('text/html; charset=utf-8').send(renderShareNotFoundHtml(nonce));
  }
  return reply
    .type('application/problem+json')
    .send(problem(404, 'Not Found', 'Diesen Link gibt es nicht oder nicht mehr.'));
}

/**
 * The public side of a share link, outside /api and without an account: `GET /nachweis/{token}` is the proof as a
 * server-rendered page (no script; its one style block carries the response's CSP nonce) and `…/pdf` the same as
 * the PDF. Unknown, expired and revoked tokens get the same 404 page. Neither answer may be indexed, leak its
 * address as a referrer, or be cached; both are rate-limited per client address.
 */
const sharedProofRoutes: FastifyPluginAsync = async (app) => {
  const exportService = app.exportService;
  // The page and the PDF are issued documents (issue 27): verifiable at /pruefen/{code}.
  const proofs = app.proofsService;
  const limit = app.config.rateLimits.share ?? defaultRateLimits.share!;
  const config = {
    // The global limit skips everything outside /api (static files); these pages are counted.
    rateLimit: { max: limit.max, timeWindow: limit.timeWindow, allowList: () => false },
  };
  async function open(token: string) {
    if (!TOKEN.test(token)) return undefined;
    const today = todayIn(app.config.timezone);
    const link = await app.shareLinksRepository.open(hashToken(token), today);
    if (!link) return undefined;
    const selection = link.all ? {} : { routes: link.routes, tours: link.tours };
    const data = await exportService.load(link.ownerId, selection, today, link.all);
    return { link, data, scope: scopeOf(selection, link.all) };
  }
  // Pages, not API operations: outside the OpenAPI document like the SPA's own routes (the management calls under
  // /api/share_links are documented there).
  const schema = (summary: string) => ({ hide: true, summary, security: [] });

  type Opened = NonNullable<Awaited<ReturnType<typeof open>>>;
  /** A document of a share link at `path`: the same 404 as any unknown path unless the token opens a live link. */
  const sharedDocument = (
    path: string,
    summary: string,
    answer: (opened: Opened, token: string, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    app.get<{ Params: { token: string } }>(path, { schema: schema(summary), config }, async (request, reply) => {
      const opened = await open(request.params.token);
      if (!opened) return sendShareNotFound(request, reply);
      return answer(opened, request.params.token, reply);
    });

  sharedDocument(
    `${SHARE_PAGE_PREFIX}/:token`,
    'Öffentliche Seite eines Freigabe-Links (HTML, ohne Anmeldung)',
    async ({ link, data, scope }, token, reply) => {
      // One document per state of the content: views of an unchanged record share it.
      const code = await proofs.issueSharePage(link.ownerId, data, scope, link.id);
      return privateHeaders(reply)
        .type('text/html; charset=utf-8')
        .send(
          renderProofHtml(data, {
            nonce: reply.cspNonce?.style ?? '',
            pdfUrl: `${SHARE_PAGE_PREFIX}/${token}/pdf`,
            verification: { code: formatCode(code), url: proofs.verificationUrl(code) },
          }),
        );
    },
  );

  sharedDocument(
    `${SHARE_PAGE_PREFIX}/:token/pdf`,
    'Streckenkundenachweis eines Freigabe-Links als PDF (ohne Anmeldung)',
    async ({ link, data, scope }, _token, reply) => {
      const file = await proofs.issuePdf(link.ownerId, data, scope, link.id);
      return privateHeaders(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${exportFilename(data.today, 'pdf')}"`)
        .send(file);
    },
  );

  // Any other share path — the prefix alone, a token longer than the router's 100 characters per parameter, extra
  // segments, odd characters — gets the same 404 as an unknown token instead of falling through to the web app.
  for (const url of [SHARE_PAGE_PREFIX, `${SHARE_PAGE_PREFIX}/*`]) {
    app.get(
      url,
      { schema: schema('Unbekannte Adresse eines Freigabe-Links (immer 404)'), config },
      async (request, reply) => sendShareNotFound(request, reply),
    );
  }
};

export default sharedProofRoutes;
