import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attestationSchema,
  createAttestationSchema,
  updateAttestationSchema,
} from '@streckenpass/contract/attestations';
import { betriebItemParamsSchema } from '@streckenpass/contract/betriebe';
import { idParamsSchema } from '@streckenpass/contract/common';
import { todayIn } from '@streckenpass/contract/knowledge';
import { PROOF_PAGE_PREFIX, proofCodeParamsSchema } from '@streckenpass/contract/proofs';
import { BETRIEB_ATTESTING_ROLES, BETRIEB_MEMBER_READER_ROLES } from '@streckenpass/contract/terms';
import { currentUser } from '../../http/current-user.js';
import { problems } from '../../http/problems.js';
import { notFound } from '../../lib/errors.js';
import { normaliseCode } from '../../lib/proof-signature.js';
import { OUTSIDERS, roleGuard } from './route-helpers.js';

const tags = ['Betriebe'];
const ownTags = ['Bescheinigungen'];
const ATTESTERS = `Nur Admins und Prüfer/innen des Betriebs (Disponenten, Triebfahrzeugführer/innen: 403). ${OUTSIDERS}`;
const NEVER_ALTERED =
  'Eine Bescheinigung ist eine signierte Erklärung des Betriebs über die Fahrerin/den Fahrer, keine Änderung ihrer/' +
  `seiner Eintragungen: ausgestellt wie ein Nachweis (Prüfseite ${PROOF_PAGE_PREFIX}/{code}), nie geändert, nur ` +
  'vom ausstellenden Betrieb widerrufbar; sie bleibt bei der Fahrerin/dem Fahrer, auch nach dem Austritt.';

/** A code in the path: the bare stored code, or 404 like an unknown one. */
const codeOf = (raw: string) => {
  const code = normaliseCode(raw);
  if (!code) throw notFound('Bescheinigung nicht gefunden.');
  return code;
};

/**
 * The Betrieb's attestations (issue 41 item 5, decision 0064): issued by its admins and examiners for a current
 * driver, listed for its staff and examiners, withdrawn by those who may issue; the driver's own list and the switch
 * that hides one from later Betriebe. The caller's role is checked before the body is judged (401 → 404/403 → 400/422).
 */
const attestationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireRole = roleGuard(app);
  const repo = app.attestationsRepository;

  app.post(
    '/betriebe/:id/members/:itemId/attestations',
    {
      schema: {
        tags,
        summary: 'Bescheinigung ausstellen: Erstausbildung bestätigt oder Überprüfung bestanden (Admins, Prüfer/innen)',
        description:
          `${NEVER_ALTERED} itemId ist die Id der Mitgliedschaft einer Triebfahrzeugführerin/eines ` +
          'Triebfahrzeugführers des Betriebs (sonst 404). Datum nicht in der Zukunft, Anforderungen nur des Betriebs ' +
          '(sonst 422); mindestens eine Anforderung oder Strecke. Ohne examinerName steht der Name des ausstellenden ' +
          `Mitglieds darin. ${ATTESTERS}`,
        params: betriebItemParamsSchema,
        body: createAttestationSchema,
        response: { 201: attestationSchema, ...problems(400, 401, 403, 404, 422) },
      },
      preValidation: requireRole(...BETRIEB_ATTESTING_ROLES),
    },
    async (request, reply) => {
      const created = await app.attestationsService.create(
        request.params.id,
        currentUser(request).id,
        request.params.itemId,
        request.body,
        todayIn(app.config.timezone),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/betriebe/:id/attestations',
    {
      schema: {
        tags,
        summary:
          'Bescheinigungen des Betriebs und die mitgebrachten seiner Fahrer/innen (Admins, Disponenten, Prüfer/innen)',
        description:
          'Was der Betrieb ausgestellt hat (auch für Ausgetretene, solange er besteht) und, für seine heutigen ' +
          'Triebfahrzeugführer/innen, was sie von früheren Betrieben mitbringen, sofern sie es nicht verborgen haben; ' +
          `jede mit Zustand (gültig, widerrufen). Neueste Überprüfung zuerst. Triebfahrzeugführer/innen: 403. ${OUTSIDERS}`,
        params: idParamsSchema,
        response: { 200: z.array(attestationSchema), ...problems(401, 403, 404) },
      },
      config: { noStore: true },
      preValidation: requireRole(...BETRIEB_MEMBER_READER_ROLES),
    },
    async (request) => repo.listForBetrieb(request.params.id, currentUser(request).id),
  );

  app.post(
    '/betriebe/:id/attestations/:code/withdraw',
    {
      schema: {
        tags,
        summary: 'Bescheinigung widerrufen: die Prüfseite zeigt ab sofort „widerrufen“ (Admins, Prüfer/innen)',
        description:
          'Nur eine Bescheinigung, die dieser Betrieb ausgestellt hat (sonst 404); zweimal widerrufen ändert nichts. ' +
          `Der Widerruf steht im Verlauf der Fahrerin/des Fahrers. ${ATTESTERS}`,
        params: idParamsSchema.extend(proofCodeParamsSchema.shape),
        response: { 200: attestationSchema, ...problems(400, 401, 403, 404) },
      },
      preValidation: requireRole(...BETRIEB_ATTESTING_ROLES),
    },
    async (request) => repo.withdraw(request.params.id, currentUser(request).id, codeOf(request.params.code)),
  );

  app.get(
    '/attestations',
    {
      schema: {
        tags: ownTags,
        summary: 'Eigene Bescheinigungen aller Betriebe, neueste Überprüfung zuerst',
        description: `${NEVER_ALTERED} Jede mit Zustand und ob sie vor späteren Betrieben verborgen ist.`,
        response: { 200: z.array(attestationSchema), ...problems(401) },
      },
      config: { noStore: true },
    },
    async (request) => repo.listOwn(currentUser(request).id),
  );

  app.patch(
    '/attestations/:code',
    {
      schema: {
        tags: ownTags,
        summary: 'Eigene Bescheinigung vor späteren Betrieben verbergen oder wieder zeigen',
        description:
          'Nimmt application/merge-patch+json und application/json. Verborgen sehen sie nur andere Betriebe nicht; ' +
          'der ausstellende Betrieb sieht sie weiter, und die Prüfseite prüft sie weiter. Ändern lässt sie sich nicht. ' +
          'Eine fremde oder unbekannte: 404.',
        params: proofCodeParamsSchema,
        body: updateAttestationSchema,
        response: { 200: attestationSchema, ...problems(400, 401, 404) },
      },
    },
    async (request) => repo.setHidden(currentUser(request).id, codeOf(request.params.code), request.body.hidden),
  );
};

export default attestationsRoutes;
