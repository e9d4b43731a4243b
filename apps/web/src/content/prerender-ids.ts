/**
 * What the prerendered markup (./prerender.ts) and the public entry that runs on it (src/public-entry.ts) share;
 * kept apart so that the entry does not load the markup's templates and styles.
 */

/** On the public entry's script tag: the app's entry chunk, loaded on demand. */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
/** On the same tag: the entry's own imports (index.html's module preloads), space-separated, prefetched when idle. */
export const APP_CHUNKS_ATTRIBUTE = 'data-app-chunks';

/** Ids of the start page's login form and notices. */
export const loginFormIds = {
  form: 'pp-login',
  username: 'pp-username',
  password: 'pp-password',
  error: 'pp-login-error',
  verificationFailed: 'pp-verification-failed',
  passwordChanged: 'pp-password-changed',
} as const;

/** Ids of the static header's colour toggle, its menu button and the stacked navigation that button opens. */
export const headerIds = {
  schemeToggle: 'pp-scheme',
  menuButton: 'pp-menu-button',
  menu: 'pp-menu',
} as const;
