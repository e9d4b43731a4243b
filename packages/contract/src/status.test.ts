import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPIRING_SOON_DAYS } from './constants.js';
import {
  EXPORT_STATUS_LABELS,
  KNOWLEDGE_STATUS_LABELS,
  knowledgeStatus,
  remainingLabel,
  statusLabel,
  UNRECORDED_LABEL,
  validityLabel,
  validityState,
} from './status.js';

const days = fc.option(fc.integer({ min: -5000, max: 5000 }), { nil: null });

describe('knowledgeStatus', () => {
  it('is exactly one state for any days left, split at 0 and 30 (property)', () => {
    fc.assert(
      fc.property(days, (left) => {
        const status = knowledgeStatus(left);
        if (left === null) expect(status).toBe('unrecorded');
        else if (left < 0) expect(status).toBe('expired');
        else if (left <= EXPIRING_SOON_DAYS) expect(status).toBe('soon');
        else expect(status).toBe('valid');
        expect(validityState(left)).toBe(status === 'soon' ? 'valid' : status);
      }),
    );
  });

  it('takes another window', () => {
    expect(knowledgeStatus(40, 60)).toBe('soon');
    expect(knowledgeStatus(61, 60)).toBe('valid');
  });
});

describe('statusLabel (exports)', () => {
  it.each([
    [null, 'nicht erfasst'],
    [undefined, 'nicht erfasst'],
    [-400, 'abgelaufen'],
    [-1, 'abgelaufen'],
    [0, 'läuft heute ab'],
    [1, 'läuft in 1 Tag ab'],
    [2, 'läuft in 2 Tagen ab'],
    [30, 'läuft in 30 Tagen ab'],
    [31, 'gültig'],
    [3650, 'gültig'],
  ] as const)('%s days left → "%s"', (left, label) => {
    expect(statusLabel(left)).toBe(label);
  });

  it('names every state but "soon" as the summary does (property)', () => {
    fc.assert(
      fc.property(days, (left) => {
        const status = knowledgeStatus(left);
        if (status !== 'soon') expect(statusLabel(left)).toBe(EXPORT_STATUS_LABELS[status]);
        else expect(statusLabel(left)).toMatch(/^läuft (heute|in \d+ Tag(en)?) ab$/);
      }),
    );
  });

  it('uses the one word for never recorded', () => {
    expect(EXPORT_STATUS_LABELS.unrecorded).toBe(UNRECORDED_LABEL);
    expect(EXPORT_STATUS_LABELS.soon).toBe('läuft in ≤ 30 Tagen ab');
    expect(KNOWLEDGE_STATUS_LABELS.valid).toBe(EXPORT_STATUS_LABELS.valid);
    expect(KNOWLEDGE_STATUS_LABELS.expired).toBe(EXPORT_STATUS_LABELS.expired);
  });
});

describe('validityLabel (dashboard list)', () => {
  it('writes large counts in de-DE form', () => {
    expect(validityLabel(3650)).toBe('In 3.650 Tagen');
    expect(validityLabel(-1200)).toBe('Abgelaufen (seit 1.200 Tagen)');
  });

  it('starts in lower case inside a sentence ("am 01.03.2027 (in 188 Tagen)")', () => {
    expect(validityLabel(188, 'inSentence')).toBe('in 188 Tagen');
    expect(validityLabel(0, 'inSentence')).toBe('heute');
    expect(validityLabel(1, 'inSentence')).toBe('morgen');
    expect(validityLabel(-3, 'inSentence')).toBe('abgelaufen (seit 3 Tagen)');
    expect(validityLabel(null, 'inSentence')).toBe('keine Aufzeichnung');
    expect(validityLabel(188, 'alone')).toBe('In 188 Tagen');
  });
});

describe('remainingLabel (mails)', () => {
  it.each([
    [-12, 'abgelaufen seit 12 Tagen'],
    [-1, 'abgelaufen seit 1 Tag'],
    [0, 'läuft heute ab (letzter gültiger Tag)'],
    [1, 'noch 1 Tag gültig'],
    [12, 'noch 12 Tage gültig'],
  ] as const)('%s days → "%s"', (left, label) => {
    expect(remainingLabel(left)).toBe(label);
  });
});
