import { DRIVE_WAYS, type DriveWay } from '@streckenpass/contract/drive-ways';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData, STORAGE_PREFIX } from './storage';

export const DRIVE_WAY_KEY = `${STORAGE_PREFIX}drive-way`;

interface DriveWayState {
  /** The way of the last drive recorded on this device; null = none yet. */
  way: DriveWay | null;
  remember: (way: DriveWay) => void;
  reset: () => void;
}

const isDriveWay = (value: unknown): value is DriveWay => (DRIVE_WAYS as readonly unknown[]).includes(value);

/**
 * How the driver recorded their last drive (issue 41): a new drive starts with it, so that someone escorted every
 * day is not asked again. Stored like the other preferences; logout clears it with every other stored datum.
 */
export const useDriveWayPreference = create<DriveWayState>()(
  persist(
    (set) => ({
      way: null,
      remember: (way) => set({ way }),
      reset: () => set({ way: null }),
    }),
    {
      name: DRIVE_WAY_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ way }) => ({ way }),
      // Whatever an older build or a hand-edited storage left behind: a way the contract knows, or none.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<DriveWayState>;
        return { ...current, way: isDriveWay(stored.way) ? stored.way : null };
      },
    },
  ),
);

onResetStoredData(() => useDriveWayPreference.getState().reset());

/** The way a new drive starts with: the last one used, else "selbst gefahren". */
export function defaultDriveWay(): DriveWay {
  return useDriveWayPreference.getState().way ?? 'driven';
}

/** The same, as a hook: what a form shows once it has been saved. */
export function useDefaultDriveWay(): DriveWay {
  return useDriveWayPreference((state) => state.way) ?? 'driven';
}

export function rememberDriveWay(way: DriveWay): void {
  useDriveWayPreference.getState().remember(way);
}
