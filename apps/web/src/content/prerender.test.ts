import { describe, expect, it } from 'vitest';
import { aboutPage, legalPage } from './public-pages';
import { escapeHtml, prerenderedPaths, prerenderPage } from './prerender';

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

  it('fails the build when index.html has changed shape', () => {
    expect(() =>
      prerenderPage(index.replace('<div id="root"></div>', '<div id="app"></div>'), 'start', '/p.js'),
    ).toThrow(/not found/);
  });

  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
