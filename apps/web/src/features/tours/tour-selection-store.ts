import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData, STORAGE_PREFIX } from '../../lib/storage';

/** A tour id, or 'new' for the create screen. */
export type TourDraftKey = number | 'new';

interface TourSelectionState {
  /** Unsaved route selections (route IRIs) by tour id / 'new'. No entry = nothing edited yet. */
  drafts: Record<string, string[]>;
  /** Adds or removes a route; the first change starts from `saved` (what the server holds). */
  toggle: (key: TourDraftKey, routeIri: string, saved: readonly string[]) => void;
  discard: (key: TourDraftKey) => void;
  reset: () => void;
}

/**
 * The tour route selection being edited. It survives visits to other screens (and reloads) in sessionStorage under
 * the app's prefix, so logout clears it; "Zurück zur Ansicht", saving and deleting discard it.
 */
export const useTourSelectionStore = create<TourSelectionState>()(
  persist(
    (set) => ({
      drafts: {},
      toggle: (key, routeIri, saved) =>
        set((state) => {
          const current = state.drafts[String(key)] ?? [...saved];
          const next = current.includes(routeIri) ? current.filter((iri) => iri !== routeIri) : [...current, routeIri];
          return { drafts: { ...state.drafts, [String(key)]: next } };
        }),
      discard: (key) =>
        set((state) => {
          if (!(String(key) in state.drafts)) return state;
          const { [String(key)]: _discarded, ...rest } = state.drafts;
          return { drafts: rest };
        }),
      reset: () => set({ drafts: {} }),
    }),
    {
      name: `${STORAGE_PREFIX}tour-selection`,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ drafts }) => ({ drafts }),
    },
  ),
);

onResetStoredData(() => useTourSelectionStore.getState().reset());

function sameRoutes(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((iri) => right.has(iri));
}

/** The selection to show and save for a tour: the draft if there is one, else what is saved. */
export function useTourSelection(key: TourDraftKey, saved: readonly string[]) {
  const draft = useTourSelectionStore((state) => state.drafts[String(key)]);
  const toggle = useTourSelectionStore((state) => state.toggle);
  const discard = useTourSelectionStore((state) => state.discard);
  const selection = draft ?? saved;
  return {
    selection,
    /** Whether the selection differs from what is saved. */
    dirty: draft !== undefined && !sameRoutes(draft, saved),
    toggle: (routeIri: string) => toggle(key, routeIri, saved),
    discard: () => discard(key),
  };
}
