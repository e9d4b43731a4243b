import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const signal: MantineColorsTuple = [
  '#ffeaea',
  '#fdd4d4',
  '#f4a7a7',
  '#ec7777',
  '#e64f4f',
  '#e23535',
  '#e12727',
  '#c81a1b',
  '#b31217',
  '#9d0312',
];

export const theme = createTheme({
  primaryColor: 'signal',
  colors: { signal },
  primaryShade: { light: 7, dark: 7 },
  // Black text on light fills (yellow, lime …), white on dark ones.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Toasts: their close button needs a name too.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Meldung schließen' } } },
    // Every dialog's × (axe button-name): "Dialog schließen".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Dialog schließen' } } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Passwort anzeigen oder verbergen' } },
    },
  },
});

/** Dimmed text dark enough for WCAG AA (4.5:1) on both schemes' backgrounds and cards. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Light and outline variants colour text like the accent; on white or a pale tint Mantine's shades are
  // too faint for AA (e.g. green-6 on white is 2.3:1). A darkened accent keeps the hue and reaches 4.5:1.
  const light: Record<string, string> = { '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' };
  for (const name of Object.keys(t.colors)) {
    const strong = `color-mix(in srgb, var(--mantine-color-${name}-9), black 30%)`;
    light[`--mantine-color-${name}-light-color`] = strong;
    light[`--mantine-color-${name}-outline`] = strong;
    light[`--mantine-color-${name}-text`] = strong;
  }
  // On the dark background the accent needs a lighter shade to reach 4.5:1 (links, light variants).
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.dark[1] ?? '#c9c9c9',
    '--mantine-color-anchor': t.colors.signal?.[3] ?? '#f4a7a7',
  };
  for (const name of Object.keys(t.colors)) {
    if (name === 'dark') continue;
    dark[`--mantine-color-${name}-light-color`] = `var(--mantine-color-${name}-3)`;
    dark[`--mantine-color-${name}-outline`] = `var(--mantine-color-${name}-3)`;
    dark[`--mantine-color-${name}-text`] = `var(--mantine-color-${name}-3)`;
  }
  return { variables: {}, light, dark };
};
