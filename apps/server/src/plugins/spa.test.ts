import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../test/helpers.js';

const page = (body: string) =>
  `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><style nonce="__CSP_NONCE__"></style></head><body>${body}</body></html>`;

describe('SPA plugin: prerendered public pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-dist-'));
    fs.mkdirSync(path.join(dist, 'prerender'));
    fs.writeFileSync(path.join(dist, 'index.html'), page('INDEX'));
    for (const name of ['start', 'about', 'legal', 'donate']) {
      fs.writeFileSync(path.join(dist, 'prerender', `${name}.html`), page(`PRERENDERED ${name}`));
    }
    ctx = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => ctx.close());

  const get = (url: string, accept = 'text/html') => ctx.app.inject({ method: 'GET', url, headers: { accept } });

  it.each([
    ['/', 'start'],
    ['/?verified=0', 'start'],
    ['/about', 'about'],
    ['/legal', 'legal'],
    ['/donate', 'donate'],
  ])('%s gets the prerendered %s page with this response’s nonce', async (url, name) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`PRERENDERED ${name}`);
    expect(response.body).not.toContain('__CSP_NONCE__');
    expect(response.headers['cache-control']).toBe('no-cache');
    const nonce = /content="([^"]+)"/.exec(response.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(response.body).toContain(`<style nonce="${nonce}">`);
  });

  it.each(['/dashboard', '/about/x', '/reset-password', '/index.html'])('%s still gets index.html', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('INDEX');
    expect(response.body).not.toContain('PRERENDERED');
  });

  it('does not serve the prerendered files themselves (their nonce placeholder)', async () => {
    const response = await get('/prerender/about.html', '*/*');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('PRERENDERED');
  });
});
