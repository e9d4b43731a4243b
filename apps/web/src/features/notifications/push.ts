import type { CreatePushSubscriptionInput } from '@streckenpass/contract/notifications';
import { GermanError } from '../../lib/api-errors';
import { STORAGE_PREFIX } from '../../lib/storage';

/** Whether this browser can receive Web Push at all (service worker, PushManager, Notification). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why this browser cannot receive push, in German (`germanMessage` shows it as it is). */
export class PushUnavailableError extends GermanError {}

const NOT_ALLOWED =
  'Benachrichtigungen sind für diese Seite nicht erlaubt. Bitte in den Browser-Einstellungen freigeben.';

/** The browser's refusals by their `name`, in German: its own `message` is English and never shown. */
const BROWSER_REFUSALS: Record<string, string> = {
  NotAllowedError: NOT_ALLOWED,
  AbortError: 'Die Anmeldung beim Push-Dienst des Browsers ist nicht zustande gekommen. Bitte später erneut versuchen.',
  InvalidStateError:
    'Push lässt sich gerade nicht einrichten, weil die App auf diesem Gerät noch nicht bereit ist. Bitte die Seite neu laden und erneut versuchen.',
  NotSupportedError:
    'Dieser Browser unterstützt hier keine Push-Benachrichtigungen (z. B. nicht in einem privaten Fenster).',
};

/** Why subscribing failed, as one German sentence for any error the browser throws (DOMException or other). */
export function pushFailureMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  return (
    BROWSER_REFUSALS[name] ??
    'Der Browser hat die Anmeldung für Push-Benachrichtigungen abgelehnt. Bitte später erneut versuchen.'
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found)
    throw new PushUnavailableError('Die App ist auf diesem Gerät noch nicht installiert; bitte Seite neu laden.');
  return found;
}

/** Asks for permission and subscribes at the browser's push service with the server's VAPID key. */
export async function subscribeThisDevice(publicKey: string): Promise<CreatePushSubscriptionInput> {
  try {
    return await subscribe(publicKey);
  } catch (error) {
    // The browser's own errors (NotAllowedError, AbortError, …) carry English text: a German sentence instead.
    throw error instanceof PushUnavailableError ? error : new PushUnavailableError(pushFailureMessage(error));
  }
}

async function subscribe(publicKey: string): Promise<CreatePushSubscriptionInput> {
  if (!pushSupported()) throw new PushUnavailableError('Dieser Browser unterstützt keine Push-Benachrichtigungen.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailableError(NOT_ALLOWED);
  const sw = await registration();
  const existing = await sw.pushManager.getSubscription();
  const subscription =
    existing ?? (await sw.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Which entry of the device list is this browser: its id, kept on this device (cleared at logout). */
const THIS_DEVICE_KEY = `${STORAGE_PREFIX}push-device`;

export function thisDeviceId(): number | null {
  const stored = Number(window.localStorage.getItem(THIS_DEVICE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function rememberThisDevice(id: number): void {
  window.localStorage.setItem(THIS_DEVICE_KEY, String(id));
}

/**
 * Removing this browser's entry also ends its subscription at the browser's push service: otherwise it stayed
 * subscribed (and a later "aktivieren" would find the old subscription). Failures there are left alone – the
 * server no longer sends to it either way.
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  window.localStorage.removeItem(THIS_DEVICE_KEY);
  if (!pushSupported()) return;
  const found = await navigator.serviceWorker.getRegistration();
  const subscription = await found?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => false);
}
