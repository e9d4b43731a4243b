import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShareLink, ShareLink } from '@streckenpass/contract/share-links';
import { createCaller } from '../../test/api.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../../test/helpers.js';
import { extractLink, startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { SHARED_ACCESS_REVOKED_MESSAGE } from './account-answers.js';

/**
 * A new password and the access that was handed out on purpose (docs/decisions/0033): share links and the calendar
 * feed survive a password change or reset unless `revoke_shared_access: true` asks to end them with it.
 */

let ctx: TestContext;
let smtp: TestSmtp;
const call = createCaller(() => ctx.app);
beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const pathOf = (url: string) => new URL(url).pathname;
const status = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;

/** A user with two share links (one of them already revoked), a calendar feed and a second session. */
async function withSharedAccess() {
  const user = await registerUser(ctx.app);
  const links: string[] = [];
  for (const label of ['Aufsicht', 'Ausbilder', 'Schon widerrufen']) {
    const created = await call('POST', '/api/share_links', user, { label });
    expect(created.statusCode).toBe(201);
    links.push(pathOf((created.json() as CreatedShareLink).url));
    if (label === 'Schon widerrufen') {
      const id = (created.json() as CreatedShareLink).id;
      expect((await call('POST', `/api/share_links/${id}/revoke`, user)).statusCode).toBe(200);
    }
  }
  const feed = await call('POST', '/api/calendar_feed', user);
  expect(feed.statusCode).toBe(201);
  const feedPath = pathOf((feed.json() as { url: string }).url);
  const login = await call('POST', '/api/login_check', undefined, { username: user.email, password: user.password });
  const otherSession = { ...user, headers: { authorization: `Bearer ${(login.json() as { token: string }).token}` } };
  expect(await status(links[0]!)).toBe(200);
  expect(await status(feedPath)).toBe(200);
  return { user, otherSession, links, feedPath };
}

const states = async (user: TestUser) =>
  ((await call('GET', '/api/share_links', user)).json() as ShareLink[]).map((link) => link.state).sort();

describe('POST /api/users/change-password', () => {
  it('with revoke_shared_access ends every share link and the calendar feed together with the other sessions', async () => {
    const { user, otherSession, links, feedPath } = await withSharedAccess();
    const response = await call('POST', '/api/users/change-password', user, {
      current_password: user.password,
      new_password: 'ein-ganz-neues-passwort-7',
      revoke_shared_access: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: `Passwort erfolgreich geändert. ${SHARED_ACCESS_REVOKED_MESSAGE}`,
    });
    expect(SHARED_ACCESS_REVOKED_MESSAGE).toBe('Alle Freigabe-Links und das Kalender-Abo wurden beendet.');
    for (const link of links) {
      expect(await status(link)).toBe(404);
      expect(await status(`${link}/pdf`)).toBe(404);
    }
    expect(await status(feedPath)).toBe(404);
    expect(await states(user)).toEqual(['revoked', 'revoked', 'revoked']);
    expect((await call('GET', '/api/notifications/settings', user)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/current', otherSession)).statusCode).toBe(401);
    expect((await call('GET', '/api/users/current', user)).statusCode).toBe(200);
  });

  it('keeps share links and the calendar feed without the option, and with it set to false', async () => {
    for (const revoke of [undefined, false]) {
      const { user, otherSession, links, feedPath } = await withSharedAccess();
      const response = await call('POST', '/api/users/change-password', user, {
        current_password: user.password,
        new_password: 'ein-ganz-neues-passwort-7',
        ...(revoke === undefined ? {} : { revoke_shared_access: revoke }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Passwort erfolgreich geändert.' });
      expect(await status(links[0]!)).toBe(200);
      expect(await status(links[1]!)).toBe(200);
      expect(await status(feedPath)).toBe(200);
      expect(await states(user)).toEqual(['active', 'active', 'revoked']);
      expect((await call('GET', '/api/users/current', otherSession)).statusCode).toBe(401);
    }
  });

  it('ends nothing for a wrong current password (400), without a token (401) or for an invalid option (422)', async () => {
    const { user, links, feedPath } = await withSharedAccess();
    const wrong = await call('POST', '/api/users/change-password', user, {
      current_password: `${user.password}x`,
      new_password: 'ein-ganz-neues-passwort-7',
      revoke_shared_access: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: 'Das aktuelle Passwort ist falsch.' });

    const anonymous = await call('POST', '/api/users/change-password', undefined, {
      current_password: user.password,
      new_password: 'ein-ganz-neues-passwort-7',
      revoke_shared_access: true,
    });
    expect(anonymous.statusCode).toBe(401);

    for (const value of ['ja', 1, null]) {
      const invalid = await call('POST', '/api/users/change-password', user, {
        current_password: user.password,
        new_password: 'ein-ganz-neues-passwort-7',
        revoke_shared_access: value,
      });
      expect(invalid.statusCode, String(value)).toBe(422);
      expect(invalid.json()).toEqual({
        success: false,
        message: '„revoke_shared_access“ muss true oder false sein.',
      });
    }
    expect(await status(links[0]!)).toBe(200);
    expect(await status(feedPath)).toBe(200);
    const login = await call('POST', '/api/login_check', undefined, { username: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('POST /api/users/reset-password', () => {
  async function resetToken(email: string): Promise<string> {
    const before = smtp.messages.length;
    expect((await call('POST', '/api/users/forgot-password', undefined, { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor(
      email,
      (m) => m.text.includes('/reset-password?token=') && smtp.messages.indexOf(m) >= before,
    );
    return new URL(extractLink(mail, 'http://streckenpass.test/reset-password?token=')).searchParams.get('token')!;
  }

  it('with revoke_shared_access ends every share link and the calendar feed', async () => {
    const { user, links, feedPath } = await withSharedAccess();
    const token = await resetToken(user.email);
    const response = await call('POST', '/api/users/reset-password', undefined, {
      token,
      new_password: 'zurueckgesetzt-und-neu-3',
      revoke_shared_access: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: `Ihr Passwort wurde geändert. Sie können sich jetzt anmelden. ${SHARED_ACCESS_REVOKED_MESSAGE}`,
    });
    for (const link of links) expect(await status(link)).toBe(404);
    expect(await status(feedPath)).toBe(404);
    expect((await call('GET', '/api/users/current', user)).statusCode).toBe(401);
  });

  it('keeps them without the option, and ends nothing for a used link or an invalid option', async () => {
    const { user, links, feedPath } = await withSharedAccess();
    const token = await resetToken(user.email);
    const invalid = await call('POST', '/api/users/reset-password', undefined, {
      token,
      new_password: 'zurueckgesetzt-und-neu-3',
      revoke_shared_access: 'ja',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ success: false, message: '„revoke_shared_access“ muss true oder false sein.' });

    const response = await call('POST', '/api/users/reset-password', undefined, {
      token,
      new_password: 'zurueckgesetzt-und-neu-3',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.',
    });
    const used = await call('POST', '/api/users/reset-password', undefined, {
      token,
      new_password: 'noch-ein-anderes-passwort-5',
      revoke_shared_access: true,
    });
    expect(used.statusCode).toBe(400);
    expect(await status(links[0]!)).toBe(200);
    expect(await status(links[1]!)).toBe(200);
    expect(await status(feedPath)).toBe(200);
    const login = await call('POST', '/api/login_check', undefined, {
      username: user.email,
      password: 'zurueckgesetzt-und-neu-3',
    });
    expect(login.statusCode).toBe(200);
  });
});
