import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '@streckenpass/contract/format';
import { PASSWORD_COST_LOG2N } from './lib/password.js';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** `TRUST_PROXY`: off, `true`, a hop count, or a comma-separated list of proxy addresses. */
const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || ['false', '0', 'off', 'no'].includes(text)) return false;
    // `true` = one proxy in front: the client address is the right-most X-Forwarded-For entry, the one that proxy
    // appended. Trusting every hop would take the left-most entry, which the client writes itself.
    if (['true', 'on', 'yes'].includes(text)) return 1;
    if (/^\d+$/.test(text)) return Number(text);
    return text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });

const timezone = z.string().refine(isTimeZone, 'unknown time zone');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+\s*(s|m|h|d|w)?$/, 'e.g. 3d, 12h, 3600')
    .default('5d'),
  // A token older than this is renewed on its next use (sliding session, docs/decisions/0017).
  JWT_RENEW_AFTER: z
    .string()
    .regex(/^\d+\s*(s|m|h|d|w)?$/, 'e.g. 1h, 30m, 3600')
    .default('1h'),
  // No renewal once the login is this old: the user signs in again at least this often (ASVS V3.3.2).
  JWT_SESSION_MAX: z
    .string()
    .regex(/^\d+\s*(s|m|h|d|w)?$/, 'e.g. 30d, 4w')
    .default('30d'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Streckenpass <no-reply@localhost>'),
  REPORT_BCC: z.string().email().optional(),
  // The key is one path segment of /api/cronjob/internal/{apiKey}; Fastify refuses longer segments (414).
  CRON_API_KEY: z
    .string()
    .min(1)
    .max(100, 'at most 100 characters (one URL path segment)')
    .regex(/^[^/]+$/, 'must not contain "/"')
    .optional(),
  // Bearer key of GET /metrics (plugins/metrics.ts); unset = /metrics answers 404.
  METRICS_KEY: z.string().min(16, 'at least 16 characters (e.g. `openssl rand -hex 32`)').optional(),
  APP_TIMEZONE: timezone.default('Europe/Berlin'),
  // Contact of the operator that push services see in the VAPID token (RFC 8292): mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  DISABLE_SCHEDULER: booleanish.optional(),
  WEB_DIST: z.string().min(1).optional(),
  PGLITE_SYNC: z.enum(['wal', 'off']).default('wal'),
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  HEAVY_OPERATIONS: z.coerce.number().int().min(1).max(64).default(2),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(3_600).default(25),
  // Never below lib/password.ts's floor: an operator can only raise the cost.
  PASSWORD_COST_LOG2N: z.coerce.number().int().min(PASSWORD_COST_LOG2N).max(20).default(PASSWORD_COST_LOG2N),
});

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

/** Login throttling by account and by failure; see plugins/login-throttle.ts and decision 0010. */
export interface LoginThrottleSettings {
  /** Failures per account without any delay. */
  freeFailures: number;
  /** Delay of the first attempt beyond `freeFailures`; doubles with each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures per account after which it answers 429 until the window ends. */
  lockAfter: number;
  /** Failures per client address (over any accounts: spraying) after which it answers 429. */
  addressFailures: number;
  /** How long failures are remembered (fixed window from the first one). */
  windowMs: number;
  /** Registrations per e-mail address. */
  registerPerAddress: RateLimitRule;
  /** Password-reset requests per e-mail address. */
  resetPerAddress: RateLimitRule;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Embedded database: `wal` = every commit's WAL on disk before it is acknowledged; `off` = PGlite's default. */
  pgliteSync: 'wal' | 'off';
  /** Embedded database: in the main thread (default) or in its own worker thread (opt-in, decision 0050). */
  pgliteThread: 'worker' | 'main';
  /** Heavy operations (import, restore, backup, export) one process runs at once; more answer 503 (plugins/heavy-operations.ts). */
  heavyOperations: number;
  /** After SIGTERM: how long running requests (downloads) may take to finish before they are cut off (server.ts). */
  shutdownDrainSeconds: number;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /** Age after which an authenticated answer carries a renewed token (`X-Renewed-Token`). */
  jwtRenewAfterSeconds: number;
  /** Renewal stops once the login (`auth_time`) is this old. */
  jwtSessionMaxSeconds: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  reportBcc: string | undefined;
  cronApiKey: string | undefined;
  /** Bearer key of `GET /metrics`; undefined = no metrics endpoint (404) and no per-request measuring. */
  metricsKey: string | undefined;
  timezone: string;
  /** `sub` of the VAPID token: VAPID_SUBJECT, else a mailto: of MAIL_FROM's address. */
  vapidSubject: string;
  redisUrl: string | undefined;
  /** Key prefix of the rate-limit counters in Redis. */
  redisKeyPrefix: string;
  trustProxy: boolean | number | string[];
  logLevel: string;
  production: boolean;
  /** Run the in-process weekly scheduler (off in tests). */
  scheduler: boolean;
  /** Directory of the built SPA; absent = API only. */
  webDist: string | undefined;
  /** Path of the project's CHANGELOG.md. */
  changelogPath: string;
  rateLimits: {
    login: RateLimitRule;
    register: RateLimitRule;
    passwordReset: RateLimitRule;
    verification: RateLimitRule;
    /** Every API call, per signed-in user (bearer token's `sub`). */
    global: RateLimitRule;
    /** Every API call without a bearer token, per client address; absent = `global`. */
    anonymous?: RateLimitRule;
    /** Opening share links (page and PDF), per client address; absent = `defaultRateLimits.share`. */
    share?: RateLimitRule;
    /** The public verification of issued documents (code, upload, keys), per client address; absent = the default. */
    proof?: RateLimitRule;
  };
  loginThrottle: LoginThrottleSettings;
  /** scrypt's cost (log2 N) of new password hashes: PASSWORD_COST_LOG2N, at least 15 (lib/password.ts). */
  passwordCostLog2N: number;
}

const MINUTE = 60_000;

/**
 * Per client address (or, with a bearer token, per user). Login failures are throttled by account and address in
 * plugins/login-throttle.ts; `login` here only limits change-password per user. Register and password reset are
 * generous per client (a depot behind one NAT) and strict per target address (loginThrottle).
 */
export const defaultRateLimits: AppConfig['rateLimits'] = {
  login: { max: 10, timeWindow: 15 * MINUTE },
  register: { max: 30, timeWindow: 60 * MINUTE },
  passwordReset: { max: 30, timeWindow: 15 * MINUTE },
  verification: { max: 3, timeWindow: 15 * MINUTE },
  global: { max: 600, timeWindow: MINUTE },
  anonymous: { max: 3000, timeWindow: MINUTE },
  share: { max: 60, timeWindow: MINUTE },
  proof: { max: 60, timeWindow: MINUTE },
};

export const defaultLoginThrottle: LoginThrottleSettings = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 16_000,
  lockAfter: 20,
  addressFailures: 100,
  windowMs: 15 * MINUTE,
  registerPerAddress: { max: 3, timeWindow: 60 * MINUTE },
  resetPerAddress: { max: 3, timeWindow: 15 * MINUTE },
};

function scaleThrottle(settings: LoginThrottleSettings, scale: number): LoginThrottleSettings {
  const times = (value: number) => Math.max(1, Math.round(value * scale));
  return {
    ...settings,
    freeFailures: times(settings.freeFailures),
    lockAfter: times(settings.lockAfter),
    addressFailures: times(settings.addressFailures),
    registerPerAddress: { ...settings.registerPerAddress, max: times(settings.registerPerAddress.max) },
    resetPerAddress: { ...settings.resetPerAddress, max: times(settings.resetPerAddress.max) },
  };
}

export function parseDuration(text: string): number {
  const match = /^(\d+)\s*(s|m|h|d|w)?$/.exec(text.trim());
  if (!match) throw new Error(`invalid duration: ${text}`);
  const factor = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[match[2] ?? 's'] ?? 1;
  return Number(match[1]) * factor;
}

/** Multiplies every limit's `max` (end-to-end tests register many users from one address). */
function scaleRateLimits(limits: AppConfig['rateLimits'], scale: number): AppConfig['rateLimits'] {
  const scaled = (rule: RateLimitRule) => ({ ...rule, max: Math.max(1, Math.round(rule.max * scale)) });
  return {
    login: scaled(limits.login),
    register: scaled(limits.register),
    passwordReset: scaled(limits.passwordReset),
    verification: scaled(limits.verification),
    global: scaled(limits.global),
    ...(limits.anonymous ? { anonymous: scaled(limits.anonymous) } : {}),
    ...(limits.share ? { share: scaled(limits.share) } : {}),
    ...(limits.proof ? { proof: scaled(limits.proof) } : {}),
  };
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    pgliteSync: e.PGLITE_SYNC,
    pgliteThread: e.PGLITE_THREAD,
    heavyOperations: e.HEAVY_OPERATIONS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: parseDuration(e.JWT_TTL),
    jwtRenewAfterSeconds: parseDuration(e.JWT_RENEW_AFTER),
    jwtSessionMaxSeconds: parseDuration(e.JWT_SESSION_MAX),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    reportBcc: e.REPORT_BCC,
    cronApiKey: e.CRON_API_KEY,
    metricsKey: e.METRICS_KEY,
    timezone: e.APP_TIMEZONE,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: 'streckenpass-rl-',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    scheduler: !(e.DISABLE_SCHEDULER ?? false),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    changelogPath: path.join(repoRoot, 'CHANGELOG.md'),
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_SCALE),
    loginThrottle: scaleThrottle(defaultLoginThrottle, e.RATE_LIMIT_SCALE),
    passwordCostLog2N: e.PASSWORD_COST_LOG2N,
  };
}
