import { describe, expect, it } from 'vitest';
import { attestationDateViolations, createAttestationSchema } from './attestations.js';
import { rolesInWords } from './terms.js';

describe('createAttestationSchema', () => {
  it('takes requirements or lines, trims them, and drops an empty examiner name and note', () => {
    const parsed = createAttestationSchema.parse({
      kind: 'periodic_check',
      checkedOn: '2026-12-01',
      lines: ['  3601 Frankfurt–Mannheim '],
      examinerName: ' ',
      note: '',
    });
    expect(parsed).toEqual({
      kind: 'periodic_check',
      checkedOn: '2026-12-01',
      requirementIds: [],
      lines: ['3601 Frankfurt–Mannheim'],
      examinerName: undefined,
      note: undefined,
    });
  });

  it('refuses an attestation that covers nothing, twice the same requirement and a note over 500 characters', () => {
    const base = { kind: 'first_acquisition', checkedOn: '2026-12-01' } as const;
    expect(createAttestationSchema.safeParse(base).error?.issues[0]).toMatchObject({
      path: ['lines'],
      message: 'Bitte mindestens eine Anforderung oder Strecke angeben.',
    });
    expect(createAttestationSchema.safeParse({ ...base, requirementIds: [3, 3] }).success).toBe(false);
    expect(createAttestationSchema.safeParse({ ...base, lines: ['x'], note: 'n'.repeat(501) }).success).toBe(false);
    expect(createAttestationSchema.safeParse({ ...base, lines: ['x'], note: 'n'.repeat(500) }).success).toBe(true);
  });
});

describe('attestationDateViolations', () => {
  it('refuses a day after today and takes today', () => {
    expect(attestationDateViolations('2026-12-08', '2026-12-07')).toEqual([
      { propertyPath: 'checkedOn', message: 'Das Datum darf nicht in der Zukunft liegen.' },
    ]);
    expect(attestationDateViolations('2026-12-07', '2026-12-07')).toEqual([]);
  });
});

describe('rolesInWords', () => {
  it('names the roles that may, in German', () => {
    expect(rolesInWords(['admin'])).toBe('Admins');
    expect(rolesInWords(['admin', 'disponent'])).toBe('Admins und Disponenten');
    expect(rolesInWords(['admin', 'disponent', 'examiner'])).toBe('Admins, Disponenten und Prüfer/innen');
  });
});
