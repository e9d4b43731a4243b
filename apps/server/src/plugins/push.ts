import fp from 'fastify-plugin';
import {
  createPushSender,
  generateVapidKeys,
  type PushSender,
  type PushTestSeam,
  type VapidKeys,
} from '../lib/web-push.js';
import { atStart } from './start-up-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push with the instance-wide VAPID key pair (docs/decisions/0022). */
    push: PushSender;
  }
}

/**
 * The VAPID key pair is generated once and kept in the settings table like the JWT secret, so every instance
 * signs with the same key and subscriptions survive restarts (a new key would invalidate all of them).
 */
export default fp<{ test?: PushTestSeam }>(
  async (app, options) => {
    const sender = atStart(app, async () => {
      const stored = await app.settings.getOrCreate('vapid_keys', () => JSON.stringify(generateVapidKeys()));
      const keys = JSON.parse(stored) as VapidKeys;
      return createPushSender({
        keys,
        subject: app.config.vapidSubject,
        ...(options.test ? { test: options.test } : {}),
      });
    });
    app.decorate('push', { getter: sender.value });
  },
  { name: 'push', dependencies: ['settings'] },
);
