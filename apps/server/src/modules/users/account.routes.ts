import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, problemSchema, successMessageSchema } from '@streckenpass/contract/common';
import {
  changePasswordSchema,
  deleteAccountSchema,
  ROLE_ADMIN,
  updatePreferencesSchema,
  userSchema,
} from '@streckenpass/contract/users';
import { isStorableId } from '../../db/owned.js';
import { currentUser } from '../../http/current-user.js';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { firstMessage, refuseAccountInput, withRevocation } from './account-answers.js';
import { toUser } from './users.repository.js';
import { accountServiceFor } from './users.service.js';

/** Calls that check the current password: `{ success, message }` also for a wrong password (400) and bad input (422). */
const passwordCheckedAnswers = {
  200: successMessageSchema,
  400: successMessageSchema,
  401: problemSchema,
  422: successMessageSchema,
};

/**
 * The signed-in account: who it is, its settings, a new password, its deletion, and one account by id (the own one;
 * administrators any). Signing in and the ways into an account are in authentication.routes.ts.
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.usersRepository;
  const accounts = accountServiceFor(app);
  const limits = app.config.rateLimits;
  const tags = ['Konto'];

  app.get(
    '/users/current',
    {
      schema: { tags, summary: 'Das angemeldete Konto', response: { 200: userSchema, 401: problemSchema } },
      config: { noStore: true },
    },
    async (request) => {
      const user = await repo.findById(currentUser(request).id);
      if (!user) throw unauthorized();
      return toUser(user);
    },
  );

  app.post(
    '/users/change-password',
    {
      schema: {
        tags,
        summary: 'Passwort ändern; andere Sitzungen werden abgemeldet',
        description:
          'Mit `revoke_shared_access: true` werden in derselben Transaktion auch alle Freigabe-Links widerrufen und ' +
          'das Kalender-Abo gelöscht, etwa nach einem fremden Zugriff (docs/decisions/0033); ohne bleiben sie gültig. ' +
          'Falsches aktuelles Passwort: 400, dann ändert sich nichts.',
        body: changePasswordSchema,
        response: passwordCheckedAnswers,
      },
      attachValidation: true,
      config: { rateLimit: limits.login, noStore: true },
    },
    async (request, reply) => {
      const refusal = await refuseAccountInput(
        request,
        () => request.body.new_password,
        'Das neue Passwort ist ungültig.',
      );
      if (refusal) return reply.status(422).send(refusal);
      const me = currentUser(request);
      const revoke = request.body.revoke_shared_access;
      const ok = await accounts.changePassword(
        me.id,
        me.jti,
        request.body.current_password,
        request.body.new_password,
        { revokeSharedAccess: revoke },
      );
      if (!ok) return reply.status(400).send({ success: false, message: 'Das aktuelle Passwort ist falsch.' });
      return { success: true, message: withRevocation('Passwort erfolgreich geändert.', revoke) };
    },
  );

  app.post(
    '/users/delete-account',
    {
      schema: {
        tags,
        summary: 'Konto mit allen Daten löschen (Art. 17 DSGVO)',
        description:
          'Mit dem Passwort und der Bestätigung „KONTO LÖSCHEN“: löscht jede Zeile des Kontos in jeder Tabelle ' +
          '(Strecken, Touren, Fahrzeuge, Fahrten, Tokens, Freigabe-Links, Berichtsprotokoll …), beendet alle Sitzungen ' +
          'und schickt eine Bestätigung per E-Mail. Falsches Passwort: 400 `{ success: false, message }`.',
        body: deleteAccountSchema,
        response: passwordCheckedAnswers,
      },
      attachValidation: true,
      config: { rateLimit: limits.login, noStore: true },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.status(422).send({
          success: false,
          message: firstMessage(request.validationError as never, 'Die Angaben sind ungültig.'),
        });
      }
      const me = currentUser(request);
      const ok = await accounts.deleteAccount(me.id, request.body.password);
      if (!ok) return reply.status(400).send({ success: false, message: 'Das Passwort ist falsch.' });
      return { success: true, message: 'Ihr Konto und alle Ihre Daten wurden gelöscht.' };
    },
  );

  app.post(
    '/users/update-preferences',
    {
      schema: {
        tags,
        summary: 'Einstellungen für Wochenberichte speichern',
        body: updatePreferencesSchema,
        response: { 200: successMessageSchema, 401: problemSchema },
      },
    },
    async (request) => {
      await repo.updatePreferences(currentUser(request).id, {
        receiveWeeklyReports: request.body.receive_weekly_reports,
        bccMailWeeklyReports: request.body.bcc_mail_weekly_reports,
      });
      return { success: true, message: 'Einstellungen erfolgreich gespeichert.' };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Ein Konto (das eigene; Administratoren jedes)',
        params: idParamsSchema,
        response: { 200: userSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
      config: { noStore: true },
    },
    async (request) => {
      const me = currentUser(request);
      // An id beyond the serial range names nobody; PostgreSQL would fail the comparison (500).
      if (!isStorableId(request.params.id)) throw notFound('Benutzer nicht gefunden.');
      const user = await repo.findById(request.params.id);
      if (!user) throw notFound('Benutzer nicht gefunden.');
      if (user.id !== me.id && !me.roles.includes(ROLE_ADMIN)) throw forbidden();
      return toUser(user);
    },
  );
};

export default accountRoutes;
