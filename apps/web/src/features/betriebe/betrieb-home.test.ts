import { describe, expect, it } from 'vitest';
import { betriebHome } from './betrieb-home';

describe('betriebHome', () => {
  it('is the one Betrieb a member reads the drivers of, the chooser for several, none for a driver', () => {
    expect(betriebHome(undefined)).toBeNull();
    expect(betriebHome([{ id: 3, role: 'driver' }])).toBeNull();
    expect(
      betriebHome([
        { id: 3, role: 'driver' },
        { id: 4, role: 'disponent' },
      ]),
    ).toBe('/betrieb/4');
    expect(
      betriebHome([
        { id: 4, role: 'admin' },
        { id: 5, role: 'disponent' },
      ]),
    ).toBe('/account/betriebe');
  });

  it('takes an examiner (Prüfer/in) to the Betrieb, who attests its drivers there (issue 41)', () => {
    expect(
      betriebHome([
        { id: 3, role: 'driver' },
        { id: 6, role: 'examiner' },
      ]),
    ).toBe('/betrieb/6');
  });
});
