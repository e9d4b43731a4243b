import { describe, expect, it } from 'vitest';
import { dateSchema, idParamsSchema, isStorableDate, parsePathId, text } from './common.js';
import { createRouteSchema } from './routes.js';
import { loginSchema, registerSchema } from './users.js';
import { createVehicleSchema } from './vehicles.js';

const ENGLISH = /Invalid|expected|received|Too (big|small)|must/;

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.message);
}

describe('German validation messages', () => {
  it.each([
    ['a wrong type', () => createVehicleSchema.safeParse({ name: 5 })],
    ['a missing field', () => loginSchema.safeParse({ username: 'a@b.de' })],
    ['an unknown field', () => createVehicleSchema.safeParse({ name: 'Lok', colour: 'rot' })],
    ['a body that is no object', () => registerSchema.safeParse([])],
    ['a list instead of a text', () => createRouteSchema.safeParse({ name: [], startPoint: 'A', endPoint: 'B' })],
  ])('words %s in German', (_label, parse) => {
    for (const message of messages(parse())) {
      expect(message).not.toMatch(ENGLISH);
      expect(message).toMatch(/[a-zäöüß]{3}/i);
    }
  });

  it('refuses NUL bytes in any text', () => {
    expect(messages(text().safeParse('a\u0000b'))).toEqual(['Der Text enthält ein unzulässiges Steuerzeichen.']);
    expect(createRouteSchema.safeParse({ name: 'A\u0000', startPoint: 'A', endPoint: 'B' }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'a@b.de', password: 'x\u0000' }).success).toBe(false);
  });
});

describe('dates', () => {
  it.each(['0001-01-01', '2024-02-29', '9999-12-31', '0099-03-01'])('accepts %s', (date) => {
    expect(isStorableDate(date)).toBe(true);
    expect(dateSchema.safeParse(date).success).toBe(true);
  });
  it.each(['0000-01-01', '10000-01-01', '2026-02-31', '2025-02-29', '2026-00-01', '2026-13-01', '+2026-01-01'])(
    'refuses %s',
    (date) => {
      expect(isStorableDate(date)).toBe(false);
      expect(dateSchema.safeParse(date).success).toBe(false);
    },
  );
});

describe('path ids', () => {
  it('reads only canonical decimals within the integer range', () => {
    expect(parsePathId('1')).toBe(1);
    expect(parsePathId('2147483647')).toBe(2147483647);
    for (const segment of ['0', '01', '+1', '1e0', '0x1', '1.0', ' 1', '-1', '2147483648', '99999999999', '']) {
      expect(parsePathId(segment), segment).toBeNull();
      expect(idParamsSchema.parse({ id: segment }).id, segment).toBe(0);
    }
  });
});
