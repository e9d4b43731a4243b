import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAllStoredData } from '../../lib/storage';
import { useTourSelection, useTourSelectionStore } from './tour-selection-store';

const saved = ['/api/routes/1', '/api/routes/2'];

describe('tour selection store', () => {
  beforeEach(() => useTourSelectionStore.getState().reset());

  it('shows the saved selection until the user changes something', () => {
    const { result } = renderHook(() => useTourSelection(5, saved));
    expect(result.current.selection).toEqual(saved);
    expect(result.current.dirty).toBe(false);
  });

  it('starts a draft from the saved selection and toggles routes in and out', () => {
    const { result } = renderHook(() => useTourSelection(5, saved));
    act(() => result.current.toggle('/api/routes/3'));
    expect(result.current.selection).toEqual(['/api/routes/1', '/api/routes/2', '/api/routes/3']);
    expect(result.current.dirty).toBe(true);
    act(() => result.current.toggle('/api/routes/1'));
    expect(result.current.selection).toEqual(['/api/routes/2', '/api/routes/3']);
    act(() => result.current.toggle('/api/routes/1'));
    act(() => result.current.toggle('/api/routes/3'));
    // Back to the saved routes (order aside): nothing unsaved.
    expect(result.current.dirty).toBe(false);
  });

  it('keeps drafts per tour and for a new tour apart', () => {
    const { result: tour5 } = renderHook(() => useTourSelection(5, saved));
    const { result: fresh } = renderHook(() => useTourSelection('new', []));
    act(() => tour5.current.toggle('/api/routes/3'));
    act(() => fresh.current.toggle('/api/routes/9'));
    expect(tour5.current.selection).toContain('/api/routes/3');
    expect(fresh.current.selection).toEqual(['/api/routes/9']);
  });

  it('remembers the draft across unmounting (another screen) in sessionStorage under the app prefix', () => {
    const first = renderHook(() => useTourSelection(5, saved));
    act(() => first.result.current.toggle('/api/routes/3'));
    first.unmount();
    const stored = JSON.parse(sessionStorage.getItem('streckenpass:tour-selection') ?? 'null') as {
      state: { drafts: Record<string, string[]> };
    };
    expect(stored.state.drafts['5']).toEqual(['/api/routes/1', '/api/routes/2', '/api/routes/3']);
    const again = renderHook(() => useTourSelection(5, saved));
    expect(again.result.current.selection).toEqual(['/api/routes/1', '/api/routes/2', '/api/routes/3']);
  });

  it('discard drops only that draft and falls back to the saved selection', () => {
    const { result } = renderHook(() => useTourSelection(5, saved));
    const { result: other } = renderHook(() => useTourSelection(6, []));
    act(() => result.current.toggle('/api/routes/3'));
    act(() => other.current.toggle('/api/routes/4'));
    act(() => result.current.discard());
    expect(result.current.selection).toEqual(saved);
    expect(other.current.selection).toEqual(['/api/routes/4']);
  });

  it('logout (reset of all stored data) forgets every draft', () => {
    const { result } = renderHook(() => useTourSelection(5, saved));
    act(() => result.current.toggle('/api/routes/3'));
    act(() => resetAllStoredData());
    expect(result.current.selection).toEqual(saved);
    expect(sessionStorage.getItem('streckenpass:tour-selection') ?? '').not.toContain('/api/routes/3');
  });
});
