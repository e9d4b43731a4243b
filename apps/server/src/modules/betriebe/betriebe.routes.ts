import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_VERSION } from '@streckenpass/contract/betrieb-consent';
import {
  betriebItemParamsSchema,
  betriebSchema,
  coverageAlertSchema,
  createBetriebSchema,
  MEMBERSHIP_CHANGES_DAYS,
  MEMBERSHIP_CHANGES_MAX,
  membershipChangeSchema,
  memberSchema,
  updateBetriebSchema,
  updateMemberSchema,
} from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { COVERAGE_WINDOW_DAYS } from '@streckenpass/contract/matrix';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import {
  consentChanged,
  deleteItemRoute,
  listRoute,
  OUTSIDERS_UNTOLD as OUTSIDERS,
  roleGuard,
} from './route-helpers.js';
import { betriebNotFound } from './betriebe.repository.js';

const tags = ['Betriebe'];
const MERGE_PATCH_NOTE = 'Nimmt application/merge-patch+json und application/json; nur genannte Felder ändern sich.';

/**
 * Betriebe and their members (issue 28, docs/decisions/0046; the invitations: invitations.routes.ts). The roles here are the membership's
 * (admin, disponent, driver), checked by the repository against the caller's membership for every call; the account's
 * `roles` play no part. The Betrieb never writes to a member's records: nothing here touches them.
 */
const betriebeRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.betriebeRepository;
  /** Refuses a caller without one of `roles` before the body is judged (401 → 404/403 → 400/422). */
  const requireRole = roleGuard(app);

  const betriebOf = async (betriebId: number, userId: number) => {
    const betrieb = await repo.findForMember(betriebId, userId);
    if (!betrieb) throw betriebNotFound();
    return betrieb;
  };

  app.get(
    '/betriebe',
    {
      schema: {
        tags,
        summary: 'Meine Betriebe, mit meiner Rolle in jedem',
        response: { 200: z.array(betriebSchema), ...problems(401) },
      },
    },
    async (request) => repo.listMine(currentUser(request).id),
  );

  app.post(
    '/betriebe',
    {
      schema: {
        tags,
        summary: 'Betrieb gründen: Sie werden sein erster Admin',
        description:
          'Nur mit bestätigter E-Mail-Adresse (sonst 403). Auch die Gründerin oder der Gründer stimmt der Einwilligung ' +
          `zu (\`consentVersion\`, aktuell ${CONSENT_VERSION}; eine ältere Fassung ergibt 409). Der Name muss nicht ` +
          'eindeutig sein: Wer einen Betrieb gründet, erfährt nichts über andere.',
        body: createBetriebSchema,
        response: { 201: betriebSchema, ...problems(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const account = await app.usersRepository.findById(user.id);
      if (!account) throw unauthorized();
      if (!account.mailVerified) throw forbidden('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
      if (request.body.consentVersion !== CONSENT_VERSION) throw consentChanged();
      const betrieb = await repo.create(user.id, request.body, CONSENT_VERSION);
      return reply.status(201).send(betrieb);
    },
  );

  app.get(
    '/betriebe/:id',
    {
      schema: {
        tags,
        summary: 'Ein Betrieb: Name, Depots, meine Rolle (nur für Mitglieder)',
        description: OUTSIDERS,
        params: idParamsSchema,
        response: { 200: betriebSchema, ...problems(401, 404) },
      },
    },
    async (request) => betriebOf(request.params.id, currentUser(request).id),
  );

  app.patch(
    '/betriebe/:id',
    {
      schema: {
        tags,
        summary: 'Betrieb umbenennen oder seine Depots ändern (Admins)',
        description: `${MERGE_PATCH_NOTE} ${OUTSIDERS} Mitglieder ohne Admin-Rolle: 403.`,
        params: idParamsSchema,
        body: updateBetriebSchema,
        response: { 200: betriebSchema, ...problems(400, 401, 403, 404, 422) },
      },
      preValidation: requireRole('admin'),
    },
    async (request) => repo.update(request.params.id, currentUser(request).id, request.body),
  );

  app.get(
    '/betriebe/:id/members',
    {
      schema: {
        tags,
        summary: 'Mitglieder eines Betriebs: Name, Rolle, Depot (Admins, Disponenten und Prüfer/innen)',
        description:
          `Ohne E-Mail-Adressen (Entscheidung 0046). ${OUTSIDERS} Triebfahrzeugführer/innen sehen keine anderen ` +
          'Mitglieder: 403.',
        params: idParamsSchema,
        response: { 200: z.array(memberSchema), ...problems(401, 403, 404) },
      },
    },
    async (request) => app.membersRepository.list(request.params.id, currentUser(request).id),
  );

  listRoute(
    app,
    '/betriebe/:id/changes',
    {
      summary: 'Letzte Änderungen: wer beigetreten, ausgetreten oder entfernt ist (Admins und Disponenten)',
      description:
        `Die letzten ${MEMBERSHIP_CHANGES_DAYS} Tage, neueste zuerst, höchstens ${MEMBERSHIP_CHANGES_MAX}: Name, ` +
        'was geschah, wann. Ohne E-Mail-Adressen; wer sein Konto gelöscht hat, fehlt. `membershipId` führt zur Seite ' +
        `der Fahrerin/des Fahrers, solange sie/er Triebfahrzeugführer/in des Betriebs ist. ${OUTSIDERS} ` +
        'Triebfahrzeugführer/innen: 403.',
      item: membershipChangeSchema,
      roles: ['admin', 'disponent'],
    },
    (betriebId, userId) => app.membershipChangesRepository.list(betriebId, userId),
  );

  app.patch(
    '/betriebe/:id/members/:itemId',
    {
      schema: {
        tags,
        summary: 'Rolle oder Depot eines Mitglieds ändern (Admins)',
        description:
          `${MERGE_PATCH_NOTE} Der letzte Admin kann die Rolle nicht abgeben (409). ${OUTSIDERS} ` +
          'Mitglieder ohne Admin-Rolle: 403; unbekanntes Mitglied: 404; ein Depot eines anderen Betriebs: 422.',
        params: betriebItemParamsSchema,
        body: updateMemberSchema,
        response: { 200: memberSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
      preValidation: requireRole('admin'),
    },
    async (request) =>
      app.membersRepository.update(request.params.id, currentUser(request).id, request.params.itemId, request.body),
  );

  deleteItemRoute(
    app,
    '/betriebe/:id/members/:itemId',
    {
      summary: 'Mitglied aus dem Betrieb entfernen (Admins): sein Zugriff endet sofort',
      description: `Der letzte Admin kann sich nicht entfernen, solange es andere Mitglieder gibt (409). ${OUTSIDERS}`,
      statuses: [409],
    },
    (betriebId, userId, itemId) => app.membersRepository.remove(betriebId, userId, itemId),
  );

  app.delete(
    '/betriebe/:id/membership',
    {
      schema: {
        tags,
        summary: 'Betrieb verlassen: der Zugriff des Betriebs auf Ihre Daten endet sofort',
        description:
          'Jederzeit möglich. Der letzte Admin kann nur als letztes Mitglied gehen (sonst 409); dann wird der ' +
          `Betrieb gelöscht. ${OUTSIDERS}`,
        params: idParamsSchema,
        response: { 204: z.null(), ...problems(401, 404, 409) },
      },
    },
    async (request, reply) => {
      await repo.leave(request.params.id, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/betriebe/:id/membership/coverage-alert',
    {
      schema: {
        tags,
        summary: 'Wöchentlichen Hinweis zur Abdeckung bestellen oder abbestellen (Admins und Disponenten)',
        description:
          'Für die eigene Mitgliedschaft. Montags kommt dann eine Mail mit den Anforderungen, für die weniger als ' +
          `\`minDrivers\` Triebfahrzeugführer/innen über die nächsten ${COVERAGE_WINDOW_DAYS} Tage hinaus ` +
          'streckenkundig sind, und mit den Fahrer/innen, deren Streckenkunde einer Anforderung in dieser Zeit endet; ' +
          'ist beides leer, kommt keine Mail. `minDrivers: null` bestellt ab. Nur an eine bestätigte E-Mail-Adresse. ' +
          `${OUTSIDERS} Triebfahrzeugführer/innen: 403.`,
        params: idParamsSchema,
        body: coverageAlertSchema,
        response: { 200: betriebSchema, ...problems(400, 401, 403, 404, 422) },
      },
      preValidation: requireRole('admin', 'disponent'),
    },
    async (request) => repo.setCoverageAlert(request.params.id, currentUser(request).id, request.body.minDrivers),
  );
};

export default betriebeRoutes;
