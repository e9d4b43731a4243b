import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_VERSION, CURRENT_CONSENT } from '@streckenpass/contract/betrieb-consent';
import {
  acceptInvitationSchema,
  betriebItemParamsSchema,
  betriebSchema,
  coverageAlertSchema,
  createBetriebSchema,
  createdInvitationSchema,
  createInvitationSchema,
  formatInvitationCode,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  INVITATION_PAGE_PREFIX,
  invitationPreviewSchema,
  invitationSchema,
  memberSchema,
  normaliseInvitationCode,
  updateBetriebSchema,
  updateMemberSchema,
} from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { COVERAGE_WINDOW_DAYS } from '@streckenpass/contract/matrix';
import { defaultRateLimits } from '../../config.js';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/errors.js';
import { generateToken, hashToken } from '../../lib/one-time-token.js';
import { deleteItemRoute, roleGuard } from './route-helpers.js';
import { betriebNotFound } from './betriebe.repository.js';

const tags = ['Betriebe'];
const DAY_MS = 24 * 60 * 60 * 1000;
/** What `generateToken` makes: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MERGE_PATCH_NOTE = 'Nimmt application/merge-patch+json und application/json; nur genannte Felder ändern sich.';
const OUTSIDERS =
  'Wer nicht Mitglied ist (auch wer ausgetreten ist), bekommt 404 wie für einen unbekannten Betrieb: Außenstehende ' +
  'erfahren nicht, dass es ihn gibt.';

/** The hash an invitation is stored under for what a path names: the link's token or a typed code; else none. */
function invitationHash(segment: string): string | undefined {
  if (TOKEN.test(segment)) return hashToken(segment);
  const code = normaliseInvitationCode(segment);
  return code ? hashToken(code) : undefined;
}

/** A code to type: `INVITATION_CODE_LENGTH` characters of the unambiguous alphabet (about 49.5 random bits). */
function generateCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++)
    code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  return code;
}

const invitationNotFound = () => notFound('Diese Einladung gibt es nicht oder nicht mehr.');

const consentChanged = () =>
  new HttpError(
    409,
    'Conflict',
    'Der Text der Einwilligung hat sich geändert. Bitte lesen Sie ihn erneut und stimmen Sie dann zu.',
  );

/**
 * Betriebe, their members and invitations (issue 28, docs/decisions/0046). The roles here are the membership's
 * (admin, disponent, driver), checked by the repository against the caller's membership for every call; the account's
 * `roles` play no part. The Betrieb never writes to a member's records: nothing here touches them.
 */
const betriebeRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.betriebeRepository;
  const share = app.config.rateLimits.share ?? defaultRateLimits.share!;
  // Guessing invitation tokens or codes is slowed like opening share links: per client address (the preview is public,
  // so no token is verified there), the accepting call per signed-in user (lib/rate-limit-key.ts).
  const tokenRateLimit = { rateLimit: { max: share.max, timeWindow: share.timeWindow } };

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
        summary: 'Mitglieder eines Betriebs: Name, Rolle, Depot (Admins und Disponenten)',
        description:
          `Ohne E-Mail-Adressen (Entscheidung 0046). ${OUTSIDERS} Triebfahrzeugführer/innen sehen keine anderen ` +
          'Mitglieder: 403.',
        params: idParamsSchema,
        response: { 200: z.array(memberSchema), ...problems(401, 403, 404) },
      },
    },
    async (request) => repo.listMembers(request.params.id, currentUser(request).id),
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
      repo.updateMember(request.params.id, currentUser(request).id, request.params.itemId, request.body),
  );

  deleteItemRoute(
    app,
    '/betriebe/:id/members/:itemId',
    {
      summary: 'Mitglied aus dem Betrieb entfernen (Admins): sein Zugriff endet sofort',
      description: `Der letzte Admin kann sich nicht entfernen, solange es andere Mitglieder gibt (409). ${OUTSIDERS}`,
      statuses: [409],
    },
    (betriebId, userId, itemId) => repo.removeMember(betriebId, userId, itemId),
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

  app.get(
    '/betriebe/:id/invitations',
    {
      schema: {
        tags,
        summary: 'Einladungen des Betriebs, neueste zuerst (Admins)',
        description: `Ohne Link und Code: beide werden nur beim Anlegen gezeigt. ${OUTSIDERS}`,
        params: idParamsSchema,
        response: { 200: z.array(invitationSchema), ...problems(401, 403, 404) },
      },
    },
    async (request) => repo.listInvitations(request.params.id, currentUser(request).id),
  );

  app.post(
    '/betriebe/:id/invitations',
    {
      schema: {
        tags,
        summary: 'Einladung anlegen (Admins): ein Link und ein Code zum Eintippen',
        description:
          `Die Antwort enthält die Adresse (${INVITATION_PAGE_PREFIX}/{token}) und den Code – nur dieses eine Mal; ` +
          'gespeichert werden nur ihre SHA-256-Hashes. Eine Einladung als Triebfahrzeugführer/in gilt für beliebig ' +
          'viele bis zum Ablauf oder Widerruf, eine als Admin oder Disponent/in für eine Person. ' +
          OUTSIDERS,
        params: idParamsSchema,
        body: createInvitationSchema,
        response: { 201: createdInvitationSchema, ...problems(400, 401, 403, 404, 422) },
      },
      config: { noStore: true },
      preValidation: requireRole('admin'),
    },
    async (request, reply) => {
      const { role, expiresInDays } = request.body;
      const expiresAt = new Date(Date.now() + expiresInDays * DAY_MS);
      const { token, hash: tokenHash } = generateToken();
      // Two random codes may meet (1 in 31^10 per pair): draw again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = generateCode();
        const invitation = await repo.createInvitation(request.params.id, currentUser(request).id, {
          role,
          expiresAt,
          tokenHash,
          codeHash: hashToken(code),
        });
        if (invitation) {
          return reply.status(201).send({
            ...invitation,
            url: `${app.config.publicUrl}${INVITATION_PAGE_PREFIX}/${token}`,
            code: formatInvitationCode(code),
          });
        }
      }
      throw new HttpError(503, 'Service Unavailable', 'Bitte versuchen Sie es noch einmal.');
    },
  );

  app.delete(
    '/betriebe/:id/invitations/:itemId',
    {
      schema: {
        tags,
        summary: 'Einladung widerrufen (Admins): Link und Code öffnen ab sofort nicht mehr',
        description: OUTSIDERS,
        params: betriebItemParamsSchema,
        response: { 200: invitationSchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => repo.revokeInvitation(request.params.id, currentUser(request).id, request.params.itemId),
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'Einladung ansehen (ohne Anmeldung): Betrieb, Rolle und die Einwilligung',
        description:
          'Öffentlich; das Token des Links oder der Code ist der Schlüssel. Unbekannte, abgelaufene, widerrufene, schon ' +
          'benutzte (Admin, Disponent/in) und unlesbare Einladungen: dasselbe 404. Begrenzt auf 60 Aufrufe je Minute.',
        security: [],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: invitationPreviewSchema, ...problems(404, 429) },
      },
      config: { noStore: true, ...tokenRateLimit },
    },
    async (request) => {
      const hash = invitationHash(request.params.token);
      const invitation = hash ? await repo.previewInvitation(hash) : undefined;
      if (!invitation) throw invitationNotFound();
      const { shared, notShared, terms } = CURRENT_CONSENT;
      return {
        ...invitation,
        consent: { ...CURRENT_CONSENT, shared: [...shared], notShared: [...notShared], terms: [...terms] },
      };
    },
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Einladung annehmen: der Einwilligung zustimmen und beitreten',
        description:
          `\`consentVersion\` ist die Fassung, die gezeigt wurde (aktuell ${CONSENT_VERSION}; eine andere ergibt 409); ` +
          'sie wird mit der Mitgliedschaft gespeichert. 201 beim Beitritt; wer schon Mitglied ist, bekommt 200 und ' +
          'behält seine Rolle. Für die Einladung gilt dasselbe 404 wie beim Ansehen.',
        params: z.object({ token: z.string().max(200) }),
        body: acceptInvitationSchema,
        response: { 200: betriebSchema, 201: betriebSchema, ...problems(400, 401, 404, 409, 422, 429) },
      },
      config: tokenRateLimit,
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      if (request.body.consentVersion !== CONSENT_VERSION) throw consentChanged();
      const hash = invitationHash(request.params.token);
      const result = hash ? await repo.acceptInvitation(hash, userId, CONSENT_VERSION) : undefined;
      if (!result) throw invitationNotFound();
      return reply.status(result.joined ? 201 : 200).send(result.betrieb);
    },
  );
};

export default betriebeRoutes;
