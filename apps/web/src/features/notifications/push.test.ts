import { afterEach, describe, expect, it, vi } from 'vitest';
import { germanMessage } from '../../lib/api-errors';
import {
  PushUnavailableError,
  pushFailureMessage,
  rememberThisDevice,
  subscribeThisDevice,
  thisDeviceId,
  unsubscribeThisBrowser,
} from './push';

afterEach(() => vi.unstubAllGlobals());

describe('push subscription errors', () => {
  it.each([
    ['NotAllowedError', /nicht erlaubt/],
    ['AbortError', /Push-Dienst/],
    ['InvalidStateError', /Seite neu laden/],
    ['NotSupportedError', /unterstützt hier keine Push-Benachrichtigungen/],
    ['UnknownError', /Der Browser hat die Anmeldung für Push-Benachrichtigungen abgelehnt/],
  ])('%s is worded in German, without the browser’s English', (name, german) => {
    const error = new DOMException('Registration failed - permission denied', name);
    expect(pushFailureMessage(error)).toMatch(german);
    expect(germanMessage(new PushUnavailableError(pushFailureMessage(error)))).toMatch(german);
    // Reaching the page unwrapped, the browser's English is still not shown.
    expect(germanMessage(error)).not.toContain('Registration failed');
  });

  it('a plain error or a thrown string is worded in German too', () => {
    expect(pushFailureMessage(new TypeError('Failed to execute subscribe'))).not.toContain('Failed');
    expect(pushFailureMessage('oops')).toMatch(/^Der Browser hat/);
  });

  it('subscribeThisDevice turns a refusal of the push service into a German PushUnavailableError', async () => {
    const refused = new DOMException('Registration failed - push service error', 'AbortError');
    const registration = {
      pushManager: { getSubscription: () => Promise.resolve(null), subscribe: () => Promise.reject(refused) },
    };
    vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('granted') });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(registration) },
    });
    try {
      const failure = await subscribeThisDevice('AAAA').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PushUnavailableError);
      expect((failure as Error).message).toMatch(/Push-Dienst/);
      expect((failure as Error).message).not.toContain('Registration failed');
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});

describe('this device', () => {
  it('remembers which entry of the device list is this browser, and forgets it when that entry is removed', async () => {
    expect(thisDeviceId()).toBeNull();
    rememberThisDevice(42);
    expect(thisDeviceId()).toBe(42);
    await unsubscribeThisBrowser();
    expect(thisDeviceId()).toBeNull();
  });
});
