import { DASHBOARD_WINDOW_OPTIONS, DEFAULT_DASHBOARD_WINDOW_DAYS } from '@streckenpass/contract/constants';
import type { KnowledgeStatus } from '@streckenpass/contract/status';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData, STORAGE_PREFIX } from '../../lib/storage';

export type WindowDays = (typeof DASHBOARD_WINDOW_OPTIONS)[number];

export interface DashboardFilterState {
  /** Day window of the expiring overview (default 90). */
  days: WindowDays;
  /** "Nur aufgezeichnete Strecken" (default on): hide routes never recorded. */
  recordedOnly: boolean;
  /** A state chosen in "Auf einen Blick": the overview lists only routes in that state (not stored). */
  status: KnowledgeStatus | null;
  setStatus: (status: KnowledgeStatus | null) => void;
  setDays: (days: WindowDays) => void;
  setRecordedOnly: (recordedOnly: boolean) => void;
  reset: () => void;
}

export const DASHBOARD_FILTER_KEY = `${STORAGE_PREFIX}dashboard-filter`;

const initial = {
  days: DEFAULT_DASHBOARD_WINDOW_DAYS as WindowDays,
  recordedOnly: true,
  status: null as KnowledgeStatus | null,
};

export function isWindowDays(value: unknown): value is WindowDays {
  return (DASHBOARD_WINDOW_OPTIONS as readonly unknown[]).includes(value);
}

/** The overview's filter; it survives a reload and goes with every other stored datum on logout. */
export const useDashboardFilter = create<DashboardFilterState>()(
  persist(
    (set) => ({
      ...initial,
      // Choosing a day window or the checkbox goes back from a state filter to the usual overview.
      setDays: (days) => set({ days, status: null }),
      setRecordedOnly: (recordedOnly) => set({ recordedOnly, status: null }),
      setStatus: (status) => set({ status }),
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
