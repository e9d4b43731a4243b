import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, requiredText, SURROGATE_MESSAGE, text } from './common.js';
import { createRouteSchema, updateRouteSchema } from './routes.js';
import { createTourSchema } from './tours.js';
import { createVehicleSchema, updateVehicleSchema } from './vehicles.js';

/** Any text of whole code points (surrogate pairs included, lone halves never) without NUL. */
const wellFormed = fc.string({ unit: 'binary' }).filter((value) => !value.includes('\u0000'));
/** Such a text with one lone surrogate (a high or a low half) somewhere in it. */
const withLoneSurrogate = fc
  .tuple(wellFormed, fc.integer({ min: 0xd800, max: 0xdfff }), wellFormed)
  .map(([before, half, after]) => before + String.fromCharCode(half) + after);

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text()', () => {
  it('accepts every well-formed text without NUL, emoji and other surrogate pairs included', () => {
    expect(text().safeParse('Strecke 😀 𝔘 Köln').success).toBe(true);
    fc.assert(fc.property(wellFormed, (value) => text().safeParse(value).success));
  });

  it('refuses a lone surrogate anywhere, in German', () => {
    for (const value of ['\uD800', 'a\uDC00', 'Strecke \uDBFF', '\uDE00\uD83D', '😀\uD83D']) {
      expect(messages(text().safeParse(value))).toEqual([SURROGATE_MESSAGE]);
    }
    fc.assert(
      fc.property(withLoneSurrogate, (value) => {
        expect(messages(text().safeParse(value))).toEqual([SURROGATE_MESSAGE]);
      }),
    );
  });

  it('still refuses NUL, and says both when a text has both', () => {
    expect(messages(text().safeParse('a\u0000b'))).toEqual([NUL_MESSAGE]);
    expect(messages(text().safeParse('\u0000\uD800'))).toEqual([NUL_MESSAGE, SURROGATE_MESSAGE]);
  });

  it('refuses it after trimming as well (requiredText)', () => {
    expect(messages(requiredText('Der Name').safeParse('  \uD800  '))).toEqual([SURROGATE_MESSAGE]);
  });

  it('refuses it in the names and texts of the record schemas, at the field', () => {
    const lone = 'Halb\uD800';
    const cases = [
      [createRouteSchema, { name: lone, startPoint: 'A', endPoint: 'B' }, 'name'],
      [createRouteSchema, { name: 'N', startPoint: lone, endPoint: 'B' }, 'startPoint'],
      [createRouteSchema, { name: 'N', companyRoute: lone, startPoint: 'A', endPoint: 'B' }, 'companyRoute'],
      [updateRouteSchema, { endPoint: lone }, 'endPoint'],
      [createVehicleSchema, { name: lone }, 'name'],
      [updateVehicleSchema, { name: lone }, 'name'],
      [createTourSchema, { name: lone, routes: ['/api/routes/1', '/api/routes/2'] }, 'name'],
    ] as const;
    for (const [schema, body, field] of cases) {
      const result = schema.safeParse(body);
      expect(result.success, field).toBe(false);
      expect(result.error?.issues).toContainEqual(
        expect.objectContaining({ path: [field], message: SURROGATE_MESSAGE }),
      );
    }
  });
});
