import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { rateLimitKey } from '../lib/rate-limit-key.js';

/**
 * Security headers with a strict Content-Security-Policy (no inline scripts; inline <style> only with the
 * per-response nonce the SPA's index.html carries) and the shared rate-limit store.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
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
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS whenever the public address is https (behind a TLS proxy too); over plain http browsers ignore it.
      hsts: app.config.publicUrl.startsWith('https://') ? undefined : false,
    });

    let redis: Redis | undefined;
    if (app.config.redisUrl) {
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
