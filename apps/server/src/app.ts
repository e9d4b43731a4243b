import type { Server } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
} from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { problem } from './lib/problem.js';
import type { PushTestSeam } from './lib/web-push.js';
import { errorHandler, titleFor } from './http/error-handler.js';
import { addMergePatchParser } from './http/merge-patch.js';
import { redactUrl } from './http/redact-url.js';
import { responseSerializerCompiler } from './http/serializer.js';
import authTokensRepository from './repositories/auth-tokens.repository.js';
import dataVersionsRepository from './repositories/data-versions.repository.js';
import idempotencyKeysRepository from './repositories/idempotency-keys.repository.js';
import settingsRepository from './repositories/settings.repository.js';
import usersRepository from './modules/users/users.repository.js';
import routesRepository from './modules/routes/routes.repository.js';
import stationsPlugin from './modules/stations/stations.plugin.js';
import stationsRepository from './modules/stations/stations.repository.js';
import toursRepository from './modules/tours/tours.repository.js';
import vehiclesRepository from './modules/vehicles/vehicles.repository.js';
import routeActivitiesRepository from './modules/route-activities/route-activities.repository.js';
import vehicleActivitiesRepository from './modules/vehicle-activities/vehicle-activities.repository.js';
import backupRepository from './modules/backup/backup.repository.js';
import shareLinksRepository from './modules/share-links/share-links.repository.js';
import conditionalGetPlugin from './plugins/conditional-get.js';
import { errSerializer } from './lib/log-serializers.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import securityPlugin from './plugins/security.js';
import spaPlugin from './plugins/spa.js';
import mailPlugin from './plugins/mail.js';
import schedulerPlugin from './plugins/scheduler.js';
import pushPlugin from './plugins/push.js';
import notificationsRepository from './modules/notifications/notifications.repository.js';
import notificationsRoutes from './modules/notifications/notifications.routes.js';
import calendarFeedRoutes from './modules/notifications/calendar-feed.routes.js';
import idempotencyPlugin from './plugins/idempotency.js';
import pdfPoolPlugin from './plugins/pdf-pool.js';
import heavyOperationsPlugin from './plugins/heavy-operations.js';
import heavyOperationsRepository from './repositories/heavy-operations.repository.js';
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
import stationsRoutes from './modules/stations/stations.routes.js';
import backupRoutes from './modules/backup/backup.routes.js';
import importRoutes from './modules/import/import.routes.js';
import shareLinksRoutes from './modules/share-links/share-links.routes.js';
import sharedProofRoutes, { isSharePath, sendShareNotFound } from './modules/share-links/shared-proof.routes.js';

export interface BuildOptions {
  /** An already opened database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes instead of stdout (tests read the log lines). */
  logStream?: { write(line: string): void };
  /**
   * Test-only seam of Web Push (docs/decisions/0030): lets tests reach their local push service on 127.0.0.1.
   * server.ts never sets it, and no setting or environment variable does; without it the endpoint rule holds in full.
   */
  pushTest?: PushTestSeam;
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
  interface FastifyContextConfig {
    /** Account and token answers: `Cache-Control: no-store`. */
    noStore?: boolean;
    /** The German answer when the body exceeds the route's `bodyLimit` (uploads name their limit). */
    bodyTooLarge?: string;
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
      // Share links, the calendar feed, mail verification, password reset and the cron key carry their secret in the
      // URL (http/redact-url.ts): blanked out in the request's URL, and once more in every finished line, whatever
      // printed the URL (an error message, a 404, a plugin).
      hooks: { streamWrite: redactUrl },
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
    frameworkErrors: (error, request, frameworkReply) => {
      // The option's reply type carries no route generics; it is a plain reply.
      const reply = frameworkReply as unknown as FastifyReply;
      // A share path answers the uniform 404 of unknown links, whatever its characters.
      if (isSharePath(request.url)) return sendShareNotFound(request, reply);
      const status = error.statusCode === 414 ? 414 : 400;
      reply
        .status(status)
        .type('application/problem+json')
        .send(problem(status, titleFor(status), status === 414 ? 'Die Adresse ist zu lang.' : 'Invalid input'));
    },
  };
  const app: App = Fastify(fastifyOptions).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: !config.production }));
  app.decorate('config', config);

  addMergePatchParser(app, BODY_LIMIT);
  app.setErrorHandler(errorHandler);

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteSync: config.pgliteSync }));
  await app.register(dbPlugin, { database, closeOnShutdown: !options.database });
  await app.register(stationsPlugin);
  for (const repository of [
    settingsRepository,
    authTokensRepository,
    dataVersionsRepository,
    idempotencyKeysRepository,
    usersRepository,
    routesRepository,
    stationsRepository,
    toursRepository,
    vehiclesRepository,
    routeActivitiesRepository,
    vehicleActivitiesRepository,
    notificationsRepository,
    backupRepository,
    shareLinksRepository,
    heavyOperationsRepository,
  ]) {
    await app.register(repository);
  }
  await app.register(securityPlugin);
  // Before every route, so that API answers above 1 KB are compressed too (the SPA's files as well).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(docsPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(pushPlugin, options.pushTest ? { test: options.pushTest } : {});
  await app.register(schedulerPlugin);
  await app.register(idempotencyPlugin);
  await app.register(conditionalGetPlugin);
  await app.register(pdfPoolPlugin);
  await app.register(heavyOperationsPlugin);

  await app.register(
    async (api) => {
      // JSON answers: the static security headers instead of helmet's per-response work.
      api.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), helmet: { skipRoute: true } } as typeof route.config;
      });
      api.addHook('onRequest', async (_request, reply) => {
        reply.headers(app.apiSecurityHeaders);
      });
      // Authentication once for the whole scope; routes declared public (`security: []`) pass.
      api.addHook('onRequest', app.authenticate);
      // Personal data is not kept by shared caches; account and token answers not even by the browser.
      api.addHook('onSend', async (request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) {
          if (request.routeOptions.config.noStore) reply.header('cache-control', 'no-store');
          else if (request.auth) reply.header('cache-control', 'private, no-cache');
        }
        return payload;
      });
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
      await api.register(notificationsRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(stationsRoutes);
      await api.register(backupRoutes);
      await api.register(importRoutes);
      await api.register(shareLinksRoutes);
    },
    { prefix: '/api' },
  );

  // Share links open without an account, outside /api: a server-rendered page and its PDF.
  await app.register(sharedProofRoutes);
  await app.register(spaPlugin);
  return app;
}

export { isDatabaseUnavailable } from './http/error-handler.js';
export { redactUrl } from './http/redact-url.js';
