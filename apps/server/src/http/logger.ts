import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';
import { errSerializer } from '../lib/log-serializers.js';
import { redactUrl } from './redact-url.js';

export interface LoggerOptions {
  /** A logger of the caller's (tests pass `false` or their own); replaces everything below. */
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes instead of stdout (tests read the log lines). */
  logStream?: { write(line: string): void };
}

/**
 * The app's pino options: credentials and bodies never logged, and the secrets some URLs carry redacted from every
 * line. Pretty, coloured lines outside production unless a stream is given.
 */
export function loggerOptions(config: AppConfig, options: LoggerOptions = {}): FastifyServerOptions['logger'] {
  return (
    options.logger ?? {
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
    }
  );
}
