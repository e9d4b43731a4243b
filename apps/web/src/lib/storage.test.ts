import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredData, COLOR_SCHEME_STORAGE_KEY, STORAGE_PREFIX } from './storage';

describe('clearStoredData', () => {
  afterEach(() => localStorage.clear());

  it("removes the app's account data and keeps the device's colour scheme and other sites' keys", () => {
    localStorage.setItem(`${STORAGE_PREFIX}auth`, '{}');
    localStorage.setItem(`${STORAGE_PREFIX}outbox`, '[]');
    sessionStorage.setItem(`${STORAGE_PREFIX}draft`, 'x');
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    localStorage.setItem('other-app', '1');
    clearStoredData();
    expect(Object.keys(localStorage).sort()).toEqual([COLOR_SCHEME_STORAGE_KEY, 'other-app'].sort());
    expect(Object.keys(sessionStorage)).toEqual([]);
  });
});
