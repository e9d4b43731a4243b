import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import {
  buildTestApp,
  createTestDatabase,
  registerUser,
  testConfig,
  uniqueEmail,
  type TestDatabase,
} from './test/helpers.js';
import { extractLink, startTestSmtp, type TestSmtp } from './test/smtp.js';

/**
 * Threats of docs/security.md that no feature test covers on its own: secrets in the logs, header injection
 * through the names that go into mails, and cross-site request forgery.
 */

const PUBLIC = 'http://streckenpass.test';
const CRON_KEY = randomBytes(24).toString('hex');

let app: App;
let db: TestDatabase;
let smtp: TestSmtp;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  db = await createTestDatabase();
  // The production logger configuration (redaction, serializers) at debug level, written to memory.
  app = await buildApp(testConfig({ logLevel: 'debug', smtpUrl: smtp.url, cronApiKey: CRON_KEY }), {
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

const json = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    ...(payload ? { payload } : {}),
  });

describe('secrets in logs', () => {
  it('keeps passwords, tokens, one-time links and the cron key out of the log', async () => {
    const email = uniqueEmail('logs');
    const password = `Passwort-${randomBytes(8).toString('hex')}`;
    const newPassword = `Neu-${randomBytes(8).toString('hex')}`;
    const resetPassword = `Reset-${randomBytes(8).toString('hex')}`;

    const registered = await json('POST', '/api/users/register', { email, password, firstname: 'Lo', lastname: 'Gs' });
    expect(registered.statusCode).toBe(201);
    const registerToken = (registered.json() as { jwt_token: string }).jwt_token;
    const verification = extractLink(await smtp.waitFor(email), `${PUBLIC}/api/users/mail-verification/`);

    const login = await json('POST', '/api/login_check', { username: email, password });
    const token = (login.json() as { token: string }).token;
    expect((await json('GET', '/api/users/current', undefined, token)).statusCode).toBe(200);
    // A failing login and a body that fails validation log nothing of their bodies either.
    expect((await json('POST', '/api/login_check', { username: email, password: `${password}x` })).statusCode).toBe(
      401,
    );
    expect((await json('POST', '/api/users/register', { email, password, firstname: '' })).statusCode).toBe(422);

    const verified = await app.inject({ method: 'GET', url: verification.slice(PUBLIC.length) });
    expect(verified.statusCode).toBe(302);

    const changed = await json(
      'POST',
      '/api/users/change-password',
      { current_password: password, new_password: newPassword },
      token,
    );
    expect(changed.statusCode).toBe(200);

    expect((await json('POST', '/api/users/forgot-password', { email })).statusCode).toBe(200);
    const resetMail = await smtp.waitFor(email, (mail) => mail.text.includes('/reset-password?token='));
    const resetLink = extractLink(resetMail, `${PUBLIC}/reset-password?token=`);
    const resetToken = new URL(resetLink).searchParams.get('token')!;
    // The reset token in a query string (as a mistaken client might send it) and in the body.
    await app.inject({ method: 'GET', url: `/api/health?token=${resetToken}` });
    const reset = await json('POST', '/api/users/reset-password', { token: resetToken, new_password: resetPassword });
    expect(reset.statusCode).toBe(200);

    expect((await app.inject({ method: 'GET', url: `/api/cronjob/internal/${CRON_KEY}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/cronjob/internal/${CRON_KEY}x` })).statusCode).toBe(403);
    await json('GET', '/api/users/logout', undefined, token);

    const log = logLines.join('');
    // The log is there and names the requests…
    expect(log).toContain('/api/login_check');
    expect(log).toContain('/api/cronjob/internal/[redacted]');
    expect(log).toContain('mail sent');
    // …but none of the secrets.
    const verificationToken = verification.split('/').pop()!;
    const secrets = {
      password,
      newPassword,
      resetPassword,
      registerToken,
      token,
      tokenSignature: token.split('.')[2]!,
      verificationToken,
      resetToken,
      CRON_KEY,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `${name} appears in the log`).toBe(false);
    }
    // Mail bodies stay out too: the greeting of the verification mail is not logged.
    expect(log).not.toContain('bitte bestätigen Sie');
  });
});

describe('mail header injection', () => {
  it('keeps line breaks in a name inside the body: one recipient, no injected header', async () => {
    const email = uniqueEmail('header');
    const evil = 'evil@example.org';
    const registered = await json('POST', '/api/users/register', {
      email,
      password: 'geheim-passwort-1',
      firstname: `Erika\r\nBcc: ${evil}\r\nX-Injected: ja`,
      lastname: `Muster\nSubject: Gewonnen`,
    });
    // Accepted or refused, never a 500; if accepted, the mail goes to the address alone.
    expect([201, 422]).toContain(registered.statusCode);
    if (registered.statusCode === 201) {
      const mail = await smtp.waitFor(email);
      expect(mail.to).toEqual([email.toLowerCase()]);
      expect(mail.parsed.headers.has('x-injected')).toBe(false);
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.subject).not.toContain('Gewonnen');
    }
    expect(smtp.messages.some((mail) => mail.to.includes(evil))).toBe(false);
  });

  it('mails nothing for an address with a line break, and answers like for any unknown address', async () => {
    const sent = smtp.messages.length;
    for (const email of [`a@example.org\r\nBcc: evil@example.org`, `a@example.org\nevil@example.org`]) {
      const response = await json('POST', '/api/users/forgot-password', { email });
      expect(response.statusCode).toBeLessThan(500);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.length).toBe(sent);
  });

  it('escapes markup of a name in the HTML part', async () => {
    const email = uniqueEmail('markup');
    const registered = await json('POST', '/api/users/register', {
      email,
      password: 'geheim-passwort-1',
      firstname: '<img src=x onerror=alert(1)>',
      lastname: 'Muster',
    });
    expect(registered.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('cross-site request forgery', () => {
  it('sets no cookie: a browser has nothing it would send on its own', async () => {
    const email = uniqueEmail('csrf');
    const responses = [
      await json('POST', '/api/users/register', {
        email,
        password: 'geheim-passwort-1',
        firstname: 'C',
        lastname: 'S',
      }),
      await json('POST', '/api/login_check', { username: email, password: 'geheim-passwort-1' }),
      await app.inject({ method: 'GET', url: '/api/health' }),
    ];
    for (const response of responses) expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('gives another origin no CORS permission and no way in without the bearer token', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/routes',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // A "simple" cross-site form post: no token, so 401 (or 415 for the form encoding), never a write.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/routes',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', cookie: 'a=b' },
      payload: 'name=x&startPoint=HU&endPoint=FF',
    });
    expect([401, 415]).toContain(forged.statusCode);
    expect(forged.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('brute force on mail sending', () => {
  it('limits verification mail resends per client (429 with Retry-After)', async () => {
    const generous = { max: 10_000, timeWindow: 60_000 };
    const limited = await buildTestApp({
      rateLimits: {
        login: generous,
        register: generous,
        passwordReset: generous,
        verification: { max: 2, timeWindow: 60_000 },
        global: generous,
      },
    });
    try {
      const user = await registerUser(limited.app);
      const resend = () =>
        limited.app.inject({ method: 'GET', url: '/api/users/mail-verification/resend', headers: user.headers });
      expect((await resend()).statusCode).toBe(200);
      expect((await resend()).statusCode).toBe(200);
      const refused = await resend();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
