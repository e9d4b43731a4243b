import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Passwort anzeigen oder verbergen' } },
    },
  },
});
