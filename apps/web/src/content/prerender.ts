/**
 * Static HTML of the public pages, written at build time (vite.config.ts, `prerenderPublicPages`) into
 * `dist/prerender/<page>.html`; the server sends it for exactly `/`, `/about`, `/legal` and `/donate`
 * (apps/server/src/plugins/spa.ts). The markup is plain semantic HTML with `pp-` classes styled by one
 * `<style nonce>` block – no inline `style` attributes, which the strict CSP (docs/decisions/0007) forbids.
 * The app's module script stays in the page; once it has loaded, React renders into the same `#root` and
 * replaces this copy. Texts come from `public-pages.ts`, the same source the React pages use.
 */
import { DEFERRED_STYLE_ATTRIBUTE } from '../lib/deferred-styles';
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

function start(): string {
  return `<div class="pp-grid">
<section class="pp-card"><h1 class="pp-h2">${e(startPage.loginTitle)}</h1><p class="pp-dimmed">${e(startPage.loading)}</p><noscript><p>Streckenpass benötigt JavaScript.</p></noscript></section>
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
.pp-header{height:60px;border-bottom:1px solid #424242;display:flex;align-items:center;gap:16px;padding:0 16px}
.pp .pp-brand{font-weight:700;font-size:18px;color:inherit;text-decoration:none}
.pp-nav{display:flex;gap:4px;flex-wrap:wrap}
.pp .pp-nav a{color:inherit;text-decoration:none;padding:10px 8px}
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
 * `media="print"` so that it no longer holds back the first paint (main.tsx switches it on before rendering,
 * lib/deferred-styles.ts). Scripts and preloads stay as they are.
 */
export function prerenderPage(indexHtml: string, page: PrerenderedPage): string {
  let html = indexHtml.replace(
    /<link rel="stylesheet"/g,
    `<link rel="stylesheet" media="print" ${DEFERRED_STYLE_ATTRIBUTE}`,
  );
  const replaceOnce = (pattern: string, replacement: string) => {
    if (!html.includes(pattern)) throw new Error(`prerender: "${pattern}" not found in index.html`);
    html = html.replace(pattern, () => replacement);
  };
  replaceOnce('<title>Streckenpass</title>', `<title>${e(titles[page])} – Streckenpass</title>`);
  replaceOnce('</head>', `<style nonce="__CSP_NONCE__">${prerenderCss}</style>\n</head>`);
  replaceOnce('<div id="root"></div>', `<div id="root">${staticMarkup(page)}</div>`);
  html = html.replace(/\s*<noscript>Streckenpass benötigt JavaScript\.<\/noscript>/, '');
  return html;
}
