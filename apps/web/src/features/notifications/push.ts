import type { CreatePushSubscriptionInput } from '@streckenpass/contract/notifications';

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

export class PushUnavailableError extends Error {}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found)
    throw new PushUnavailableError('Die App ist auf diesem Gerät noch nicht installiert; bitte Seite neu laden.');
  return found;
}

/** Asks for permission and subscribes at the browser's push service with the server's VAPID key. */
export async function subscribeThisDevice(publicKey: string): Promise<CreatePushSubscriptionInput> {
  if (!pushSupported()) throw new PushUnavailableError('Dieser Browser unterstützt keine Push-Benachrichtigungen.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushUnavailableError(
      'Benachrichtigungen sind für diese Seite nicht erlaubt. Bitte in den Browser-Einstellungen freigeben.',
    );
  }
  const sw = await registration();
  const existing = await sw.pushManager.getSubscription();
  const subscription =
    existing ?? (await sw.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}
