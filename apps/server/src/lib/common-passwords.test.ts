import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerUser, uniqueEmail, type TestContext } from '../test/helpers.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it.each([
    '12345678',
    'passwort',
    'Passwort',
    'password',
    'PASSWORD1',
    'hallo123',
    'schalke04',
    'passwort123!',
    'iloveyou',
  ])('refuses %s', async (password) => expect(await isCommonPassword(password)).toBe(true));
  // Update 2026-11-25 (decision 0013): German passwords that no list of the packages holds.
  it.each([
    ['qwertzui', 'a walk along the German keyboard'],
    ['qwertz123', 'a walk with digits appended'],
    ['QWERTZUIOP', 'a whole row, in capitals'],
    ['yxcvbnm1', 'the bottom row of the German keyboard'],
    ['ölkjhgfd', 'a row backwards, with an umlaut'],
    ['ichliebedich', 'a phrase of frequent German words'],
    ['IchLiebeDich!', 'the phrase with capitals and a symbol'],
    ['hallohallo', 'a word twice'],
    ['ichbinich1', 'a phrase with a digit'],
    ['wirsindhier', 'three frequent words'],
    ['schmidt123', 'a German last name with digits'],
    ['michael1987', 'a first name with a year'],
  ])('refuses %s (%s)', async (password) => expect(await isCommonPassword(password)).toBe(true));
  it.each([
    'geheim-passwort-1',
    'ein-gutes-Passwort-42',
    'Lokführer auf der KBS 120',
    'zurueckgesetzt-1',
    'sicheres-passwort',
    'Bahnsteigkante7',
    'korrekt pferd batterie',
    'asdfjklö-Weiche',
  ])('accepts %s', async (password) => expect(await isCommonPassword(password)).toBe(false));
});

describe('new passwords through the API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('refuses a common password at registration with 422 and a German message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: uniqueEmail('common'), password: '12345678', firstname: 'A', lastname: 'B' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, message: COMMON_PASSWORD_MESSAGE });
    expect(COMMON_PASSWORD_MESSAGE).toMatch(/^Dieses Passwort ist zu verbreitet/);
  });

  it('refuses a common password when changing it, and keeps the old one', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'passwort' },
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each(['qwertzui', 'qwertz123', 'ichliebedich'])(
    'refuses the German %s at registration with 422 and the German message',
    async (password) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email: uniqueEmail('de-common'), password, firstname: 'A', lastname: 'B' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ success: false, message: COMMON_PASSWORD_MESSAGE });
    },
  );

  it('refuses a common password on reset before the link is used up', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'irgendein-token', new_password: 'qwertyuiop' },
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { message: string }).message).toBe(COMMON_PASSWORD_MESSAGE);
  });
});
