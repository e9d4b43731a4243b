import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneTimeTokens } from '../../db/schema.js';
import { buildTestApp, registerUser, uniqueEmail, type TestContext } from '../../test/helpers.js';
import { extractLink, startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { FORGOT_PASSWORD_MESSAGE } from './authentication.routes.js';

let ctx: TestContext;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const PUBLIC = 'http://streckenpass.test';
const pathOf = (link: string) => link.slice(PUBLIC.length);

describe('mail verification', () => {
  it('mails a German verification link on registration whose link verifies the account', async () => {
    const user = await registerUser(ctx.app, { firstname: 'Jürgen' });
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toContain('E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Jürgen');
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    const link = extractLink(mail, `${PUBLIC}/api/users/mail-verification/`);

    const response = await ctx.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard?verified=1');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers });
    expect(me.json()).toMatchObject({ mail_verified: true });

    // Single use: the same link a second time is refused.
    const again = await ctx.app.inject({ method: 'GET', url: pathOf(link), headers: { accept: 'application/json' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false });
  });

  it('refuses a tampered token and a link for another address', async () => {
    const user = await registerUser(ctx.app);
    const mail = await smtp.waitFor(user.email);
    const link = extractLink(mail, `${PUBLIC}/api/users/mail-verification/`);
    const tampered = link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA');
    const bad = await ctx.app.inject({ method: 'GET', url: pathOf(tampered) });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/?verified=0');

    const token = link.split('/').pop() ?? '';
    const otherMail = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/mail-verification/${encodeURIComponent('fremd@example.org')}/${token}`,
      headers: { accept: 'application/json' },
    });
    expect(otherMail.statusCode).toBe(400);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers });
    expect(me.json()).toMatchObject({ mail_verified: false });
  });

  it('refuses an expired link', async () => {
    const user = await registerUser(ctx.app);
    const mail = await smtp.waitFor(user.email);
    const link = extractLink(mail, `${PUBLIC}/api/users/mail-verification/`);
    await ctx.db.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const response = await ctx.app.inject({
      method: 'GET',
      url: pathOf(link),
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('stores only a hash of the token', async () => {
    const user = await registerUser(ctx.app);
    const mail = await smtp.waitFor(user.email);
    const token = extractLink(mail, `${PUBLIC}/api/users/mail-verification/`).split('/').pop() ?? '';
    const rows = await ctx.db.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toContain(token);
  });
});

describe('GET /api/users/mail-verification/resend', () => {
  it('mails a new link; the new link works and the old one no longer does', async () => {
    const user = await registerUser(ctx.app);
    const first = await smtp.waitFor(user.email);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/mail-verification/resend',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    const second = await smtp.waitFor(user.email, (m) => m !== first);
    const oldLink = extractLink(first, `${PUBLIC}/api/users/mail-verification/`);
    const newLink = extractLink(second, `${PUBLIC}/api/users/mail-verification/`);
    expect(
      (await ctx.app.inject({ method: 'GET', url: pathOf(oldLink), headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: pathOf(newLink), headers: { accept: 'application/json' } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/mail-verification/resend' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/forgot-password and /api/users/reset-password', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await registerUser(ctx.app);
    await smtp.waitFor(user.email);
    const unknown = uniqueEmail('unknown');
    const known = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: user.email },
    });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: unknown },
    });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.body).toBe(other.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await smtp.waitFor(user.email, (m) => m.subject.includes('Passwort'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('resets the password once with the mailed link and revokes older tokens', async () => {
    const user = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const mail = await smtp.waitFor(user.email, (m) => m.subject.includes('Passwort'));
    const link = extractLink(mail, `${PUBLIC}/reset-password?token=`);
    const token = new URL(link).searchParams.get('token') ?? '';

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, new_password: 'zurueckgesetzt-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers })).statusCode).toBe(
      401,
    );
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: 'zurueckgesetzt-1' },
    });
    expect(login.statusCode).toBe(200);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, new_password: 'nochmal-anders-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false });

    // The account's address learns of the new password, with the way back if it was not the driver.
    const changed = await smtp.waitFor(user.email, (m) => m.subject.includes('Passwort wurde geändert'));
    expect(changed.text).toMatch(/wurde am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} geändert/);
    expect(changed.text).toContain('„Passwort vergessen?“');
    expect(changed.text).toContain(`${PUBLIC}/`);
  });

  it('refuses an expired reset link and a tampered one', async () => {
    const user = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: user.email } });
    const mail = await smtp.waitFor(user.email, (m) => m.subject.includes('Passwort'));
    const token = new URL(extractLink(mail, `${PUBLIC}/reset-password?token=`)).searchParams.get('token') ?? '';
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: `${token}x`, new_password: 'zurueckgesetzt-1' },
    });
    expect(tampered.statusCode).toBe(400);
    await ctx.db.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, new_password: 'zurueckgesetzt-1' },
    });
    expect(expired.statusCode).toBe(400);
  });

  it('answers 422 for a too short new password and 400 for a missing token', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: { token: 'abc', new_password: 'kurz' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: { new_password: 'lang-genug-1' },
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('POST /api/users/change-password', () => {
  it('mails "Ihr Passwort wurde geändert" after a change, nothing after a wrong current password', async () => {
    const user = await registerUser(ctx.app, { firstname: 'Petra' });
    const change = (current: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/change-password',
        headers: user.headers,
        payload: { current_password: current, new_password: 'ganz-neues-passwort-2' },
      });
    expect((await change('falsch-falsch-1')).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.some((m) => m.to.includes(user.email) && m.subject.includes('geändert'))).toBe(false);

    expect((await change(user.password)).statusCode).toBe(200);
    const mail = await smtp.waitFor(user.email, (m) => m.subject.includes('Passwort wurde geändert'));
    expect(mail.text).toContain('Hallo Petra');
    expect(mail.html).toContain('Passwort vergessen?');
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the messages as .eml files to DATA_DIR/outbox', async () => {
    const local = await buildTestApp({}, ctx.db);
    try {
      const user = await registerUser(local.app);
      const outbox = path.join(local.app.config.dataDir, 'outbox');
      let files: string[] = [];
      let eml = '';
      // Until the file is written through: it exists (empty) a moment before its content is in it.
      for (let i = 0; i < 50 && eml === ''; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
        eml = files.length === 1 ? fs.readFileSync(path.join(outbox, files[0]!), 'utf8') : '';
      }
      expect(files.length).toBe(1);
      expect(eml).toContain(`To: ${user.email}`);
      expect(eml).toContain('/api/users/mail-verification/');
    } finally {
      await local.close();
    }
  });
});
