import { DASHBOARD_WINDOW_OPTIONS, DEFAULT_DASHBOARD_WINDOW_DAYS } from '@streckenpass/contract/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData, STORAGE_PREFIX } from '../../lib/storage';

export type WindowDays = (typeof DASHBOARD_WINDOW_OPTIONS)[number];

export interface DashboardFilterState {
  /** Day window of the expiring overview (default 90). */
  days: WindowDays;
  /** "Nur aufgezeichnete Strecken" (default on): hide routes never recorded. */
  recordedOnly: boolean;
  setDays: (days: WindowDays) => void;
  setRecordedOnly: (recordedOnly: boolean) => void;
  reset: () => void;
}

export const DASHBOARD_FILTER_KEY = `${STORAGE_PREFIX}dashboard-filter`;

const initial = { days: DEFAULT_DASHBOARD_WINDOW_DAYS as WindowDays, recordedOnly: true };

export function isWindowDays(value: unknown): value is WindowDays {
  return (DASHBOARD_WINDOW_OPTIONS as readonly unknown[]).includes(value);
}

/** The overview's filter; it survives a reload and goes with every other stored datum on logout. */
export const useDashboardFilter = create<DashboardFilterState>()(
  persist(
    (set) => ({
      ...initial,
      setDays: (days) => set({ days }),
      setRecordedOnly: (recordedOnly) => set({ recordedOnly }),
      reset: () => set({ ...initial }),
    }),
    {
      name: DASHBOARD_FILTER_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ days, recordedOnly }) => ({ days, recordedOnly }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<DashboardFilterState>;
        return {
          ...current,
          days: isWindowDays(stored.days) ? stored.days : initial.days,
          recordedOnly: typeof stored.recordedOnly === 'boolean' ? stored.recordedOnly : initial.recordedOnly,
        };
      },
    },
  ),
);

onResetStoredData(() => useDashboardFilter.getState().reset());
