import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema, problemSchema, successMessageSchema, text } from '@streckenpass/contract/common';
import {
  authErrorSchema,
  forgotPasswordSchema,
  loginSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordSchema,
  successSchema,
  tokenResponseSchema,
} from '@streckenpass/contract/users';
import { currentUser } from '../../http/current-user.js';
import { unauthorized } from '../../lib/errors.js';
import { accountThrottleFor, ThrottleRefusal } from '../../plugins/login-throttle.js';
import { refuseAccountInput, withRevocation } from './account-answers.js';
import { accountServiceFor } from './users.service.js';

export const FORGOT_PASSWORD_MESSAGE =
  'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet.';

/**
 * Signing in and out and the ways into an account: login, registration, mail verification, forgotten and reset
 * password. The account itself (its data, settings, password change, deletion) is in account.routes.ts.
 */
const authenticationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.usersRepository;
  const accounts = accountServiceFor(app);
  const limits = app.config.rateLimits;
  const tags = ['Konto'];
  // Login failures per account and per address; mails per target address (plugins/login-throttle.ts).
  const throttle = accountThrottleFor(app);

  app.post(
    '/login_check',
    {
      schema: {
        tags,
        summary: 'Anmelden: liefert ein JWT',
        security: [],
        body: loginSchema,
        response: { 200: tokenResponseSchema, 401: authErrorSchema, 429: problemSchema, 503: problemSchema },
      },
      config: { noStore: true },
    },
    async (request, reply) => {
      const attempt = await throttle.beginLogin(request.body.username, request.ip);
      if (attempt instanceof ThrottleRefusal) return attempt.send(reply);
      const user = await accounts.checkCredentials(request.body.username, request.body.password);
      if (!user) return reply.status(401).send({ code: 401, message: 'Invalid credentials.' });
      await attempt.succeeded();
      // Expired rows are pruned on login so the token table stays small without a separate job.
      await app.authTokens.purgeExpired();
      return { token: await app.issueToken(user) };
    },
  );

  app.post(
    '/users/register',
    {
      schema: {
        tags,
        summary: 'Registrieren: legt das Konto an und meldet an',
        security: [],
        body: registerSchema,
        response: {
          201: registerResponseSchema,
          409: registerResponseSchema,
          422: registerResponseSchema,
          429: problemSchema,
          503: problemSchema,
        },
      },
      attachValidation: true,
      config: { rateLimit: limits.register, noStore: true },
    },
    async (request, reply) => {
      const refusal = await refuseAccountInput(request, () => request.body.password, 'Die Angaben sind ungültig.');
      if (refusal) return reply.status(422).send(refusal);
      const limited = await throttle.hitTarget('register', request.body.email);
      if (limited) return limited.send(reply);
      const user = await accounts.register(request.body);
      if (!user) {
        return reply.status(409).send({ success: false, message: 'Diese E-Mail-Adresse ist bereits registriert.' });
      }
      const jwt = await app.issueToken(user);
      return reply.status(201).send({
        success: true,
        message:
          'Registrierung erfolgreich. Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link, den wir Ihnen gesendet haben.',
        jwt_token: jwt,
      });
    },
  );

  app.post(
    '/users/forgot-password',
    {
      schema: {
        tags,
        summary: 'Link zum Zurücksetzen des Passworts anfordern',
        security: [],
        body: forgotPasswordSchema,
        response: { 200: messageSchema, 429: problemSchema, 503: problemSchema },
      },
      config: { rateLimit: limits.passwordReset },
    },
    async (request, reply) => {
      const limited = await throttle.hitTarget('reset', request.body.email);
      if (limited) return limited.send(reply);
      // Answer at once and the same way for every address; the mail goes out in the background.
      accounts
        .requestPasswordReset(request.body.email)
        .catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/users/reset-password',
    {
      schema: {
        tags,
        summary: 'Neues Passwort mit dem Link aus der E-Mail setzen',
        description:
          'Beendet alle Sitzungen. Mit `revoke_shared_access: true` werden in derselben Transaktion auch alle ' +
          'Freigabe-Links widerrufen und das Kalender-Abo gelöscht (docs/decisions/0033); ohne bleiben sie gültig.',
        security: [],
        body: resetPasswordSchema,
        response: { 200: successMessageSchema, 400: successMessageSchema, 422: successMessageSchema },
      },
      attachValidation: true,
      config: { rateLimit: limits.passwordReset },
    },
    async (request, reply) => {
      const refusal = await refuseAccountInput(
        request,
        () => request.body.new_password,
        'Das neue Passwort ist ungültig.',
      );
      if (refusal) return reply.status(422).send(refusal);
      const revoke = request.body.revoke_shared_access;
      const ok = await accounts.resetPassword(request.body.token, request.body.new_password, {
        revokeSharedAccess: revoke,
      });
      if (!ok) {
        return reply.status(400).send({
          success: false,
          message: 'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
        });
      }
      return {
        success: true,
        message: withRevocation('Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.', revoke),
      };
    },
  );

  app.get(
    '/users/logout',
    {
      schema: {
        tags,
        summary: 'Abmelden: das verwendete Token wird gesperrt',
        response: { 200: successSchema, 401: problemSchema },
      },
    },
    async (request) => {
      await app.authTokens.revoke(currentUser(request).jti);
      return { success: true };
    },
  );

  app.get(
    '/users/mail-verification/resend',
    {
      schema: {
        tags,
        summary: 'Bestätigungs-E-Mail erneut senden',
        response: { 200: successMessageSchema, 401: problemSchema },
      },
      config: { rateLimit: limits.verification },
    },
    async (request) => {
      const user = await repo.findById(currentUser(request).id);
      if (!user) throw unauthorized();
      if (user.mailVerified) return { success: true, message: 'Ihre E-Mail-Adresse ist bereits bestätigt.' };
      await accounts.sendVerification(user);
      return { success: true, message: 'Bestätigungs-E-Mail gesendet. Prüfen Sie ihr Postfach.' };
    },
  );

  app.get(
    '/users/mail-verification/:mail/:token',
    {
      schema: {
        tags,
        summary: 'Link aus der Bestätigungs-E-Mail',
        description:
          'Leitet nach /dashboard?verified=1 (oder /?verified=0) weiter; mit Accept: application/json eine JSON-Antwort.',
        security: [],
        params: z.object({ mail: text().max(254), token: text().max(200) }),
        response: { 200: successSchema, 400: successMessageSchema },
      },
      config: {
        rateLimit:
          limits.verification.max < 30 ? { max: 30, timeWindow: limits.verification.timeWindow } : limits.verification,
      },
    },
    async (request, reply) => {
      const ok = await accounts.verifyMail(request.params.mail, request.params.token);
      const wantsJson = (request.headers.accept ?? '').includes('application/json');
      if (wantsJson) {
        return ok
          ? reply.send({ success: true })
          : reply.status(400).send({ success: false, message: 'Der Bestätigungslink ist ungültig oder abgelaufen.' });
      }
      return reply.redirect(ok ? '/dashboard?verified=1' : '/?verified=0', 302);
    },
  );
};

export default authenticationRoutes;
