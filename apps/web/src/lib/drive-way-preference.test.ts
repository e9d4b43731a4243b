import { afterEach, describe, expect, it } from 'vitest';
import { resetAllStoredData } from './storage';
import { DRIVE_WAY_KEY, defaultDriveWay, rememberDriveWay, useDriveWayPreference } from './drive-way-preference';

describe('the way a new drive starts with', () => {
  afterEach(() => {
    useDriveWayPreference.getState().reset();
    localStorage.clear();
  });

  it('is "selbst gefahren" until a drive is recorded, then the way used last, kept in the stored data', () => {
    expect(defaultDriveWay()).toBe('driven');
    rememberDriveWay('escorted');
    expect(defaultDriveWay()).toBe('escorted');
    expect(JSON.parse(localStorage.getItem(DRIVE_WAY_KEY)!)).toMatchObject({ state: { way: 'escorted' } });
  });

  it('goes with every other stored datum on logout', () => {
    rememberDriveWay('simulator');
    resetAllStoredData();
    expect(defaultDriveWay()).toBe('driven');
    expect(localStorage.getItem(DRIVE_WAY_KEY)).toBeNull();
  });

  it('forgets a way an older build or a hand-edited storage left behind', async () => {
    localStorage.setItem(DRIVE_WAY_KEY, JSON.stringify({ state: { way: 'teleport' }, version: 1 }));
    await useDriveWayPreference.persist.rehydrate();
    expect(defaultDriveWay()).toBe('driven');
  });
});
