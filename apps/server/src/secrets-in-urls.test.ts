import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { redactUrl, SECRET_PATHS } from './http/redact-url.js';
import { createTestDatabase, testConfig, uniqueEmail, type TestDatabase } from './test/helpers.js';
import { extractLink, startTestSmtp, type TestSmtp } from './test/smtp.js';

/**
 * Secrets that travel in a URL (docs/decisions/0033): share links, the calendar feed, mail verification, password
 * reset and the cron key. A whole session through the app, logged at the most verbose level with the production
 * logger configuration, must leave none of them in any log line — not in request logs, error logs or 404 answers.
 */

const PUBLIC = 'http://streckenpass.test';
const CRON_KEY = `cron-${randomBytes(24).toString('hex')}`;

let app: App;
let db: TestDatabase;
let smtp: TestSmtp;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  db = await createTestDatabase();
  // A built web app, so that paths nobody serves reach the SPA's fallback as in production.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'streckenpass-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><style nonce="__CSP_NONCE__"></style></head><body>SPA</body></html>',
  );
  app = await buildApp(testConfig({ logLevel: 'trace', smtpUrl: smtp.url, cronApiKey: CRON_KEY, webDist: dist }), {
    database: db.database,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.drop();
  await smtp.close();
});

const inject = (method: 'GET' | 'POST' | 'DELETE' | 'HEAD', url: string, payload?: object, token?: string) =>
  app.inject({
    method,
    url,
    headers: {
      accept: 'text/html,application/xhtml+xml',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });

describe('secrets in URLs', () => {
  it('leaves no token, link or key of a whole session in any log line at trace level', async () => {
    const email = uniqueEmail('url-secrets');
    const password = `Passwort-${randomBytes(8).toString('hex')}`;
    const resetPassword = `Reset-${randomBytes(8).toString('hex')}`;

    // Register and verify the address through the link of the mail.
    const registered = await inject('POST', '/api/users/register', { email, password, firstname: 'Ur', lastname: 'L' });
    expect(registered.statusCode).toBe(201);
    const registerJwt = (registered.json() as { jwt_token: string }).jwt_token;
    const verificationLink = extractLink(await smtp.waitFor(email), `${PUBLIC}/api/users/mail-verification/`);
    const verificationPath = verificationLink.slice(PUBLIC.length);
    const verificationToken = verificationPath.split('/').pop()!;
    expect((await inject('GET', verificationPath)).statusCode).toBe(302);
    // Used twice, with extra segments and with a changed token: refused, and logged without the token either.
    expect((await inject('GET', verificationPath)).statusCode).toBe(302);
    expect((await inject('GET', `${verificationPath}/mehr`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await inject('GET', `${verificationPath}x%zz`)).statusCode).toBeGreaterThanOrEqual(400);

    // Request and use a password reset; the web app's page carries the token in its query.
    expect((await inject('POST', '/api/users/forgot-password', { email })).statusCode).toBe(200);
    const resetMail = await smtp.waitFor(email, (mail) => mail.text.includes('/reset-password?token='));
    const resetLink = extractLink(resetMail, `${PUBLIC}/reset-password?token=`);
    const resetToken = new URL(resetLink).searchParams.get('token')!;
    expect((await inject('GET', resetLink.slice(PUBLIC.length))).statusCode).toBe(200);
    await inject('GET', `/api/users/reset-password?token=${resetToken}`);
    await inject('GET', `/reset-password?lang=de&token=${resetToken}&x=1`);
    const reset = await inject('POST', '/api/users/reset-password', { token: resetToken, new_password: resetPassword });
    expect(reset.statusCode).toBe(200);

    const login = await inject('POST', '/api/login_check', { username: email, password: resetPassword });
    expect(login.statusCode).toBe(200);
    const jwt = (login.json() as { token: string }).token;

    // A share link: its page, its PDF, and every wrong variant of both.
    const created = await inject('POST', '/api/share_links', { label: 'Für die Aufsicht' }, jwt);
    expect(created.statusCode).toBe(201);
    const shareUrl = (created.json() as { url: string }).url;
    const sharePath = new URL(shareUrl).pathname;
    const shareToken = sharePath.split('/').pop()!;
    expect((await inject('GET', sharePath)).statusCode).toBe(200);
    expect((await inject('GET', `${sharePath}/pdf`)).statusCode).toBe(200);
    expect((await inject('HEAD', sharePath)).statusCode).toBe(200);
    const shareVariants = [
      `${sharePath}x`,
      `${sharePath}/pdf/mehr`,
      `${sharePath}/mehr`,
      `${sharePath}${'a'.repeat(150)}`,
      `${sharePath}%zz`,
      `${sharePath}?token=${shareToken}`,
      `/NACHWEIS/${shareToken}`,
      `//nachweis/${shareToken}`,
    ];
    for (const url of shareVariants) await inject('GET', url);
    await inject('POST', sharePath, {});

    // A calendar feed: fetched, and wrong variants of it.
    const feed = await inject('POST', '/api/calendar_feed', undefined, jwt);
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL((feed.json() as { url: string }).url).pathname;
    const feedToken = feedPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect((await inject('GET', feedPath)).statusCode).toBe(200);
    expect((await inject('GET', `${feedPath}?t=1`)).statusCode).toBe(200);
    for (const url of [`${feedPath}/mehr`, `${feedPath}x`, `/api/calendar/${feedToken}%zz`]) {
      expect((await inject('GET', url)).statusCode, url).toBeGreaterThanOrEqual(400);
    }

    // The cron endpoints with the key, with a wrong key and with extra segments.
    expect((await inject('GET', `/api/cronjob/internal/${CRON_KEY}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/cronjob/reminders/${CRON_KEY}`)).statusCode).toBe(200);
    for (const url of [
      `/api/cronjob/internal/${CRON_KEY}x`,
      `/api/cronjob/reminders/${CRON_KEY}/mehr`,
      `/api/cronjob/unbekannt/${CRON_KEY}`,
      `/api/cronjob/internal/${CRON_KEY}%zz`,
    ]) {
      expect((await inject('GET', url)).statusCode, url).toBeGreaterThanOrEqual(400);
    }

    // Revoked and deleted: the same paths once more.
    expect((await inject('DELETE', '/api/calendar_feed', undefined, jwt)).statusCode).toBe(204);
    expect((await inject('GET', feedPath)).statusCode).toBe(404);
    const id = (created.json() as { id: number }).id;
    expect((await inject('POST', `/api/share_links/${id}/revoke`, undefined, jwt)).statusCode).toBe(200);
    expect((await inject('GET', sharePath)).statusCode).toBe(404);

    const log = logLines.join('');
    // The log is there, at the most verbose level, and names the requests with the secrets blanked out…
    expect(app.log.level).toBe('trace');
    expect(log).toContain('/nachweis/[redacted]');
    expect(log).toContain('/nachweis/[redacted]/pdf');
    expect(log).toContain('/api/calendar/[redacted]');
    expect(log).toContain('/api/cronjob/internal/[redacted]');
    expect(log).toContain('/api/users/mail-verification/[redacted]/[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    // …but none of the secrets, whole or in a recognisable part.
    const secrets = {
      password,
      resetPassword,
      registerJwtSignature: registerJwt.split('.')[2]!,
      jwtSignature: jwt.split('.')[2]!,
      verificationToken,
      resetToken,
      shareToken,
      feedToken,
      cronKey: CRON_KEY.slice('cron-'.length),
    };
    for (const [name, secret] of Object.entries(secrets)) {
      const parts = [secret, secret.slice(0, 12), secret.slice(-12)];
      const lines = logLines.filter((line) => parts.some((part) => line.includes(part)));
      expect(lines, `${name} appears in the log`).toEqual([]);
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/nachweis/abc', '/nachweis/[redacted]'],
    ['/nachweis/abc/pdf', '/nachweis/[redacted]/pdf'],
    ['/nachweis/abc/pdf?download=1', '/nachweis/[redacted]/pdf?download=1'],
    ['/api/calendar/abc.ics', '/api/calendar/[redacted]'],
    ['/api/calendar_feed', '/api/calendar_feed'],
    ['/api/cronjob/internal/key', '/api/cronjob/internal/[redacted]'],
    ['/api/cronjob/reminders/reminder-cron-key', '/api/cronjob/reminders/[redacted]'],
    ['/api/calendar/geheim.ics', '/api/calendar/[redacted]'],
    ['/api/cronjob/intern/key', '/api/cronjob/[redacted]/[redacted]'],
    ['/api/users/mail-verification/a%40b.de/abc', '/api/users/mail-verification/[redacted]/[redacted]'],
    ['/api/users/mail-verification/resend', '/api/users/mail-verification/resend'],
    ['/reset-password?token=abc&x=1', '/reset-password?token=[redacted]&x=1'],
    ['/Nachweis//abc', '/Nachweis//[redacted]'],
    ['Link: http://host/nachweis/abc"}', 'Link: http://host/nachweis/[redacted]"}'],
    ['/api/routes/12', '/api/routes/12'],
  ])('%s → %s', (url, redacted) => expect(redactUrl(url)).toBe(redacted));

  it('covers every public API operation that takes a path parameter', async () => {
    const document = app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const publicWithParameters = Object.entries(document.paths)
      .filter(
        ([path, operations]) => path.includes('{') && Object.values(operations).some((op) => op.security?.length === 0),
      )
      .map(([path]) => path);
    expect(publicWithParameters).toEqual(
      expect.arrayContaining([
        '/api/users/mail-verification/{mail}/{token}',
        '/api/cronjob/internal/{apiKey}',
        '/api/cronjob/reminders/{apiKey}',
        '/api/calendar/{file}',
      ]),
    );
    for (const path of publicWithParameters) {
      const marker = 'Geheimnis0123456789';
      const url = path.replace(/\{[^}]+\}/g, marker);
      expect(redactUrl(url), `${path} is not declared in SECRET_PATHS (http/redact-url.ts)`).not.toContain(marker);
    }
    expect(SECRET_PATHS.map(({ prefix }) => prefix)).toContain('/nachweis');
  });
});

describe('GET /nachweis/* (any share path that opens nothing)', () => {
  const token = 'A'.repeat(43);
  it.each([
    ['an unknown token', `/nachweis/${token}`],
    ['a token of 101 characters', `/nachweis/${'a'.repeat(101)}`],
    ['a token of 5,000 characters', `/nachweis/${'a'.repeat(5000)}`],
    ['an over-long token with /pdf', `/nachweis/${'a'.repeat(150)}/pdf`],
    ['extra segments', `/nachweis/${token}/pdf/mehr`],
    ['an empty token', '/nachweis/'],
    ['the prefix alone', '/nachweis'],
    ['broken percent-encoding', `/nachweis/${token}%zz`],
    ['only percent signs', '/nachweis/%%%%%'],
    ['an encoded slash', '/nachweis/..%2F..%2Fetc'],
    ['a NUL byte', '/nachweis/a%00b'],
    ['markup', '/nachweis/<script>alert(1)</script>'],
    ['non-ASCII', '/nachweis/%C3%A4%C3%B6'],
  ])('answers the uniform 404 page for %s', async (_name, url) => {
    const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Link nicht gefunden</h1>');
    expect(page.body).not.toContain('SPA');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const nonce = /<style nonce="([^"]+)"/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce!}'`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const other = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: 404, detail: 'Diesen Link gibt es nicht oder nicht mehr.' });
  });
});
