/**
 * Static HTML of the public pages, written at build time (vite.config.ts, `prerenderPublicPages`) into
 * `dist/prerender/<page>.html`; the server sends it for exactly `/`, `/about`, `/legal` and `/donate`
 * (apps/server/src/plugins/spa.ts). The markup is plain semantic HTML with `pp-` classes styled by one
 * `<style nonce>` block – no inline `style` attributes, which the strict CSP (docs/decisions/0007) forbids.
 * The app's module script stays in the page; once it has loaded, React renders into the same `#root` and
 * replaces this copy. Texts come from `public-pages.ts`, the same source the React pages use.
 */
import defaultIconAttributes from '@tabler/icons-react/dist/esm/defaultAttributes.mjs';
import { __iconNode as moonIcon } from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs';
import { __iconNode as sunIcon } from '@tabler/icons-react/dist/esm/icons/IconSun.mjs';
import { __iconNode as trainIcon } from '@tabler/icons-react/dist/esm/icons/IconTrain.mjs';
import { DEFERRED_STYLE_ATTRIBUTE } from '../lib/deferred-styles';
import { prerenderCss, prerenderNoScriptCss } from './prerender-css';
import { APP_CHUNKS_ATTRIBUTE, APP_ENTRY_ATTRIBUTE, headerIds, loginFormIds } from './prerender-ids';
import { aboutPage, donatePage, legalPage, siteHeader, startPage, type Inline } from './public-pages';

export const prerenderedPaths = { '/': 'start', '/about': 'about', '/legal': 'legal', '/donate': 'donate' } as const;
export type PrerenderedPage = (typeof prerenderedPaths)[keyof typeof prerenderedPaths];
const pagePaths = Object.fromEntries(Object.entries(prerenderedPaths).map(([path, page]) => [page, path])) as Record<
  PrerenderedPage,
  string
>;

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

type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];

/** React's names of SVG attributes (`strokeWidth`) as HTML writes them (`stroke-width`); `viewBox` keeps its case. */
const attributeName = (name: string) =>
  name === 'viewBox' ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** An outline icon drawn from tabler's own data (the nodes and attributes its React components render), inline. */
function icon(nodes: IconNode, size: number, className?: string): string {
  const { xmlns: _xmlns, width: _width, height: _height, ...attributes } = defaultIconAttributes.outline;
  const svgAttributes = Object.entries(attributes)
    .map(([name, value]) => ` ${attributeName(name)}="${e(String(value))}"`)
    .join('');
  const children = nodes
    .map(
      ([tag, props]) =>
        `<${tag}${Object.entries(props)
          .filter(([name]) => name !== 'key')
          .map(([name, value]) => ` ${attributeName(name)}="${e(value)}"`)
          .join('')}/>`,
    )
    .join('');
  return `<svg${className ? ` class="${className}"` : ''} width="${size}" height="${size}"${svgAttributes} aria-hidden="true">${children}</svg>`;
}

/**
 * The signed-out header of the app (app/layout/app-layout.tsx): the brand, the links with the current page marked,
 * the colour toggle and, on phones, the menu button with the stacked navigation it opens. public-entry.ts wires the
 * two buttons; their labels here are those for the default (dark) scheme and a closed menu.
 */
function header(page: PrerenderedPage): string {
  const current = pagePaths[page];
  const links = siteHeader.links
    .map(
      ({ href, label }) =>
        `<a class="pp-navlink" href="${href}"${href === current ? ' aria-current="page"' : ''}>${e(label)}</a>`,
    )
    .join('');
  const navigation = e(siteHeader.navigation);
  return `<header class="pp-header"><div class="pp-bar"><a class="pp-brand" href="/" aria-label="${e(siteHeader.home)}">${icon(trainIcon, 26)}Streckenpass</a><div class="pp-tools"><nav class="pp-nav" aria-label="${navigation}">${links}</nav><button type="button" class="pp-toggle" id="${headerIds.schemeToggle}" aria-label="${e(siteHeader.toLight)}">${icon(sunIcon, 20, 'pp-sun')}${icon(moonIcon, 20, 'pp-moon')}</button><button type="button" class="pp-burger" id="${headerIds.menuButton}" aria-expanded="false" aria-controls="${headerIds.menu}" aria-label="${e(siteHeader.openMenu)}"><span></span></button></div></div><nav class="pp-menu" id="${headerIds.menu}" aria-label="${navigation}" hidden>${links}</nav></header>`;
}

function staticMarkup(page: PrerenderedPage): string {
  const content = bodies[page]();
  return `<div class="pp">${header(page)}<main class="pp-main">${page === 'start' ? content : `<div class="pp-page">${content}</div>`}</main></div>`;
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
  replaceOnce(
    '</head>',
    () =>
      `<style nonce="__CSP_NONCE__">${prerenderCss}</style>\n<noscript><style nonce="__CSP_NONCE__">${prerenderNoScriptCss}</style></noscript>\n</head>`,
  );
  // The boot splash of index.html (the name, before any script) gives way to the page's own markup.
  replaceOnce(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root">${staticMarkup(page)}</div>`);
  html = html.replace(/\s*<noscript>Streckenpass benötigt JavaScript\.<\/noscript>/, '');
  return html;
}
