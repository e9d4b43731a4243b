import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { buildTestApp, registerUser, uniqueEmail, type TestContext } from '../../test/helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/users/register', () => {
  it('creates the account, trims the names and signs the user in', async () => {
    const email = uniqueEmail('register');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email, password: 'sicheres-passwort', firstname: '  Jörg ', lastname: ' Weiß  ' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { success: boolean; message: string; jwt_token: string };
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/Registrierung erfolgreich/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(body.jwt_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      firstname: 'Jörg',
      lastname: 'Weiß',
      roles: ['ROLE_USER'],
      mail_verified: false,
    });
  });

  it('answers 409 with a German message when the address is taken, whatever its case', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: user.email.toUpperCase(), password: 'anderes-passwort', firstname: 'A', lastname: 'B' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'Diese E-Mail-Adresse ist bereits registriert.' });
  });

  it('answers 422 with success false for an invalid address or a short password', async () => {
    const badMail = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: 'keine-adresse', password: 'sicheres-passwort', firstname: 'A', lastname: 'B' },
    });
    expect(badMail.statusCode).toBe(422);
    expect(badMail.json()).toMatchObject({ success: false, message: 'Bitte eine gültige E-Mail-Adresse angeben.' });

    const shortPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: uniqueEmail(), password: 'kurz', firstname: 'A', lastname: 'B' },
    });
    expect(shortPassword.statusCode).toBe(422);
    expect(shortPassword.json()).toMatchObject({ success: false });
  });

  it('refuses an address with more than 64 characters before the @ or 254 in all (RFC 5321), with 422', async () => {
    const register = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email, password: 'sicheres-passwort', firstname: 'A', lastname: 'B' },
      });
    const unique = Date.now().toString(36);
    const longest = await register(`${unique}${'a'.repeat(64 - unique.length)}@example.org`);
    expect(longest.statusCode).toBe(201);

    const localTooLong = await register(`${unique}${'a'.repeat(65 - unique.length)}@example.org`);
    expect(localTooLong.statusCode).toBe(422);
    expect(localTooLong.json()).toEqual({
      success: false,
      message: 'Der Teil der E-Mail-Adresse vor dem @ darf höchstens 64 Zeichen lang sein.',
    });
    // 64 before the @ and a domain that brings the whole to 255 characters.
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.gggg.de`;
    const wholeTooLong = await register(`${'b'.repeat(64)}@${domain}`);
    expect(`${'b'.repeat(64)}@${domain}`).toHaveLength(255);
    expect(wholeTooLong.statusCode).toBe(422);
    expect(wholeTooLong.json()).toEqual({
      success: false,
      message: 'Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein.',
    });
    const rows = await ctx.db.database.db.query.users.findMany({ where: (u, { like }) => like(u.email, `${unique}%`) });
    expect(rows.map((row) => row.email.split('@')[0]!.length)).toEqual([64]);
  });

  it('never stores the password in plain text', async () => {
    const user = await registerUser(ctx.app, { password: 'klartext-passwort' });
    const rows = await ctx.db.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) });
    expect(rows?.passwordHash).toMatch(/^scrypt\$/);
    expect(rows?.passwordHash).not.toContain('klartext-passwort');
  });
});

describe('POST /api/login_check', () => {
  it('returns a token carrying sub, username, roles, iat, exp, jti and auth_time, valid 5 days (sliding)', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const claims = decodeJwt((response.json() as { token: string }).token);
    expect(claims).toMatchObject({ sub: String(user.id), username: user.email, roles: ['ROLE_USER'] });
    expect(typeof claims.jti).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(5 * 24 * 3600);
    expect(claims.auth_time).toBe(claims.iat);
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown user alike', async () => {
    const user = await registerUser(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: 'falsch-falsch' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: uniqueEmail('nobody'), password: 'falsch-falsch' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: 'Invalid credentials.' });
    }
  });

  it('answers 400 for a body without password', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login_check', payload: { username: 'a@b.de' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/users/current', () => {
  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const user = await registerUser(ctx.app);
    const [header, payload] = user.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, bearer(forged), { authorization: user.token }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers });
      expect(response.statusCode).toBe(401);
    }
  });

  it('rejects a token signed with another algorithm (alg none)', async () => {
    const user = await registerUser(ctx.app);
    const [, payload] = user.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(none) });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/users/{id}', () => {
  it('returns the own account', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('answers 403 for another user, 404 for an unknown id, 401 without a token', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/${bob.id}`, headers: alice.headers })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/999999', headers: alice.headers })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${alice.id}` })).statusCode).toBe(401);
  });

  it('answers 404 for an id that is not a canonical number', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/abc', headers: user.headers });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/users/logout', () => {
  it('revokes the token used, but not the other sessions', async () => {
    const user = await registerUser(ctx.app);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: user.password },
    });
    const otherToken = (second.json() as { token: string }).token;

    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/logout', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(otherToken) })).statusCode,
    ).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/logout' })).statusCode).toBe(401);
  });
});

describe('POST /api/users/change-password', () => {
  it('changes the password, keeps the current session and revokes the others', async () => {
    const user = await registerUser(ctx.app);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: user.password },
    });
    const otherToken = (other.json() as { token: string }).token;

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'ganz-neues-passwort' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Passwort erfolgreich geändert.' });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(otherToken) })).statusCode,
    ).toBe(401);

    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: 'ganz-neues-passwort' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('answers 400 with a German message for a wrong current password', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: user.headers,
      payload: { current_password: 'nicht-richtig', new_password: 'ganz-neues-passwort' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Das aktuelle Passwort ist falsch.' });
  });

  it('answers 422 for a too short new password and 401 without a token', async () => {
    const user = await registerUser(ctx.app);
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'kurz' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ success: false });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      payload: { current_password: 'x', new_password: 'yyyyyyyyyy' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/users/update-preferences', () => {
  it('stores both preferences', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update-preferences',
      headers: user.headers,
      payload: { receive_weekly_reports: false, bcc_mail_weekly_reports: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Einstellungen erfolgreich gespeichert.' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: user.headers });
    expect(me.json()).toMatchObject({ receive_weekly_reports: false, bcc_mail_weekly_reports: true });
  });

  it('answers 400 for a non-boolean value and for unknown fields, 401 without a token', async () => {
    const user = await registerUser(ctx.app);
    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update-preferences',
      headers: user.headers,
      payload: { receive_weekly_reports: 'ja', bcc_mail_weekly_reports: true },
    });
    expect(wrongType.statusCode).toBe(400);
    const unknownField = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/update-preferences',
      headers: user.headers,
      payload: { receive_weekly_reports: true, bcc_mail_weekly_reports: true, roles: ['ROLE_ADMIN'] },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/update-preferences',
          payload: { receive_weekly_reports: true, bcc_mail_weekly_reports: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});
