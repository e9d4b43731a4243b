import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onResetStoredData, STORAGE_PREFIX } from '../../lib/storage';

/** What the documentation page can select: records by id, places (start/end point codes such as "HU") by code. */
export type SelectionKind = 'routes' | 'tours' | 'vehicles' | 'places';
type IdOf<K extends SelectionKind> = K extends 'places' ? string : number;

export interface DocumentationSelection {
  routes: number[];
  tours: number[];
  vehicles: number[];
  places: string[];
}

export type DocumentationSearch = Record<SelectionKind, string>;

export interface DocumentationState {
  search: DocumentationSearch;
  selection: DocumentationSelection;
  setSearch: (kind: SelectionKind, text: string) => void;
  /** Adds an item; one already selected stays selected once. */
  add: <K extends SelectionKind>(kind: K, id: IdOf<K>) => void;
  remove: <K extends SelectionKind>(kind: K, id: IdOf<K>) => void;
  toggle: <K extends SelectionKind>(kind: K, id: IdOf<K>) => void;
  /** "Auswahl zurücksetzen": every selected item goes; the search texts stay. */
  clearSelection: () => void;
  /** Drops only the given kinds (e.g. after a partly successful save). */
  clearKinds: (kinds: readonly SelectionKind[]) => void;
  /** Drops selected items that no longer exist (deleted here or on another device). */
  prune: (existing: { routes: number[]; tours: number[]; vehicles: number[]; places: string[] }) => void;
  /** Everything back to the start (logout). */
  reset: () => void;
}

export const STORAGE_KEY = `${STORAGE_PREFIX}documentation-selection`;

const emptySelection = (): DocumentationSelection => ({ routes: [], tours: [], vehicles: [], places: [] });
const emptySearch = (): DocumentationSearch => ({ routes: '', tours: '', vehicles: '', places: '' });

export function isSelectionEmpty(selection: DocumentationSelection): boolean {
  return Object.values(selection).every((items: unknown[]) => items.length === 0);
}

export const useDocumentationStore = create<DocumentationState>()(
  persist(
    (set) => ({
      search: emptySearch(),
      selection: emptySelection(),
      setSearch: (kind, text) => set((state) => ({ search: { ...state.search, [kind]: text } })),
      add: (kind, id) =>
        set((state) => {
          const items = state.selection[kind] as (number | string)[];
          if (items.includes(id)) return state;
          return { selection: { ...state.selection, [kind]: [...items, id] } };
        }),
      remove: (kind, id) =>
        set((state) => {
          const items = state.selection[kind] as (number | string)[];
          if (!items.includes(id)) return state;
          return { selection: { ...state.selection, [kind]: items.filter((item) => item !== id) } };
        }),
      toggle: (kind, id) =>
        set((state) => {
          const items = state.selection[kind] as (number | string)[];
          const next = items.includes(id) ? items.filter((item) => item !== id) : [...items, id];
          return { selection: { ...state.selection, [kind]: next } };
        }),
      clearSelection: () => set({ selection: emptySelection() }),
      clearKinds: (kinds) =>
        set((state) => ({
          selection: { ...state.selection, ...Object.fromEntries(kinds.map((kind) => [kind, []])) },
        })),
      prune: (existing) =>
        set((state) => {
          const keep = <T>(items: T[], present: T[]) => {
            const known = new Set(present);
            return items.filter((item) => known.has(item));
          };
          const next: DocumentationSelection = {
            routes: keep(state.selection.routes, existing.routes),
            tours: keep(state.selection.tours, existing.tours),
            vehicles: keep(state.selection.vehicles, existing.vehicles),
            places: keep(state.selection.places, existing.places),
          };
          const changed = (Object.keys(next) as SelectionKind[]).some(
            (kind) => next[kind].length !== state.selection[kind].length,
          );
          return changed ? { selection: next } : state;
        }),
      reset: () => set({ search: emptySearch(), selection: emptySelection() }),
    }),
    {
      name: STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ search, selection }) => ({ search, selection }),
      // Whatever an older build or a hand-edited storage left behind, the state keeps its shape.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Pick<DocumentationState, 'search' | 'selection'>>;
        const ids = (value: unknown) =>
          Array.isArray(value) ? [...new Set(value.filter((id): id is number => Number.isInteger(id) && id > 0))] : [];
        const codes = (value: unknown) =>
          Array.isArray(value) ? [...new Set(value.filter((code): code is string => typeof code === 'string'))] : [];
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        return {
          ...current,
          search: {
            routes: text(stored.search?.routes),
            tours: text(stored.search?.tours),
            vehicles: text(stored.search?.vehicles),
            places: text(stored.search?.places),
          },
          selection: {
            routes: ids(stored.selection?.routes),
            tours: ids(stored.selection?.tours),
            vehicles: ids(stored.selection?.vehicles),
            places: codes(stored.selection?.places),
          },
        };
      },
    },
  ),
);

onResetStoredData(() => useDocumentationStore.getState().reset());
