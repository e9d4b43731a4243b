import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAllStoredData } from '../../lib/storage';
import { fakeToken } from '../../test/render';
import { watchTokenExpiry } from './session';
import { readStoredToken, writeStoredSession } from './persisted-session';
import { currentToken, decodeToken, isTokenValid, useAuthStore } from './store';

const now = () => Math.floor(Date.now() / 1000);

describe('auth store', () => {
  beforeEach(() => useAuthStore.getState().reset());
  afterEach(() => vi.useRealTimers());

  it('stores the token, its decoded details and the validity flag, and persists them', () => {
    const token = fakeToken({ sub: '5', username: 'jörg@example.org', roles: ['ROLE_USER'], exp: now() + 60 });
    useAuthStore.getState().setToken(token);
    const state = useAuthStore.getState();
    expect(state.token).toBe(token);
    expect(state.details).toMatchObject({ sub: '5', username: 'jörg@example.org', exp: now() + 60 });
    expect(state.valid).toBe(true);
    expect(JSON.parse(localStorage.getItem('streckenpass:auth') ?? '{}').state.token).toBe(token);
  });

  it('reads the session the public pages write without the app (persisted-session.ts), and clears older data', async () => {
    localStorage.setItem('streckenpass:documentation', 'von vorher');
    const token = fakeToken({ sub: '7', username: 'lena@example.org', exp: now() + 60 });
    expect(writeStoredSession(token)).toBe(true);
    expect(localStorage.getItem('streckenpass:documentation')).toBeNull();
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ token, valid: true, details: { sub: '7' } });
    expect(readStoredToken()).toBe(token);
    expect(writeStoredSession(fakeToken({ exp: now() - 1 }))).toBe(false);
    useAuthStore.getState().reset();
    expect(readStoredToken()).toBeNull();
  });

  it('refuses an expired or malformed token with an error message', () => {
    useAuthStore.getState().setToken(fakeToken({ exp: now() - 1 }));
    expect(useAuthStore.getState()).toMatchObject({ token: null, valid: false });
    expect(useAuthStore.getState().error).toMatch(/abgelaufen/);
    useAuthStore.getState().setToken('kein-token');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('is valid only while exp lies in the future', () => {
    expect(isTokenValid({ exp: 1000 }, 999_999)).toBe(true);
    expect(isTokenValid({ exp: 1000 }, 1_000_000)).toBe(false);
    expect(isTokenValid(null)).toBe(false);
    expect(decodeToken('a.b.c')).toBeNull();
  });

  it('resets all stored data when the token expires', () => {
    vi.useFakeTimers();
    const stop = watchTokenExpiry();
    useAuthStore.getState().setToken(fakeToken({ exp: now() + 5 }));
    localStorage.setItem('streckenpass:documentation-selection', '{"routes":[1]}');
    localStorage.setItem('other-app', 'stays');
    expect(currentToken()).not.toBeNull();
    vi.advanceTimersByTime(6000);
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('streckenpass:documentation-selection')).toBeNull();
    expect(localStorage.getItem('other-app')).toBe('stays');
    stop();
  });

  it('resetAllStoredData clears the auth state', () => {
    useAuthStore.getState().setToken(fakeToken({ exp: now() + 60 }));
    resetAllStoredData();
    expect(useAuthStore.getState()).toMatchObject({ token: null, details: null, valid: false, error: null });
  });
});
