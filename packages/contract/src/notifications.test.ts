import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_INVALID,
  createPushSubscriptionSchema,
  P256DH_INVALID,
  parseValidityRule,
  VALIDITY_DAYS_MAX,
  validityRuleLabel,
} from './notifications.js';

describe('parseValidityRule', () => {
  it('reads the labels the exports print', () => {
    expect(parseValidityRule('1 Jahr (364 Tage)')).toEqual({ days: 364 });
    expect(parseValidityRule('½ Jahr (182 Tage)')).toEqual({ days: 182 });
    expect(parseValidityRule('90 Tage')).toEqual({ days: 90 });
    expect(parseValidityRule('1 Tag')).toEqual({ days: 1 });
    expect(parseValidityRule('unbegrenzt')).toEqual({ days: null });
  });

  it('reads them as people type them: case, blanks, 1/2', () => {
    expect(parseValidityRule('  90  tage ')).toEqual({ days: 90 });
    expect(parseValidityRule('1/2 Jahr (182 Tage)')).toEqual({ days: 182 });
    expect(parseValidityRule('Unbegrenzt')).toEqual({ days: null });
    expect(parseValidityRule('30 Tag')).toEqual({ days: 30 });
  });

  it('is the inverse of validityRuleLabel for every allowed rule', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 1, max: VALIDITY_DAYS_MAX }), { nil: null }), (days) => {
        expect(parseValidityRule(validityRuleLabel(days))).toEqual({ days });
      }),
    );
  });

  it('gives a German reason for anything else', () => {
    expect(parseValidityRule('ein Jahr')).toEqual({
      error: '„ein Jahr“ ist keine Gültigkeitsregel (erwartet z. B. „1 Jahr (364 Tage)“, „90 Tage“ oder „unbegrenzt“).',
    });
    expect(parseValidityRule('')).toHaveProperty('error');
    expect(parseValidityRule('90')).toHaveProperty('error');
    expect(parseValidityRule('-5 Tage')).toHaveProperty('error');
    expect(parseValidityRule('0 Tage')).toEqual({
      error: `Die Gültigkeit „0 Tage“ muss zwischen 1 und ${VALIDITY_DAYS_MAX} Tagen liegen.`,
    });
    expect(parseValidityRule('4000 Tage')).toHaveProperty('error');
  });
});

describe('createPushSubscriptionSchema (decision 0030)', () => {
  const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const point = (bytes: Uint8Array) => base64url(Uint8Array.of(4, ...bytes));
  const parse = (endpoint: string, p256dh: string, auth: string) =>
    createPushSubscriptionSchema.safeParse({ endpoint, keys: { p256dh, auth } });
  const messages = (result: ReturnType<typeof parse>) => result.error?.issues.map((issue) => issue.message) ?? [];
  const key = point(new Uint8Array(64).fill(7));
  const secret = base64url(new Uint8Array(16).fill(1));

  it('takes 65 bytes starting with 0x04 as p256dh and exactly 16 bytes as auth, padded or not', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        (coordinates, auth) => {
          expect(parse('https://push.example.org/x', point(coordinates), base64url(auth)).success).toBe(true);
          expect(parse('https://push.example.org/x', `${point(coordinates)}=`, `${base64url(auth)}==`).success).toBe(
            true,
          );
        },
      ),
    );
  });

  it('refuses other lengths, other prefixes, compressed points and plain http, in German', () => {
    expect(parse('http://push.example.org/x', key, secret).success).toBe(false);
    expect(messages(parse('http://push.example.org/x', key, secret))).toEqual([
      'Die Push-Adresse muss mit https:// beginnen.',
    ]);
    const wrongKeys = [
      base64url(new Uint8Array(65).fill(5)),
      base64url(Uint8Array.of(2, ...new Uint8Array(32).fill(7))),
      point(new Uint8Array(63).fill(7)),
      point(new Uint8Array(65).fill(7)),
      `${key.slice(0, -1)}B`,
    ];
    for (const p256dh of wrongKeys)
      expect(messages(parse('https://p.example/x', p256dh, secret))).toEqual([P256DH_INVALID]);
    for (const length of [0, 12, 15, 17, 32]) {
      const auth = base64url(new Uint8Array(length).fill(1));
      expect(messages(parse('https://p.example/x', key, auth))).toEqual([AUTH_INVALID]);
    }
  });
});
