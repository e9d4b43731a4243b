import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { driveDate, driveDatesSchema, driveMannerFields, driveMannerInput } from './drive-form';

/** The first message per field, as the form shows them. */
const messages = (schema: z.ZodType, values: unknown) =>
  Object.fromEntries(
    (schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('a drive form checked as the server checks the drive', () => {
  const documentation = driveDatesSchema(
    { acquiredAt: driveDate(), period: z.enum(['rule', 'year']) },
    () => '2025-06-10',
  );

  it('asks for a date left empty, refuses a day that does not exist and one after today', () => {
    expect(messages(documentation, { acquiredAt: '', period: 'rule' })).toEqual({
      acquiredAt: 'Bitte geben Sie an, wann Sie zuletzt gefahren sind.',
    });
    expect(messages(documentation, { acquiredAt: '2025-02-30', period: 'rule' })).toEqual({
      acquiredAt: 'Dieses Datum gibt es nicht.',
    });
    expect(messages(documentation, { acquiredAt: '2025-06-11', period: 'rule' })).toEqual({
      acquiredAt: 'Das Datum darf nicht in der Zukunft liegen.',
    });
    expect(documentation.safeParse({ acquiredAt: '2025-06-10', period: 'year' }).success).toBe(true);
  });

  it('puts an end before the day driven on "gültig bis", and judges the day only where `today` says so', () => {
    const dates = driveDatesSchema({ acquiredAt: driveDate(), acquiredUntil: driveDate() }, ({ acquiredAt }) =>
      acquiredAt === '2030-01-01' ? undefined : '2025-06-10',
    );
    expect(messages(dates, { acquiredAt: '2025-06-01', acquiredUntil: '2025-05-31' })).toEqual({
      acquiredUntil: '„Gültig bis“ darf nicht vor dem Erwerbsdatum liegen.',
    });
    expect(dates.safeParse({ acquiredAt: '2030-01-01', acquiredUntil: '2031-01-01' }).success).toBe(true);
  });
});

describe('way, time and direction of a drive form', () => {
  const manner = z.object(driveMannerFields);

  it('takes the contract’s ways and times, an empty time as none', () => {
    expect(manner.safeParse({ way: 'escorted', time: '21:40', direction: 'forward' }).success).toBe(true);
    expect(manner.safeParse({ way: 'driven', time: '', direction: 'none' }).success).toBe(true);
    expect(driveMannerInput({ way: 'escorted', time: ' ', direction: 'none' })).toEqual({
      way: 'escorted',
      time: null,
      direction: null,
    });
    expect(driveMannerInput({ way: 'simulator', time: '05:40', direction: 'reverse' })).toEqual({
      way: 'simulator',
      time: '05:40',
      direction: 'reverse',
    });
  });

  it('refuses a time that is none with the contract’s German message, on the time', () => {
    expect(messages(manner, { way: 'driven', time: '25:00', direction: 'none' })).toEqual({
      time: 'Uhrzeit als HH:MM angeben, z. B. 05:40.',
    });
  });
});
