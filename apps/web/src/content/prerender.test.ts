import { describe, expect, it } from 'vitest';
import { aboutPage, legalPage } from './public-pages';
import { escapeHtml, prerenderedPaths, prerenderPage } from './prerender';

const index = `<!doctype html><html lang="de"><head><title>Streckenpass</title>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-a.css">
</head><body><div id="root"></div>
<noscript>Streckenpass benötigt JavaScript.</noscript></body></html>`;

describe('prerenderPage', () => {
  it.each(Object.values(prerenderedPaths))('%s: static markup in #root, no inline style attribute', (page) => {
    const html = prerenderPage(index, page);
    expect(html).toMatch(/<div id="root"><div class="pp">.*<main class="pp-main">.*<h1/s);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).toContain('<style nonce="__CSP_NONCE__">');
    // The app's script stays; its stylesheet no longer blocks the first paint.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).toContain(
      '<link rel="stylesheet" media="print" data-deferred-style crossorigin href="/assets/index-a.css">',
    );
    expect(html).not.toContain('<noscript>Streckenpass benötigt JavaScript.</noscript>');
  });

  it('writes the shared texts, escaped', () => {
    const about = prerenderPage(index, 'about');
    expect(about).toContain('<title>Informationen – Streckenpass</title>');
    expect(about).toContain(`<h1>${aboutPage.title}</h1>`);
    expect(about).toContain('<a href="/api/docs">interaktive API-Dokumentation</a>');
    expect(about).toContain('<code>/api/login_check</code>');
    const legal = prerenderPage(index, 'legal');
    for (const paragraph of legalPage.privacy) expect(legal).toContain(`<p>${paragraph}</p>`);
  });

  it('fails the build when index.html has changed shape', () => {
    expect(() => prerenderPage(index.replace('<div id="root"></div>', '<div id="app"></div>'), 'start')).toThrow(
      /not found/,
    );
  });

  it('escapes markup characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
