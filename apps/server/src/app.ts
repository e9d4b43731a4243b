import type { Server } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
} from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import type { PushTestSeam } from './lib/web-push.js';
import apiScope from './http/api-scope.js';
import { errorHandler } from './http/error-handler.js';
import { frameworkErrors } from './http/framework-errors.js';
import { addJsonBodyParsers } from './http/json-body.js';
import { loggerOptions, type LoggerOptions } from './http/logger.js';
import { responseSerializerCompiler } from './http/serializer.js';
import { trustProxy } from './http/trust-proxy.js';
import type { AppModule } from './modules/app-module.js';
import { assemble } from './modules/registry.js';
import authPlugin from './plugins/auth.js';
import conditionalGetPlugin from './plugins/conditional-get.js';
import dbPlugin from './plugins/db.js';
import dbDumpSocketPlugin from './plugins/db-dump-socket.js';
import docsPlugin from './plugins/docs.js';
import heavyOperationsPlugin from './plugins/heavy-operations.js';
import idempotencyPlugin from './plugins/idempotency.js';
import mailPlugin from './plugins/mail.js';
import metricsPlugin from './plugins/metrics.js';
import pdfPoolPlugin from './plugins/pdf-pool.js';
import pushPlugin from './plugins/push.js';
import schedulerPlugin from './plugins/scheduler.js';
import securityPlugin from './plugins/security.js';
import spaPlugin from './plugins/spa.js';

export interface BuildOptions extends LoggerOptions {
  /** An already opened database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /**
   * Test-only seam of Web Push (docs/decisions/0030): lets tests reach their local push service on 127.0.0.1.
   * server.ts never sets it, and no setting or environment variable does; without it the endpoint rule holds in full.
   */
  pushTest?: PushTestSeam;
  /** Modules beyond the app's folders (a test's throwaway record kind, modules/record-kind.test.ts). */
  modules?: readonly AppModule[];
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

/**
 * The app as plugins in order: the database and the repositories, the cross-cutting plugins, the `/api` scope with
 * its policy and the feature modules (modules/registry.ts), then the pages outside it and the SPA.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const { repositories, apiRoutes, pageRoutes, frameworkErrorClaims } = assemble(options.modules);
  const app: App = Fastify({
    logger: loggerOptions(config, options),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrors(frameworkErrorClaims),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: !config.production }));
  app.decorate('config', config);

  addJsonBodyParsers(app);
  app.setErrorHandler(errorHandler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pgliteSync: config.pgliteSync,
      pgliteThread: config.pgliteThread,
    }));
  await app.register(dbPlugin, { database, closeOnShutdown: !options.database });
  // Before every route, so that its hook measures them all.
  await app.register(metricsPlugin);
  await app.register(dbDumpSocketPlugin);
  for (const repository of repositories) await app.register(repository);
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
      await api.register(apiScope);
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );

  // Share links open without an account, outside /api: a server-rendered page and its PDF.
  for (const routes of pageRoutes) await app.register(routes);
  await app.register(spaPlugin);
  return app;
}

export { isDatabaseUnavailable } from './http/error-handler.js';
export { redactUrl } from './http/redact-url.js';
