import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_VERSION, CURRENT_CONSENT } from '@streckenpass/contract/betrieb-consent';
import {
  acceptInvitationSchema,
  betriebItemParamsSchema,
  betriebSchema,
  createdInvitationSchema,
  createInvitationSchema,
  formatInvitationCode,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  INVITATION_PAGE_PREFIX,
  invitationPreviewSchema,
  invitationSchema,
  normaliseInvitationCode,
} from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { defaultRateLimits } from '../../config.js';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { generateToken, hashToken } from '../../lib/one-time-token.js';
import { BETRIEBE_TAGS as tags, consentChanged, OUTSIDERS_UNTOLD as OUTSIDERS, roleGuard } from './route-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What `generateToken` makes: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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

/**
 * A Betrieb's invitations (issue 28, docs/decisions/0046): its admins make, list and revoke them; anyone with the link
 * or the code sees the Betrieb before joining (`GET /api/invitations/{token}`, public and rate-limited like share
 * links, its path in `SECRET_PATHS`) and joins under the shown consent.
 */
const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.invitationsRepository;
  const share = app.config.rateLimits.share ?? defaultRateLimits.share!;
  // Guessing invitation tokens or codes is slowed like opening share links: per client address (the preview is public,
  // so no token is verified there), the accepting call per signed-in user (lib/rate-limit-key.ts).
  const tokenRateLimit = { rateLimit: { max: share.max, timeWindow: share.timeWindow } };

  /** Refuses a caller without one of `roles` before the body is judged (401 → 404/403 → 400/422). */
  const requireRole = roleGuard(app);

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
    async (request) => repo.list(request.params.id, currentUser(request).id),
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
        const invitation = await repo.create(request.params.id, currentUser(request).id, {
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
    async (request) => repo.revoke(request.params.id, currentUser(request).id, request.params.itemId),
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
      const invitation = hash ? await repo.preview(hash) : undefined;
      if (!invitation) throw invitationNotFound();
      const { shared, recorded, notShared, terms, ...consent } = CURRENT_CONSENT;
      return {
        ...invitation,
        consent: {
          ...consent,
          shared: [...shared],
          ...(recorded && { recorded: [...recorded] }),
          notShared: [...notShared],
          terms: [...terms],
        },
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
      const result = hash ? await repo.accept(hash, userId, CONSENT_VERSION) : undefined;
      if (!result) throw invitationNotFound();
      return reply.status(result.joined ? 201 : 200).send(result.betrieb);
    },
  );
};

export default invitationsRoutes;
