import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedSchema } from '@streckenpass/contract/notifications';
import { problems } from '../../http/problems.js';
import { notFound } from '../../lib/errors.js';
import { generateToken, hashToken } from '../../lib/one-time-token.js';
import { currentUser } from '../../http/current-user.js';
import { buildFeed, feedHash } from './calendar-feed.service.js';

const tags = ['Erinnerungen'];
/** Requests per client address and minute to the public feed: calendar apps poll hourly at most. */
const FEED_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * The personal calendar feed (docs/decisions/0022): created (or replaced) and revoked by its owner; read by a
 * calendar app through a secret URL, of which only the hash is stored.
 */
const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.notificationsRepository;

  app.post(
    '/calendar_feed',
    {
      schema: {
        tags,
        summary: 'Kalender-Abo anlegen oder neu erzeugen',
        description:
          'Erzeugt eine neue geheime Adresse (die bisherige hört sofort auf zu funktionieren). Die Adresse wird ' +
          'nur in dieser Antwort gezeigt; gespeichert wird nur ihr Hash.',
        response: { 201: calendarFeedSchema, ...problems(401) },
      },
      config: { noStore: true },
    },
    async (request, reply) => {
      const { token, hash } = generateToken();
      await repo.setFeedToken(currentUser(request).id, hash);
      const url = `${app.config.publicUrl}/api/calendar/${token}.ics`;
      return reply.status(201).send({ url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') });
    },
  );

  app.delete(
    '/calendar_feed',
    {
      schema: {
        tags,
        summary: 'Kalender-Abo widerrufen',
        response: { 204: z.null(), ...problems(401, 404) },
      },
    },
    async (request, reply) => {
      if (!(await repo.revokeFeed(currentUser(request).id))) throw notFound('Es gibt kein Kalender-Abo.');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags,
        summary: 'Kalender-Abo (iCalendar) über die geheime Adresse',
        description:
          'Öffentlich, authentisiert durch das Token in der Adresse. Ein ganztägiger Termin je Strecke am letzten ' +
          'gültigen Tag, mit Erinnerungen (VALARM) zu den gewählten Zeitpunkten. ETag/Last-Modified; 304 bei ' +
          'unverändertem Inhalt. Unbekanntes oder widerrufenes Token: 404.',
        security: [],
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string(), 304: z.null(), 404: problems(404)[404], 429: problems(429)[429] },
      },
      config: { rateLimit: FEED_RATE_LIMIT },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const owner = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findFeedOwner(hashToken(token)) : undefined;
      if (!owner) throw notFound('Dieses Kalender-Abo gibt es nicht (mehr).');
      const body = buildFeed({
        entries: await repo.listFeedEntries(owner.userId),
        thresholds: owner.thresholds,
        timezone: app.config.timezone,
        publicUrl: app.config.publicUrl,
      });
      const hash = feedHash(body);
      const changedAt =
        hash === owner.contentHash ? owner.contentChangedAt : await repo.recordFeedContent(owner.userId, hash);
      const etag = `"${hash}"`;
      reply
        .header('etag', etag)
        .header('last-modified', changedAt.toUTCString())
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex');
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      const notModified = ifNoneMatch
        ? ifNoneMatch.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(changedAt.getTime() / 1000) * 1000;
      if (notModified) return reply.status(304).send(null);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="streckenpass.ics"')
        .send(body);
    },
  );
};

export default calendarFeedRoutes;
