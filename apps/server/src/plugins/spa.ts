import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { problem } from '../lib/problem.js';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
/** Public pages prerendered at build time (apps/web/src/content/prerender.ts): path → dist/prerender/<page>.html. */
const PRERENDERED: Record<string, string> = { '/': 'start', '/about': 'about', '/legal': 'legal', '/donate': 'donate' };
const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Streckenpass</title><p>Die Web-Oberfläche ist nicht gebaut. Bitte <code>npm run build</code> ausführen.</p>';

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and index.html
 * (with this response's CSP nonce) for any other GET that accepts HTML, so client routes survive a reload. The
 * public pages `/`, `/about`, `/legal` and `/donate` get their prerendered copy instead (content before the bundle).
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const indexFile = root ? path.join(root, 'index.html') : undefined;
    const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
    const prerendered = new Map<string, string>();
    if (root && indexHtml) {
      for (const [urlPath, page] of Object.entries(PRERENDERED)) {
        const file = path.join(root, 'prerender', `${page}.html`);
        if (fs.existsSync(file)) prerendered.set(urlPath, fs.readFileSync(file, 'utf8'));
      }
    }

    if (root && indexHtml) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: true,
        // The prerendered pages carry the nonce placeholder; they are only sent through sendIndex.
        allowedPath: (pathName) => !pathName.startsWith('/prerender/'),
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    /** index.html, or for a prerendered public page its static copy; both with this response's nonce. */
    const sendIndex = (reply: FastifyReply, urlPath?: string) => {
      if (!indexHtml) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT);
      const html = (urlPath !== undefined && prerendered.get(urlPath)) || indexHtml;
      const nonce = reply.cspNonce?.style ?? '';
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replace(NONCE_PLACEHOLDER, nonce));
    };

    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, '/'));
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler((request, reply) => {
      const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
      if ((request.method === 'GET' || request.method === 'HEAD') && acceptsHtml && !request.url.startsWith('/api/')) {
        return sendIndex(reply, request.url.split('?')[0]);
      }
      return reply
        .status(404)
        .type('application/problem+json')
        .send(problem(404, 'Not Found', 'Nicht gefunden.'));
    });
  },
  { name: 'spa', dependencies: ['security'] },
);
