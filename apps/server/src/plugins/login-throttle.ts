import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { LoginThrottleSettings } from '../config.js';
import { problem } from '../lib/problem.js';

/**
 * Login throttling by account and by failure (OWASP ASVS V2.2.1), and limits per target address for the calls
 * that send mail. See docs/decisions/0010-login-throttling-by-account.md.
 *
 * Every attempt is counted *before* the password is checked — per account (normalised e-mail, whether or not it
 * exists, so the answers reveal nothing) and per client address — and a successful login takes its count back:
 * successes are never throttled nor counted, and parallel guesses cannot slip past the counter while it waits for
 * scrypt. After `freeFailures` failures an account's attempts are delayed (1 s, 2 s, 4 s … up to `maxDelayMs`),
 * after `lockAfter` it answers 429 with Retry-After until the window ends; an address with `addressFailures`
 * failures (password spraying over many accounts) gets 429 too. The counters live in Redis when REDIS_URL is set
 * (shared by every instance), otherwise in memory. When Redis is down the throttle fails closed: 503, no guess is
 * evaluated uncounted.
 */

export type ThrottleSettings = LoginThrottleSettings;

const MINUTE = 60_000;

/** Counters with a fixed window: the first increment starts it. */
export interface CounterStore {
  /** Adds one; returns the new count and the milliseconds until the window ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one back (never below zero, never starting a window). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  let sweeps = 0;
  return {
    async increment(key, windowMs) {
      // Now and then drop expired counters, so that a spray over many addresses does not grow the map for ever.
      if (++sweeps % 1000 === 0) for (const k of [...counters.keys()]) live(k);
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      return { count: entry.count, resetInMs: entry.resetAt - now() };
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}

const INCREMENT = `
redis.call('set', KEYS[1], 0, 'PX', ARGV[1], 'NX')
local count = redis.call('incr', KEYS[1])
return { count, redis.call('pttl', KEYS[1]) }`;
const DECREMENT = `
if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1])
end
return 0`;

export function redisCounterStore(url: string, prefix: string, onError: (message: string) => void): CounterStore {
  // Loaded here, only with REDIS_URL: ioredis cost 0.23 s of every start-up's CPU without it (decision 0050).
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  // No offline queue: while Redis is down every command fails at once (and the throttle fails closed).
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (err: Error) => onError(err.message));
  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    async increment(key, windowMs) {
      await ready;
      const [count, pttl] = (await redis.eval(INCREMENT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: pttl > 0 ? pttl : windowMs };
    },
    async decrement(key) {
      await ready;
      await redis.eval(DECREMENT, 1, prefix + key);
    },
    async reset(key) {
      await ready;
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export class ThrottleRefusal {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
    readonly message: string,
  ) {}

  send(reply: FastifyReply) {
    return reply
      .status(this.status)
      .header('Retry-After', String(this.retryAfterSeconds))
      .type('application/problem+json')
      .serializer(JSON.stringify)
      .send(problem(this.status, this.status === 429 ? 'Too Many Requests' : 'Service Unavailable', this.message));
  }
}

const storeDown = () =>
  new ThrottleRefusal(
    503,
    30,
    'Die Anmeldung ist vorübergehend nicht möglich. Bitte versuchen Sie es gleich noch einmal.',
  );

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE));

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface LoginAttempt {
  /** The password was right: takes the attempt's count back. */
  succeeded(): Promise<void>;
}

export interface AccountThrottle {
  /** Counts a login attempt; refuses it (429/503) or waits the account's delay, then lets it be evaluated. */
  beginLogin(email: string, address: string): Promise<LoginAttempt | ThrottleRefusal>;
  /** Counts one use of a limited call for a target address; a refusal when it is over its limit. */
  hitTarget(kind: 'register' | 'reset', email: string): Promise<ThrottleRefusal | null>;
}

export function createAccountThrottle(
  store: CounterStore,
  settings: ThrottleSettings,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  onStoreError: (err: unknown) => void = () => {},
): AccountThrottle {
  return {
    async beginLogin(email, address) {
      const accountKey = `login:account:${normaliseEmail(email)}`;
      const addressKey = `login:address:${address}`;
      let account: { count: number; resetInMs: number };
      let client: { count: number; resetInMs: number };
      try {
        [account, client] = await Promise.all([
          store.increment(accountKey, settings.windowMs),
          store.increment(addressKey, settings.windowMs),
        ]);
      } catch (err) {
        onStoreError(err);
        return storeDown();
      }
      if (client.count > settings.addressFailures) {
        return new ThrottleRefusal(
          429,
          Math.ceil(client.resetInMs / 1000),
          `Zu viele fehlgeschlagene Anmeldeversuche von Ihrem Netz. Bitte versuchen Sie es in ${minutes(client.resetInMs)} Minuten erneut.`,
        );
      }
      // Same words whether or not the account exists: the counter runs for any address.
      if (account.count > settings.lockAfter) {
        return new ThrottleRefusal(
          429,
          Math.ceil(account.resetInMs / 1000),
          `Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Bitte versuchen Sie es in ${minutes(account.resetInMs)} Minuten erneut.`,
        );
      }
      const excess = account.count - settings.freeFailures - 1;
      if (excess >= 0) await sleep(Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.min(excess, 30)));
      return {
        async succeeded() {
          try {
            await Promise.all([store.reset(accountKey), store.decrement(addressKey)]);
          } catch (err) {
            onStoreError(err);
          }
        },
      };
    },

    async hitTarget(kind, email) {
      const rule = kind === 'register' ? settings.registerPerAddress : settings.resetPerAddress;
      try {
        const { count, resetInMs } = await store.increment(`${kind}:target:${normaliseEmail(email)}`, rule.timeWindow);
        if (count <= rule.max) return null;
        return new ThrottleRefusal(
          429,
          Math.ceil(resetInMs / 1000),
          `Zu viele Anfragen für diese E-Mail-Adresse. Bitte versuchen Sie es in ${minutes(resetInMs)} Minuten erneut.`,
        );
      } catch (err) {
        onStoreError(err);
        return new ThrottleRefusal(
          503,
          30,
          'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.',
        );
      }
    },
  };
}

/** The throttle of an app: Redis when REDIS_URL is set, otherwise memory; closed with the app. */
export function accountThrottleFor(app: FastifyInstance): AccountThrottle {
  const store = app.config.redisUrl
    ? redisCounterStore(app.config.redisUrl, app.config.redisKeyPrefix, (message) =>
        app.log.warn({ err: message }, 'redis error (login throttle)'),
      )
    : memoryCounterStore();
  app.addHook('onClose', async () => store.close());
  return createAccountThrottle(store, app.config.loginThrottle, undefined, (err) =>
    app.log.error({ err }, 'login throttle store unavailable; refusing'),
  );
}
