import { describe, expect, it } from 'vitest';
import {
  isPlace,
  knowledgeEndsLabel,
  knowledgeKind,
  placeKnowledgeLabel,
  proposedPlaceName,
  stationsLabel,
} from './knowledge-items';
import { requirementShortLabel } from './matrix';
import { createRequirementSchema, PLACE_SECTION_MESSAGE } from './requirements';
import { whoCanDriveQuerySchema } from './who-can-drive';

const ff = { code: 'FF', name: 'Frankfurt(Main)Hbf' };
const rm = { code: 'RM', name: 'Mannheim Hbf' };

describe('isPlace / knowledgeKind', () => {
  it('is a place when one station is both ends, by object or by code', () => {
    expect(isPlace({ startStation: ff, endStation: { ...ff } })).toBe(true);
    expect(isPlace({ startStation: 'FF', endStation: 'FF' })).toBe(true);
    expect(knowledgeKind({ startStation: 'FF', endStation: 'FF' })).toBe('place');
  });

  it('is a route between two stations, with a free-text end, or with the same free text and no station', () => {
    expect(knowledgeKind({ startStation: ff, endStation: rm })).toBe('route');
    expect(isPlace({ startStation: ff, endStation: null })).toBe(false);
    expect(isPlace({ startStation: null, endStation: null })).toBe(false);
    expect(isPlace({ startStation: '', endStation: '' })).toBe(false);
    expect(isPlace({})).toBe(false);
  });
});

describe('the words of a place', () => {
  it('labels a place with its code and proposes its name without', () => {
    expect(placeKnowledgeLabel(ff)).toBe('Ortskunde Frankfurt(Main)Hbf (FF)');
    expect(proposedPlaceName(ff)).toBe('Ortskunde Frankfurt(Main)Hbf');
  });

  it('words what an item covers: the place, or the two ends of a route', () => {
    const item = { startPoint: 'Frankfurt', endPoint: 'Frankfurt', startStation: ff, endStation: ff };
    expect(knowledgeEndsLabel(item)).toBe('Ortskunde Frankfurt(Main)Hbf (FF)');
    expect(knowledgeEndsLabel({ ...item, endPoint: 'Mannheim', endStation: rm })).toBe(
      'Frankfurt(Main)Hbf (FF) – Mannheim Hbf (RM)',
    );
    expect(knowledgeEndsLabel({ startPoint: 'Nord', endPoint: 'Nord', startStation: null, endStation: null })).toBe(
      'Nord – Nord',
    );
  });

  it('names a requirement of a place as a place, in full and in a matrix column', () => {
    expect(stationsLabel(ff, ff)).toBe('Ortskunde Frankfurt(Main)Hbf (FF)');
    expect(stationsLabel(ff, rm)).toBe('Frankfurt(Main)Hbf (FF) – Mannheim Hbf (RM)');
    const place = { startStation: ff, endStation: ff, companyRoute: 'A3', depot: { name: 'Hanau' } };
    expect(requirementShortLabel(place)).toBe('Ortskunde FF (A3) · Hanau');
    expect(requirementShortLabel({ ...place, endStation: rm, companyRoute: null, depot: null })).toBe('FF – RM');
  });
});

describe('a place requirement in the schemas', () => {
  it('takes one station at both ends, without a line section', () => {
    expect(createRequirementSchema.safeParse({ startStation: 'ff', endStation: 'FF' }).data).toMatchObject({
      startStation: 'FF',
      endStation: 'FF',
      section: null,
    });
    const withSection = createRequirementSchema.safeParse({
      startStation: 'FF',
      endStation: 'FF',
      section: { line: 3600, fromKm: 0, toKm: 2 },
    });
    expect(withSection.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['section', PLACE_SECTION_MESSAGE],
    ]);
    expect(
      createRequirementSchema.safeParse({
        startStation: 'FF',
        endStation: 'RM',
        section: { line: 3600, fromKm: 0, toKm: 2 },
      }).success,
    ).toBe(true);
  });

  it('asks "Wer kann fahren?" for a place with the same point twice', () => {
    expect(whoCanDriveQuerySchema.safeParse({ from: 'FF', to: 'FF' }).success).toBe(true);
  });
});
