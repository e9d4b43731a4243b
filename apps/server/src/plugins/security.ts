import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The static security headers of every /api answer. */
    apiSecurityHeaders: Record<string, string>;
  }
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
import { rateLimitKey } from '../lib/rate-limit-key.js';

/**
 * Security headers with a strict Content-Security-Policy (no inline scripts; inline <style> only with the
 * per-response nonce the SPA's index.html carries) and the shared rate-limit store.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      crossOriginEmbedderPolicy: false,
      // HSTS whenever the public address is https (behind a TLS proxy too); over plain http browsers ignore it.
      hsts: app.config.publicUrl.startsWith('https://') ? undefined : false,
    });

    // JSON answers under /api are not documents: they get one precomputed set of headers (no per-response nonce,
    // no CSP built per request). Helmet with nonces stays for the HTML document and the docs UI.
    const hsts = app.config.publicUrl.startsWith('https://');
    const apiHeaders: Record<string, string> = {
      // The document's policy without a nonce: nothing in a JSON answer may run or load anything else.
      'content-security-policy': Object.entries(CSP_DIRECTIVES)
        .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
        .join('; '),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      ...(hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
    app.decorate('apiSecurityHeaders', apiHeaders);

    let redis: Redis | undefined;
    if (app.config.redisUrl) {
      // Loaded only when configured: most installations have no Redis and need not pay for the module at start.
      const { Redis } = await import('ioredis');
      redis = new Redis(app.config.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      });
      redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
      // Wait briefly for the connection, so the first requests are counted too; a Redis that is down
      // does not stop the start (limits are skipped on store errors until it is back).
      const client = redis;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3000);
        client.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: true,
      // Per signed-in user, otherwise per client address with a higher ceiling (lib/rate-limit-key.ts).
      keyGenerator: rateLimitKey,
      max: (_request, key) =>
        key.startsWith('user:')
          ? app.config.rateLimits.global.max
          : (app.config.rateLimits.anonymous ?? app.config.rateLimits.global).max,
      timeWindow: app.config.rateLimits.global.timeWindow,
      ...(redis ? { redis, nameSpace: app.config.redisKeyPrefix } : {}),
      // A broken Redis must not take the API down with it.
      skipOnError: true,
      allowList: (request) => !request.url.startsWith('/api/'),
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
  },
  { name: 'security', dependencies: ['db'] },
);
