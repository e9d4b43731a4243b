import type { Server } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { HttpError } from './lib/errors.js';
import { problem, zodIssuesToProblem } from './lib/problem.js';
import { errSerializer } from './lib/log-serializers.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import securityPlugin from './plugins/security.js';
import spaPlugin from './plugins/spa.js';
import mailPlugin from './plugins/mail.js';
import schedulerPlugin from './plugins/scheduler.js';
import idempotencyPlugin from './plugins/idempotency.js';
import healthRoutes from './modules/health/health.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import routeActivitiesRoutes from './modules/route-activities/route-activities.routes.js';
import expiringRoutes from './modules/route-activities/expiring.routes.js';
import vehicleActivitiesRoutes from './modules/vehicle-activities/vehicle-activities.routes.js';
import versionRoutes from './modules/version/version.routes.js';
import routesRoutes from './modules/routes/routes.routes.js';
import toursRoutes from './modules/tours/tours.routes.js';
import vehiclesRoutes from './modules/vehicles/vehicles.routes.js';
import exportRoutes from './modules/export/export.routes.js';
import cronjobRoutes from './modules/cronjob/cronjob.routes.js';

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes instead of stdout (tests read the log lines). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance<
  Server,
  RawRequestDefaultExpression<Server>,
  RawReplyDefaultExpression<Server>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

const BODY_LIMIT = 256 * 1024;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const fastifyOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'],
        remove: true,
      },
      // Mail-verification links and the cron key sit in the path: log the route pattern instead.
      serializers: {
        req: (req) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
        err: errSerializer,
      },
      ...(options.logStream
        ? { stream: options.logStream }
        : config.production
          ? {}
          : {
              transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
            }),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Broken percent-encoding (400) and over-long path segments (414) are refused by the router before any
    // handler runs; without this they would answer Fastify's own JSON instead of problem details.
    frameworkErrors: (error, _request, frameworkReply) => {
      const status = error.statusCode === 414 ? 414 : 400;
      // The option's reply type carries no route generics; it is a plain reply.
      (frameworkReply as unknown as FastifyReply)
        .status(status)
        .type('application/problem+json')
        .send(problem(status, titleFor(status), status === 414 ? 'Die Adresse ist zu lang.' : 'Invalid input'));
    },
  };
  const app: App = Fastify(fastifyOptions).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // merge-patch+json is JSON for our purposes (RFC 7386 objects with null = "clear").
  app.addContentTypeParser(
    'application/merge-patch+json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'Bad Request', 'Invalid input'), undefined);
      }
    },
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Problem details are sent as they are: a route that declares its own shape for the same status (the account
    // calls' `{ success, message }`) must not turn a body parse error into a serialization failure (500).
    reply.serializer(JSON.stringify);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = zodIssuesToProblem(
        error.validation.map((v) => ({
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
        })),
      );
      return reply.status(body.status).type('application/problem+json').send(body);
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .status(error.statusCode)
        .type('application/problem+json')
        .send(problem(error.statusCode, error.title, error.detail, error.violations));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).type('application/problem+json').send(problem(500, 'Internal Server Error'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply
        .status(429)
        .type('application/problem+json')
        .send(problem(429, 'Too Many Requests', 'Zu viele Anfragen. Bitte später erneut versuchen.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      const detail =
        status === 413
          ? 'Die Anfrage ist zu groß.'
          : status === 415
            ? 'Nicht unterstützter Inhaltstyp.'
            : 'Invalid input';
      return reply
        .status(status)
        .type('application/problem+json')
        .send(problem(status, titleFor(status), detail));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .type('application/problem+json')
        .send(problem(503, 'Service Unavailable', 'Der Dienst ist vorübergehend nicht erreichbar.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).type('application/problem+json').send(problem(500, 'Internal Server Error'));
  });

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteSync: config.pgliteSync }));
  await app.register(dbPlugin, { database, closeOnShutdown: !options.database });
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(schedulerPlugin);
  await app.register(idempotencyPlugin);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => {
        reply
          .status(404)
          .type('application/problem+json')
          .send(problem(404, 'Not Found', `Keine Schnittstelle unter ${request.method} ${redactUrl(request.url)}.`));
      });
      await api.register(healthRoutes);
      await api.register(usersRoutes);
      await api.register(routeActivitiesRoutes);
      await api.register(expiringRoutes);
      await api.register(vehicleActivitiesRoutes);
      await api.register(versionRoutes);
      await api.register(routesRoutes);
      await api.register(toursRoutes);
      await api.register(vehiclesRoutes);
      await api.register(exportRoutes);
      await api.register(cronjobRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin);
  return app;
}

function titleFor(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      405: 'Method Not Allowed',
      406: 'Not Acceptable',
      413: 'Payload Too Large',
      414: 'URI Too Long',
      415: 'Unsupported Media Type',
    }[status] ?? 'Bad Request'
  );
}

const DB_DOWN_CODES = new Set([
  // The socket: refused, reset, timed out, unreachable, name not resolvable (yet).
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: too many connections, shut down / terminated by an administrator, crash, cannot connect now,
  // idle-session timeout, and the connection exceptions of class 08.
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Messages of node-postgres itself (no code). */
const DB_DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable/i;

/** A failure of the database connection, not of the query: answered 503 so that clients retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; routine?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && DB_DOWN_CODES.has(candidate.code)) return true;
    // The server's messages may be translated (lc_messages); the name of the routine that refused is not.
    if (candidate.code === '55000' && candidate.routine === 'CheckMyDatabase') return true;
    if (typeof candidate.message === 'string' && DB_DOWN_MESSAGE.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/** Keeps one-time tokens and the cron key out of logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/users\/mail-verification\/)(?!resend)[^/?]+\/[^/?]+/, '$1[redacted]/[redacted]')
    .replace(/(\/api\/cronjob\/internal\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&]+/, '$1[redacted]');
}
