import { describe, expect, it } from 'vitest';
import { changeHeadline, latestReleases } from './news';

describe('changeHeadline', () => {
  it('keeps the text before the first colon, without markdown', () => {
    expect(changeHeadline('**Freigabe-Links** für Vorgesetzte: der aktuelle Nachweis als Seite')).toBe(
      'Freigabe-Links für Vorgesetzte',
    );
    expect(changeHeadline('„Heute gefahren“ mit einem Tipp: als wichtigster Knopf')).toBe(
      '„Heute gefahren“ mit einem Tipp',
    );
  });

  it('ends at the first sentence and leaves a short change whole', () => {
    expect(changeHeadline('Die Karte zoomt. Stationen tragen Namen.')).toBe('Die Karte zoomt');
    expect(changeHeadline('Schnittstelle `GET /api/stations`')).toBe('Schnittstelle GET /api/stations');
    expect(changeHeadline('E-Mail-Adressen brechen nicht mehr mitten im Wort')).toBe(
      'E-Mail-Adressen brechen nicht mehr mitten im Wort',
    );
  });

  it('keeps a number with a decimal point or a version inside the headline', () => {
    expect(changeHeadline('Datum wie 10.12.2025 wird verstanden')).toBe('Datum wie 10.12.2025 wird verstanden');
  });
});

describe('latestReleases', () => {
  it('leaves out prereleases and keeps the first three', () => {
    const entry = (version: string, prerelease = false) => ({ version, date: null, prerelease, changes: [] });
    expect(
      latestReleases([
        entry('Unreleased', true),
        entry('1.3'),
        entry('1.2-beta', true),
        entry('1.2'),
        entry('1.1'),
        entry('1.0'),
      ]).map((release) => release.version),
    ).toEqual(['1.3', '1.2', '1.1']);
  });
});
