import { __iconNode as trainIcon } from '@tabler/icons-react/dist/esm/icons/IconTrain.mjs';
import { describe, expect, it } from 'vitest';
import { aboutPage, legalPage, siteHeader } from './public-pages';
import { escapeHtml, prerenderedPaths, prerenderPage } from './prerender';
import { prerenderCss } from './prerender-css';

const index = `<!doctype html><html lang="de"><head><title>Streckenpass</title>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-a.js">
<link rel="stylesheet" crossorigin href="/assets/index-a.css">
</head><body><div id="root"></div>
<noscript>Streckenpass benötigt JavaScript.</noscript></body></html>`;

describe('prerenderPage', () => {
  it.each(Object.values(prerenderedPaths))('%s: static markup in #root, no inline style attribute', (page) => {
    const html = prerenderPage(index, page, '/assets/public-p.js');
    expect(html).toMatch(/<div id="root"><div class="pp">.*<main class="pp-main">.*<h1/s);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).toContain('<style nonce="__CSP_NONCE__">');
    // The public entry runs instead of the app, which it loads on demand; the app's stylesheet does not block the
    // first paint, its preloads are gone.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/public-p.js" data-app-entry="/assets/index-a.js" data-app-chunks="/assets/vendor-a.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/index-a.css">',
    );
    expect(html).not.toContain('<noscript>Streckenpass benötigt JavaScript.</noscript>');
  });

  it('adds the chunks and styles to prefetch (the dashboard, where a login leads), each once', () => {
    const html = prerenderPage(index, 'start', '/assets/public-p.js', [
      '/assets/vendor-a.js',
      '/assets/dashboard-a.js',
      '/assets/dashboard-a.css',
    ]);
    expect(html).toContain('data-app-chunks="/assets/vendor-a.js /assets/dashboard-a.js /assets/dashboard-a.css"');
  });

  it('writes the shared texts, escaped', () => {
    const about = prerenderPage(index, 'about', '/assets/public-p.js');
    expect(about).toContain('<title>Informationen – Streckenpass</title>');
    expect(about).toContain(`<h1>${aboutPage.title}</h1>`);
    expect(about).toContain('<a href="/api/docs">interaktive API-Dokumentation</a>');
    expect(about).toContain('<code>/api/login_check</code>');
    const legal = prerenderPage(index, 'legal', '/assets/public-p.js');
    for (const paragraph of legalPage.privacy) expect(legal).toContain(`<p>${paragraph}</p>`);
  });

  it('puts a login form on the start page that cannot post a password before its script has bound it', () => {
    const html = prerenderPage(index, 'start', '/assets/public-p.js');
    expect(html).toMatch(/<form id="pp-login" class="pp-form" method="post" novalidate/);
    expect(html).toMatch(/<label for="pp-username">E-Mail-Adresse/);
    expect(html).toMatch(/<input class="pp-input" id="pp-password" name="password" type="password"/);
    expect(html).toMatch(/<button type="submit" class="pp-button" disabled>Anmelden<\/button>/);
  });

  it.each(Object.entries(prerenderedPaths))('%s: the app’s header, its own page marked as current', (path, page) => {
    const html = prerenderPage(index, page, '/assets/public-p.js');
    const header = /<header class="pp-header">(.*?)<\/header>/s.exec(html)?.[1] ?? '';
    // The brand with tabler's train, drawn from the icon's own data.
    expect(header).toContain(
      `<a class="pp-brand" href="/" aria-label="${siteHeader.home}"><svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">`,
    );
    for (const [, { d }] of trainIcon) expect(header).toContain(`<path d="${d}"/>`);
    // The links twice, in the bar and in the phone's menu; the current page as the app marks it.
    for (const { href, label } of siteHeader.links) {
      const current = href === path ? ' aria-current="page"' : '';
      expect(header.split(`<a class="pp-navlink" href="${href}"${current}>${label}</a>`)).toHaveLength(3);
    }
    expect(header.match(/aria-current/g)?.length ?? 0).toBe(page === 'donate' ? 0 : 2);
    // The menu button is a real button that says what it opens; the menu starts closed.
    expect(header).toContain(
      `<button type="button" class="pp-burger" id="pp-menu-button" aria-expanded="false" aria-controls="pp-menu" aria-label="${siteHeader.openMenu}">`,
    );
    expect(header).toContain(`<nav class="pp-menu" id="pp-menu" aria-label="${siteHeader.navigation}" hidden>`);
    expect(header).toContain(
      `<button type="button" class="pp-toggle" id="pp-scheme" aria-label="${siteHeader.toLight}">`,
    );
  });

  it('lets a stored colour scheme win over the system’s, and gives the buttons up without JavaScript', () => {
    // The system's light applies only while no choice is set on <html> (public-entry.ts sets a stored one there).
    expect(prerenderCss).toContain('@media (prefers-color-scheme:light){:root:not([data-mantine-color-scheme]) .pp{');
    expect(prerenderCss).toContain(':root[data-mantine-color-scheme=light] .pp{');
    const html = prerenderPage(index, 'start', '/assets/public-p.js');
    expect(html).toMatch(
      /<noscript><style nonce="__CSP_NONCE__">[^<]*\.pp-burger\{display:none\}[^<]*<\/style><\/noscript>/,
    );
  });

  it('fails the build when index.html has changed shape', () => {
    expect(() =>
      prerenderPage(index.replace('<div id="root"></div>', '<div id="app"></div>'), 'start', '/p.js'),
    ).toThrow(/not found/);
  });

  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
