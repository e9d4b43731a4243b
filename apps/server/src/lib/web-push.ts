import type { Agent } from 'node:https';
import webpush from 'web-push';

/** The server's VAPID key pair (RFC 8292), URL-safe base64 as the browser's `applicationServerKey` takes it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (apps/web/public/push-sw.js reads exactly these fields). */
export interface PushMessage {
  title: string;
  body: string;
  /** Path the notification opens (a route's page or the quick record screen). */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

/** ok = accepted by the push service; gone = 404/410, the subscription no longer exists and must be deleted. */
export type PushOutcome = 'ok' | 'gone';

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

export interface PushSender {
  readonly publicKey: string;
  /** Encrypts (RFC 8291, aes128gcm) and posts one message; throws on any other failure (the caller retries later). */
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/**
 * Web Push through the `web-push` library (docs/decisions/0022): the payload is encrypted for the subscription's
 * keys and the request signed with the VAPID key (JWT, ES256). `agent` only for tests (a local HTTPS endpoint).
 */
export function createPushSender(options: { keys: VapidKeys; subject: string; agent?: Agent }): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, message) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            // A reminder is worth delivering for a day; an offline phone gets it when it is back.
            TTL: 24 * 60 * 60,
            urgency: 'normal',
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
            contentEncoding: 'aes128gcm',
            timeout: 15_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'ok';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}
