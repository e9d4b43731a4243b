import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@streckenpass/contract/common';
import {
  AUTH_INVALID,
  createPushSubscriptionSchema,
  ENDPOINT_NOT_PUBLIC,
  notificationSettingsSchema,
  P256DH_INVALID,
  pushSubscriptionSchema,
  testNotificationResultSchema,
  testNotificationSchema,
  updateNotificationSettingsSchema,
  vapidKeySchema,
  type NotificationSettings,
} from '@streckenpass/contract/notifications';
import { todayIn } from '@streckenpass/contract/knowledge';
import { problems } from '../../http/problems.js';
import { unauthorized, unprocessable } from '../../lib/errors.js';
import { isAuthSecret, isP256PublicKey } from '../../lib/push-endpoint-rule.js';
import { reminderMail } from '../../mail/scheduled-mails.js';
import { currentUser } from '../../http/current-user.js';
import { deliverPush } from '../../jobs/reminders.js';
import type { PushSubscriptionRow } from './notifications.repository.js';
import { plural } from '@streckenpass/contract/plural';

const tags = ['Erinnerungen'];

/** "Chrome auf Android" from a user agent: enough to tell one's devices apart in the list. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return system ? `${browser} auf ${system}` : browser;
}

const toSubscription = (row: PushSubscriptionRow) => ({
  id: row.id,
  label: row.label,
  service: new URL(row.endpoint).host,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

/**
 * The account's validity rules and reminder settings, its Web Push subscriptions and the test notification
 * (issue 16; docs/decisions/0020–0022). Bearer auth from the /api scope; everything is the caller's own.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.notificationsRepository;

  const settingsOf = async (userId: number): Promise<NotificationSettings> => {
    const found = await repo.findSettings(userId);
    if (!found) throw unauthorized();
    return { ...found, timezone: app.config.timezone };
  };

  app.get(
    '/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Gültigkeitsregeln und Erinnerungseinstellungen des Kontos',
        response: { 200: notificationSettingsSchema, ...problems(401) },
      },
    },
    async (request) => settingsOf(currentUser(request).id),
  );

  app.patch(
    '/notifications/settings',
    {
      schema: {
        tags,
        summary: 'Gültigkeitsregeln und Erinnerungen ändern (JSON Merge Patch)',
        description:
          '`validityDays`: Standard-Gültigkeit einer Fahrt in Tagen (364 = 1 Jahr, 182 = ½ Jahr, 1–3650); ' +
          '`vehicleValidityDays`: dasselbe für Fahrzeuge, `null` = kein Ablauf; `reminderThresholds`: Tage vor ' +
          'dem Ablauf (60, 30, 14, 7, 3, 1; 0 = am Ablauftag); `reminderMail`/`reminderPush`: Kanäle.',
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...problems(400, 401, 422) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await repo.updateSettings(id, request.body);
      return settingsOf(id);
    },
  );

  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: 'Öffentlicher VAPID-Schlüssel für PushManager.subscribe (applicationServerKey)',
        response: { 200: vapidKeySchema, ...problems(401) },
      },
    },
    async () => ({ publicKey: app.push.publicKey }),
  );

  app.get(
    '/push_subscriptions',
    {
      schema: {
        tags,
        summary: 'Geräte mit Push-Benachrichtigungen, neueste zuerst',
        response: { 200: z.array(pushSubscriptionSchema), ...problems(401) },
      },
    },
    async (request) => (await repo.listSubscriptions(currentUser(request).id)).map(toSubscription),
  );

  app.post(
    '/push_subscriptions',
    {
      schema: {
        tags,
        summary: 'Dieses Gerät für Push-Benachrichtigungen anmelden',
        description:
          'Nimmt `PushSubscription.toJSON()` des Browsers. Meldet sich derselbe Browser erneut an, ersetzt das ' +
          'die frühere Anmeldung. Die Push-Adresse muss https sein und ihr Host nur zu öffentlichen Adressen ' +
          'auflösen (kein localhost, keine privaten, link-lokalen oder reservierten Netze); `p256dh` muss ein ' +
          'Punkt auf P-256 sein, `auth` genau 16 Byte. Sonst 422.',
        body: createPushSubscriptionSchema,
        response: { 201: pushSubscriptionSchema, ...problems(400, 401, 422) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys, label } = request.body;
      // The contract checked the shapes; the curve and the addresses need node:crypto and DNS (decision 0030).
      const violations = [];
      if (!isP256PublicKey(keys.p256dh)) violations.push({ propertyPath: 'keys.p256dh', message: P256DH_INVALID });
      if (!isAuthSecret(keys.auth)) violations.push({ propertyPath: 'keys.auth', message: AUTH_INVALID });
      if (violations.length === 0 && !(await app.push.checkEndpoint(endpoint)).ok) {
        // One message for every refusal (private address, unknown name): it tells a scanner nothing.
        violations.push({ propertyPath: 'endpoint', message: ENDPOINT_NOT_PUBLIC });
      }
      if (violations.length > 0) throw unprocessable(violations);
      const row = await repo.upsertSubscription(currentUser(request).id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: label || deviceLabel(request.headers['user-agent']),
      });
      return reply.status(201).send(toSubscription(row));
    },
  );

  app.delete(
    '/push_subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Gerät von Push-Benachrichtigungen abmelden',
        params: idParamsSchema,
        response: { 204: z.null(), ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await repo.removeSubscription(request.params.id, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/test',
    {
      schema: {
        tags,
        summary: 'Test-Benachrichtigung senden (E-Mail oder Push an alle angemeldeten Geräte)',
        body: testNotificationSchema,
        response: { 200: testNotificationResultSchema, ...problems(400, 401, 422) },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.channel === 'mail') {
        const account = await app.usersRepository.findById(user.id);
        if (!account) throw unauthorized();
        if (!account.mailVerified) {
          throw unprocessable([
            { propertyPath: 'channel', message: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.' },
          ]);
        }
        const today = todayIn(app.config.timezone);
        await app.mailer.send({
          to: account.email,
          ...reminderMail({
            firstname: account.firstname,
            entries: [{ name: 'Beispielstrecke', companyRoute: null, validUntil: today, days: 7, late: false }],
            dashboardUrl: `${app.config.publicUrl}/dashboard`,
            settingsUrl: `${app.config.publicUrl}/account/notifications`,
            test: true,
          }),
        });
        return { delivered: 1, message: `Test-E-Mail an ${account.email} gesendet.` };
      }
      const subscriptions = await repo.listSubscriptions(user.id);
      if (subscriptions.length === 0) {
        throw unprocessable([
          { propertyPath: 'channel', message: 'Es ist noch kein Gerät für Push-Benachrichtigungen angemeldet.' },
        ]);
      }
      let delivered: number;
      try {
        delivered = await deliverPush({ pushTargets: app.pushTargets, push: app.push, log: request.log }, user.id, {
          title: 'Test-Benachrichtigung',
          body: 'So sehen Ihre Erinnerungen an ablaufende Streckenkunde aus.',
          url: '/account/notifications',
          tag: 'test',
        });
      } catch {
        throw unprocessable([
          { propertyPath: 'channel', message: 'Der Push-Dienst hat die Benachrichtigung nicht angenommen.' },
        ]);
      }
      if (delivered === 0) {
        throw unprocessable([
          {
            propertyPath: 'channel',
            message: 'Kein angemeldetes Gerät ist mehr erreichbar; bitte Push auf diesem Gerät neu aktivieren.',
          },
        ]);
      }
      return {
        delivered,
        message: `Test an ${plural(delivered, 'Gerät', 'Geräte')} gesendet.`,
      };
    },
  );
};

export default notificationsRoutes;
