import { Agent } from 'node:https';
import webpush from 'web-push';
import {
  checkPushEndpoint,
  isAuthSecret,
  isP256PublicKey,
  pinnedLookup,
  systemResolve,
  type PushEndpointCheck,
  type ResolveHost,
} from './push-endpoint-rule.js';

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

/**
 * ok = accepted by the push service; gone = 404/410, the subscription no longer exists and must be deleted;
 * refused = the subscription breaks the endpoint rule (docs/decisions/0030: not a public https address now, or keys
 * that cannot be encrypted for) — nothing was sent, and it must be deleted too, or every reminder run retries it.
 */
export type PushOutcome = 'ok' | 'gone' | 'refused';

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

export interface PushSender {
  readonly publicKey: string;
  /** The endpoint rule (docs/decisions/0030) as a new subscription is checked against it. */
  checkEndpoint(endpoint: string): Promise<PushEndpointCheck>;
  /**
   * Checks the target against the rule again, then encrypts (RFC 8291, aes128gcm) and posts one message to the
   * checked address; throws on any other failure (the caller retries later).
   */
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/**
 * Test-only seam (docs/decisions/0030), passed by tests through `buildApp`'s options and never by the server: lets
 * Web Push reach the tests' local push service. Without it the rule holds in full.
 */
export interface PushTestSeam {
  /** The local push service's self-signed certificate, trusted instead of the public roots. */
  ca?: string;
  /** Exact addresses allowed although they are not public (the local push service's 127.0.0.1). */
  allowedAddresses?: readonly string[];
  /** Answers host names instead of the system resolver (a test simulates DNS answers, also changing ones). */
  resolve?: ResolveHost;
}

/**
 * Web Push through the `web-push` library (docs/decisions/0022): the payload is encrypted for the subscription's
 * keys and the request signed with the VAPID key (JWT, ES256). Every message first passes the endpoint rule
 * (docs/decisions/0030), and its connection goes only to the addresses that were checked: a one-off agent whose
 * `lookup` answers with them, while TLS verifies the certificate for the URL's host name as usual.
 */
export function createPushSender(options: { keys: VapidKeys; subject: string; test?: PushTestSeam }): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  const policy = {
    resolve: options.test?.resolve ?? systemResolve,
    allowedAddresses: options.test?.allowedAddresses ?? [],
  };
  const ca = options.test?.ca;
  return {
    publicKey: options.keys.publicKey,
    checkEndpoint: (endpoint) => checkPushEndpoint(endpoint, policy),
    async send(target, message) {
      if (!isP256PublicKey(target.p256dh) || !isAuthSecret(target.auth)) return 'refused';
      const checked = await checkPushEndpoint(target.endpoint, policy);
      if (!checked.ok) {
        // A name that does not resolve now may again later (DNS outage): the caller retries, as for a network error.
        if (checked.reason === 'unresolvable') throw new Error('push endpoint host did not resolve');
        return 'refused';
      }
      const agent = new Agent({ keepAlive: false, lookup: pinnedLookup(checked), ...(ca ? { ca } : {}) });
      try {
        await webpush.sendNotification(
          { endpoint: checked.url.href, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails,
            // A reminder is worth delivering for a day; an offline phone gets it when it is back.
            TTL: 24 * 60 * 60,
            urgency: 'normal',
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
            contentEncoding: 'aes128gcm',
            timeout: 15_000,
            agent,
          },
        );
        return 'ok';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      } finally {
        agent.destroy();
      }
    },
  };
}
