/**
 * Static HTML of the public pages, written at build time (vite.config.ts, `prerenderPublicPages`) into
 * `dist/prerender/<page>.html`; the server sends it for exactly `/`, `/about`, `/legal` and `/donate`
 * (apps/server/src/plugins/spa.ts). The markup is plain semantic HTML with `pp-` classes styled by one
 * `<style nonce>` block – no inline `style` attributes, which the strict CSP (docs/decisions/0007) forbids.
 * The app's module script stays in the page; once it has loaded, React renders into the same `#root` and
 * replaces this copy. Texts come from `public-pages.ts`, the same source the React pages use.
 */
import { DEFERRED_STYLE_ATTRIBUTE } from '../lib/deferred-styles';
import { APP_CHUNKS_ATTRIBUTE, APP_ENTRY_ATTRIBUTE, loginFormIds } from './prerender-ids';
import { aboutPage, donatePage, legalPage, startPage, type Inline } from './public-pages';

export const prerenderedPaths = { '/': 'start', '/about': 'about', '/legal': 'legal', '/donate': 'donate' } as const;
export type PrerenderedPage = (typeof prerenderedPaths)[keyof typeof prerenderedPaths];

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const e = escapeHtml;

function inline(parts: readonly Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return e(part);
      if ('code' in part) return `<code>${e(part.code)}</code>`;
      return `<a href="${e(part.href)}">${e(part.text)}</a>`;
    })
    .join('');
}

const list = (items: readonly string[], tag: 'ul' | 'ol' = 'ul') =>
  `<${tag}>${items.map((item) => `<li>${e(item)}</li>`).join('')}</${tag}>`;

const card = (title: string, body: string) => `<section class="pp-card"><h2>${e(title)}</h2>${body}</section>`;

function field(id: string, label: string, attributes: string): string {
  return `<div class="pp-field"><label for="${id}">${e(label)}<span class="pp-required" aria-hidden="true"> *</span></label><input class="pp-input" id="${id}" ${attributes} required aria-describedby="${id}-error"><p class="pp-error" id="${id}-error" hidden></p></div>`;
}

/**
 * A real login form: src/public-entry.ts (a few kB, loaded instead of the app) signs in with it and opens the
 * dashboard. It posts nowhere by itself (no action, submit disabled until the entry has bound it), so a password
 * never lands in a URL. "Registrieren" and "Passwort vergessen" load the app with that form (`?form=`).
 */
function start(): string {
  const t = startPage.login;
  const ids = loginFormIds;
  return `<div class="pp-grid">
<section class="pp-card"><h1 class="pp-h2">${e(startPage.loginTitle)}</h1>
<div class="pp-alert pp-alert-error" id="${ids.verificationFailed}" role="alert" hidden>${e(startPage.verificationFailed)}</div>
<div class="pp-alert pp-alert-success" id="${ids.passwordChanged}" role="status" hidden>${e(startPage.passwordChanged)}</div>
<form id="${ids.form}" class="pp-form" method="post" novalidate aria-label="${e(t.submit)}">
<div class="pp-alert pp-alert-error" id="${ids.error}" role="alert" hidden></div>
${field(ids.username, t.email, 'name="username" type="email" autocomplete="username" inputmode="email"')}
${field(ids.password, t.password, 'name="password" type="password" autocomplete="current-password"')}
<div class="pp-form-actions"><button type="button" class="pp-link" data-app-form="forgot" disabled>${e(t.forgot)}</button><span class="pp-actions"><button type="button" class="pp-button pp-default" data-app-form="register" disabled>${e(t.register)}</button><button type="submit" class="pp-button" disabled>${e(t.submit)}</button></span></div>
</form>
<noscript><p class="pp-small">${e(t.noScript)}</p></noscript></section>
<section><h2 class="pp-h1">${e(startPage.headline)}</h2><p>${e(startPage.intro)}</p>${list(startPage.features)}<p><a class="pp-button pp-light" href="/about">${e(startPage.more)}</a></p></section>
</div>`;
}

function about(): string {
  const t = aboutPage;
  return `<h1>${e(t.title)}</h1><p>${e(t.intro)}</p>
${card(t.howTitle, list(t.howSteps, 'ol'))}
${card(t.appTitle, `<p>${e(t.appText)}</p>`)}
${card(t.developersTitle, `<p>${inline(t.developers)}</p>`)}
<p class="pp-actions"><a class="pp-button" href="/">${e(t.toLogin)}</a> <a class="pp-button pp-default" href="/donate">${e(t.toDonate)}</a></p>`;
}

function legal(): string {
  const t = legalPage;
  return `<h1>${e(t.title)}</h1>
${card(t.imprintTitle, `<div class="pp-note"><p><strong>${e(t.imprintNoteTitle)}</strong></p><p>${e(t.imprintNote)}</p></div>${t.imprintLines.map((line) => `<p class="pp-line">${e(line)}</p>`).join('')}`)}
${card(t.privacyTitle, t.privacy.map((paragraph) => `<p>${e(paragraph)}</p>`).join(''))}
${card(t.liabilityTitle, `<p>${e(t.liability)}</p>`)}
${card(t.sourcesTitle, t.sources.map((paragraph) => `<p>${e(paragraph)}</p>`).join(''))}`;
}

function donate(): string {
  const t = donatePage;
  return `<h1>${e(t.title)}</h1><p>${e(t.intro)}</p>
${card(t.helpTitle, list(t.help))}
<p class="pp-dimmed pp-small">${e(t.thanks)}</p>`;
}

const bodies: Record<PrerenderedPage, () => string> = { start, about, legal, donate };
const titles: Record<PrerenderedPage, string> = {
  start: startPage.loginTitle,
  about: aboutPage.documentTitle,
  legal: legalPage.documentTitle,
  donate: donatePage.documentTitle,
};

/**
 * Class-based styles of the static copy (dark like the app, light when the system asks for it), all scoped to
 * its `.pp` wrapper: the block stays in the head after React has replaced the copy and must not touch the app.
 */
export const prerenderCss = `
body{margin:0}
.pp{min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.55;font-size:16px;background:#242424;color:#c9c9c9;-webkit-font-smoothing:antialiased}
.pp-header{min-height:60px;box-sizing:border-box;border-bottom:1px solid #424242;display:flex;flex-wrap:wrap;align-items:center;column-gap:16px;padding:4px 16px}
.pp .pp-brand{font-weight:700;font-size:18px;color:inherit;text-decoration:none;display:inline-flex;align-items:center;min-height:44px}
.pp-nav{display:flex;gap:4px;flex-wrap:wrap}
.pp .pp-nav a{color:inherit;text-decoration:none;padding:10px 8px;display:inline-flex;align-items:center;min-height:44px;box-sizing:border-box}
.pp-main{max-width:1140px;margin:0 auto;padding:16px}
.pp-page{max-width:820px}
.pp-grid{display:grid;gap:32px;align-items:start}
@media (min-width:62em){.pp-grid{grid-template-columns:1fr 1fr}}
.pp h1,.pp h2{font-weight:700;line-height:1.3;margin:0 0 16px;color:#fff}
.pp h1,.pp .pp-h1{font-size:34px}
.pp h2,.pp .pp-h2{font-size:26px}
.pp .pp-card h2{font-size:22px;margin-bottom:12px}
.pp p{margin:0 0 16px}
.pp .pp-line{margin:0}
.pp-card{border:1px solid #424242;border-radius:8px;padding:20px;background:#2e2e2e;margin:0 0 24px}
.pp-card>:last-child{margin-bottom:0}
.pp-note{background:#3b3523;border-radius:8px;padding:12px 16px;margin-bottom:12px}
.pp .pp-note p{margin:0}
.pp ul,.pp ol{margin:0 0 16px;padding-left:24px}
.pp li{margin-bottom:8px}
.pp a{color:#ffa8a8}
.pp code{font-family:ui-monospace,monospace;font-size:14px;background:#3b3b3b;padding:1px 4px;border-radius:4px}
.pp-dimmed{color:#b8b8b8}
.pp-small{font-size:14px}
.pp-actions{display:flex;gap:16px;flex-wrap:wrap}
.pp .pp-button{display:inline-flex;align-items:center;min-height:44px;padding:0 18px;border-radius:8px;font-weight:600;text-decoration:none;background:#c81a1b;color:#fff}
.pp .pp-light{background:#4a2324;color:#ffc9c9}
.pp .pp-default{background:#2e2e2e;color:#fff;border:1px solid #424242}
.pp button.pp-button{border:0;font:inherit;font-weight:600;cursor:pointer}
.pp button.pp-default{border:1px solid #424242}
.pp button:disabled{cursor:default}
.pp button[aria-busy=true]{opacity:.7}
.pp button:focus-visible,.pp a:focus-visible{outline:2px solid #ff8787;outline-offset:2px}
.pp-form{display:flex;flex-direction:column;gap:12px}
.pp-field label{display:block;font-size:14px;font-weight:500;margin-bottom:4px;color:inherit}
.pp-required{color:#ff8787}
.pp-input{box-sizing:border-box;width:100%;min-height:44px;padding:0 12px;font:inherit;border-radius:8px;border:1px solid #424242;background:#2e2e2e;color:#fff}
.pp-input:focus,.pp-input:focus-visible{outline:2px solid #ff8787;outline-offset:2px}
.pp-input[aria-invalid=true]{border-color:#ff8787}
.pp .pp-error{color:#ffa8a8;font-size:14px;margin:4px 0 0}
.pp-alert{border-radius:8px;padding:12px 16px;margin-bottom:12px}
.pp-alert-error{background:#4a2324;color:#fff}
.pp-alert-success{background:#1f3a2a;color:#fff}
.pp-form-actions{display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:8px;margin-top:4px}
.pp-form-actions .pp-actions{gap:8px}
.pp-form-actions .pp-button{padding:0 14px}
.pp .pp-link{background:none;border:0;padding:0 4px;min-height:44px;font:inherit;font-size:14px;color:#ffa8a8;text-decoration:underline;cursor:pointer}
@media (prefers-color-scheme:light){
.pp{background:#fff;color:#000}
.pp h1,.pp h2{color:#000}
.pp-header,.pp-card,.pp .pp-default{border-color:#dee2e6}
.pp-card{background:#fff}
.pp-note{background:#fff9db}
.pp a{color:#b31217}
.pp code{background:#f1f3f5}
.pp-dimmed{color:#555}
.pp .pp-light{background:#ffeaea;color:#9d0312}
.pp .pp-default{background:#fff;color:#000}
.pp-input{background:#fff;color:#000;border-color:#ced4da}
.pp .pp-error,.pp-required,.pp .pp-link{color:#b31217}
.pp-input[aria-invalid=true]{border-color:#b31217}
.pp-alert-error{background:#ffeaea;color:#000}
.pp-alert-success{background:#ebfbee;color:#000}
.pp button:focus-visible,.pp a:focus-visible,.pp-input:focus,.pp-input:focus-visible{outline-color:#b31217}
}
`
  .trim()
  .replace(/\n/g, '');

function staticMarkup(page: PrerenderedPage): string {
  const content = bodies[page]();
  const nav = [
    ['/', 'Startseite'],
    ['/about', 'Informationen'],
    ['/legal', 'Rechtliches'],
  ]
    .map(([href, label]) => `<a href="${href}">${label}</a>`)
    .join('');
  return `<div class="pp"><header class="pp-header"><a class="pp-brand" href="/">Streckenpass</a><nav class="pp-nav" aria-label="Hauptnavigation">${nav}</nav></header><main class="pp-main">${page === 'start' ? content : `<div class="pp-page">${content}</div>`}</main></div>`;
}

/**
 * The built `index.html` turned into the prerendered page: its title, the static markup inside `#root`, the
 * style block (nonce placeholder, replaced per response by the server), and the app's stylesheet loaded with
 * `media="print"` so that it does not hold back the first paint (main.tsx switches it on before rendering,
 * lib/deferred-styles.ts). The app's entry script and its preloads give way to the public entry
 * (`publicEntry`, src/public-entry.ts), which carries the app's entry in `data-app-entry` and loads it only when
 * the app is needed: for a signed-in visitor, or for the registration and password forms.
 */
export function prerenderPage(
  indexHtml: string,
  page: PrerenderedPage,
  publicEntry: string,
  prefetched: readonly string[] = [],
): string {
  let html = indexHtml.replace(
    /<link rel="stylesheet"/g,
    `<link rel="stylesheet" media="print" ${DEFERRED_STYLE_ATTRIBUTE}`,
  );
  const replaceOnce = (pattern: string | RegExp, replacement: (...match: string[]) => string) => {
    const before = html;
    html = html.replace(pattern, replacement);
    if (html === before) throw new Error(`prerender: "${String(pattern)}" not found in index.html`);
  };
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]);
  const chunks = [...new Set([...preloaded, ...prefetched])];
  replaceOnce(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_match, appEntry) =>
      `<script type="module" crossorigin src="${e(publicEntry)}" ${APP_ENTRY_ATTRIBUTE}="${e(appEntry ?? '')}" ${APP_CHUNKS_ATTRIBUTE}="${e(chunks.join(' '))}"></script>`,
  );
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  replaceOnce('<title>Streckenpass</title>', () => `<title>${e(titles[page])} – Streckenpass</title>`);
  replaceOnce('</head>', () => `<style nonce="__CSP_NONCE__">${prerenderCss}</style>\n</head>`);
  // The boot splash of index.html (the name, before any script) gives way to the page's own markup.
  replaceOnce(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root">${staticMarkup(page)}</div>`);
  html = html.replace(/\s*<noscript>Streckenpass benötigt JavaScript\.<\/noscript>/, '');
  return html;
}
