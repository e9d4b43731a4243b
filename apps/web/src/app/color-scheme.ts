import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY } from '../lib/storage';

/**
 * Dark by default like the original; a visitor whose system asks for light gets light ("auto" does
 * that), and a choice made with the toggle is remembered.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function defaultColorScheme(): MantineColorScheme {
  const prefersLight = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light' : 'dark';
}
