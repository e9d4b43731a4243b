/**
 * The script of the prerendered public pages (src/content/prerender.ts): a few kB instead of the app. It makes the
 * start page's login form work and loads the app only when it is needed – for a signed-in visitor (who belongs in
 * the app, and on "/" and "/about" is sent to the dashboard by its guard) and for the registration and password
 * forms. Issue 15, item 8; docs/decisions/0019.
 */
import { siteHeader, startPage } from './content/public-pages';
import { APP_CHUNKS_ATTRIBUTE, APP_ENTRY_ATTRIBUTE, headerIds, loginFormIds as ids } from './content/prerender-ids';
import { readStoredToken, writeStoredSession } from './features/auth/persisted-session';
import { errorForStatus, GermanError, germanMessage, UnauthorizedError } from './lib/api-errors';
import { COLOR_SCHEME_STORAGE_KEY } from './lib/storage';

const t = startPage.login;

let appLoading: Promise<unknown> | undefined;

/** Loads the app's entry chunk; it renders into #root and replaces the static copy. */
function loadApp(): Promise<unknown> {
  const entry = document.querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`)?.getAttribute(APP_ENTRY_ATTRIBUTE);
  if (!entry) return Promise.reject(new Error('app entry missing'));
  appLoading ??= import(/* @vite-ignore */ entry);
  return appLoading;
}

/**
 * Once the page has loaded and the browser is idle, the app's entry with its imports and the dashboard's chunks and
 * styles go into the HTTP cache (`rel=prefetch`: lowest priority, not parsed, not run), so that the dashboard opens
 * from the cache after a login on this page instead of loading the whole app then.
 */
function prefetchAppWhenIdle(): void {
  const script = document.querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`);
  const urls = [
    script?.getAttribute(APP_ENTRY_ATTRIBUTE),
    ...(script?.getAttribute(APP_CHUNKS_ATTRIBUTE)?.split(' ') ?? []),
  ].filter((url): url is string => Boolean(url));
  const prefetch = () => {
    for (const url of urls) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = url.endsWith('.css') ? 'style' : 'script';
      link.crossOrigin = 'anonymous';
      link.href = url;
      document.head.append(link);
    }
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(prefetch, { timeout: 5000 })
      : setTimeout(prefetch, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function element<T extends HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}

function showNotices(params: URLSearchParams): void {
  if (params.get('verified') === '0') element(ids.verificationFailed)?.removeAttribute('hidden');
  if (params.get('reset') === '1') element(ids.passwordChanged)?.removeAttribute('hidden');
}

function setFieldError(input: HTMLInputElement, message: string | null): void {
  const error = element(`${input.id}-error`);
  if (!error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

function setFormError(message: string | null): void {
  const error = element(ids.error);
  if (!error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
}

/** A refused login in the app's words, as the app's login form has them (features/auth/components/login-form.tsx). */
function loginFailure(error: unknown): string {
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) return t.offline;
  if (error instanceof UnauthorizedError) return t.wrongCredentials;
  return germanMessage(error, t.wrongCredentials);
}

/**
 * Where to go after signing in, as the app's start page does: `/start` (app/routes/landing.tsx), which leads a
 * Betrieb's admin or Disponent to the Betrieb's page and everyone else to the dashboard.
 */
const target = '/start';

function bindLoginForm(form: HTMLFormElement): void {
  const username = element<HTMLInputElement>(ids.username);
  const password = element<HTMLInputElement>(ids.password);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!username || !password || !submit) return;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.getAttribute('aria-busy') === 'true') return;
    const email = username.value.trim();
    setFieldError(username, email ? null : t.emailMissing);
    setFieldError(password, password.value ? null : t.passwordMissing);
    setFormError(null);
    if (!email) return username.focus();
    if (!password.value) return password.focus();

    submit.setAttribute('aria-busy', 'true');
    void fetch('/api/login_check', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: email, password: password.value }),
    })
      .then(async (response) => {
        if (!response.ok) {
          const body: unknown = await response.json().catch(() => null);
          throw errorForStatus(response.status, response.statusText, body);
        }
        const { token } = (await response.json()) as { token?: unknown };
        if (typeof token !== 'string' || !writeStoredSession(token)) throw new GermanError(t.wrongCredentials);
        window.location.assign(target);
      })
      .catch((error: unknown) => {
        submit.removeAttribute('aria-busy');
        setFormError(loginFailure(error));
        element(ids.error)?.focus();
      });
  });

  for (const button of form.querySelectorAll<HTMLButtonElement>('button[data-app-form]')) {
    button.addEventListener('click', () => {
      const url = new URL(window.location.href);
      url.searchParams.set('form', button.dataset.appForm ?? '');
      window.history.replaceState(null, '', url);
      button.setAttribute('aria-busy', 'true');
      loadApp().catch(() => {
        button.removeAttribute('aria-busy');
        setFormError(t.offline);
      });
    });
  }
  for (const button of form.querySelectorAll<HTMLButtonElement>('button')) button.disabled = false;
}

type ColorScheme = 'light' | 'dark';

/** Where Mantine puts the scheme, and where the static styles (content/prerender.ts) look for a chosen one. */
const SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';
const asScheme = (value: string | null): ColorScheme | null => (value === 'light' || value === 'dark' ? value : null);
const prefersLight = window.matchMedia?.('(prefers-color-scheme: light)');

function storedScheme(): ColorScheme | null {
  try {
    return asScheme(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * The header's colour toggle and menu button, working as the app's (app/layout/app-layout.tsx) do. A scheme chosen
 * with either toggle is stored where Mantine's manager keeps it (app/color-scheme.ts) and set, as Mantine sets it, on
 * <html>; without a choice the system decides, as in the app (`defaultColorScheme`).
 */
function bindHeader(): void {
  const root = document.documentElement;
  const stored = storedScheme();
  if (stored) root.setAttribute(SCHEME_ATTRIBUTE, stored);
  const current = (): ColorScheme =>
    asScheme(root.getAttribute(SCHEME_ATTRIBUTE)) ?? (prefersLight?.matches ? 'light' : 'dark');

  const toggle = element<HTMLButtonElement>(headerIds.schemeToggle);
  if (toggle) {
    const label = () =>
      toggle.setAttribute('aria-label', current() === 'dark' ? siteHeader.toLight : siteHeader.toDark);
    label();
    prefersLight?.addEventListener?.('change', label);
    toggle.addEventListener('click', () => {
      const next = current() === 'dark' ? 'light' : 'dark';
      root.setAttribute(SCHEME_ATTRIBUTE, next);
      try {
        localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, next);
      } catch {
        // storage blocked: the choice holds for this page
      }
      label();
    });
  }

  const menuButton = element<HTMLButtonElement>(headerIds.menuButton);
  const menu = element(headerIds.menu);
  menuButton?.addEventListener('click', () => {
    if (!menu) return;
    // Its lines morph into a cross like the app's – from the first tap on, not while a stored scheme is applied.
    menuButton.dataset.animate = '';
    const open = menu.hidden;
    menu.hidden = !open;
    menuButton.setAttribute('aria-expanded', String(open));
    menuButton.setAttribute('aria-label', open ? siteHeader.closeMenu : siteHeader.openMenu);
  });
}

bindHeader();
const params = new URLSearchParams(window.location.search);
// A signed-in visitor, or a link to the registration or password form (`?form=`): the app takes over at once.
if (readStoredToken() || params.has('form')) {
  void loadApp();
} else {
  showNotices(params);
  const form = element<HTMLFormElement>(ids.form);
  if (form) bindLoginForm(form);
  prefetchAppWhenIdle();
}
