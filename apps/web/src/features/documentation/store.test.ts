import { afterEach, describe, expect, it } from 'vitest';
import { resetAllStoredData } from '../../lib/storage';
import { isSelectionEmpty, STORAGE_KEY, useDocumentationStore } from './store';

const state = () => useDocumentationStore.getState();
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { state: unknown } | null;

describe('documentation selection store', () => {
  afterEach(() => state().reset());

  it('adds routes, tours, vehicles and places without duplicates', () => {
    state().add('routes', 3);
    state().add('routes', 3);
    state().add('routes', 1);
    state().add('tours', 7);
    state().add('tours', 7);
    state().add('vehicles', 2);
    state().add('places', 'HU');
    state().add('places', 'HU');
    expect(state().selection).toEqual({ routes: [3, 1], tours: [7], vehicles: [2], places: ['HU'] });
  });

  it('removes single items and leaves the others alone', () => {
    state().add('routes', 1);
    state().add('routes', 2);
    state().add('places', 'HU');
    state().remove('routes', 1);
    state().remove('routes', 99);
    state().remove('places', 'HU');
    expect(state().selection).toEqual({ routes: [2], tours: [], vehicles: [], places: [] });
  });

  it('toggles an item in and out', () => {
    state().toggle('tours', 4);
    expect(state().selection.tours).toEqual([4]);
    state().toggle('tours', 4);
    expect(state().selection.tours).toEqual([]);
  });

  it('clears the whole selection but keeps the search texts', () => {
    state().setSearch('routes', 'Celle');
    state().setSearch('tours', 'Nord');
    state().add('routes', 1);
    state().add('vehicles', 5);
    state().add('places', 'ALBG');
    state().clearSelection();
    expect(isSelectionEmpty(state().selection)).toBe(true);
    expect(state().search).toEqual({ routes: 'Celle', tours: 'Nord', vehicles: '', places: '' });
  });

  it('clears only the given kinds', () => {
    state().add('routes', 1);
    state().add('tours', 2);
    state().add('vehicles', 3);
    state().clearKinds(['routes', 'tours']);
    expect(state().selection).toEqual({ routes: [], tours: [], vehicles: [3], places: [] });
  });

  it('drops selected items that no longer exist', () => {
    state().add('routes', 1);
    state().add('routes', 2);
    state().add('tours', 3);
    state().add('places', 'HU');
    state().add('places', 'XX');
    state().prune({ routes: [2, 5], tours: [], vehicles: [], places: ['HU'] });
    expect(state().selection).toEqual({ routes: [2], tours: [], vehicles: [], places: ['HU'] });
  });

  it("persists in localStorage under 'streckenpass:documentation-selection'", () => {
    expect(STORAGE_KEY).toBe('streckenpass:documentation-selection');
    state().add('routes', 8);
    state().setSearch('routes', 'Uelzen');
    expect(stored()?.state).toEqual({
      search: { routes: 'Uelzen', tours: '', vehicles: '', places: '' },
      selection: { routes: [8], tours: [], vehicles: [], places: [] },
    });
  });

  it('restores a stored selection and repairs a damaged one', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: { search: { routes: 'x', tours: 5 }, selection: { routes: [1, 1, -2, 'a'], places: ['HU', 3] } },
        version: 1,
      }),
    );
    await useDocumentationStore.persist.rehydrate();
    expect(state().selection).toEqual({ routes: [1], tours: [], vehicles: [], places: ['HU'] });
    expect(state().search).toEqual({ routes: 'x', tours: '', vehicles: '', places: '' });
  });

  it('is emptied by the logout reset', () => {
    state().add('routes', 1);
    state().setSearch('routes', 'a');
    resetAllStoredData();
    expect(isSelectionEmpty(state().selection)).toBe(true);
    expect(state().search.routes).toBe('');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
