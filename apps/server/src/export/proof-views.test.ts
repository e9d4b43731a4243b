import { describe, expect, it } from 'vitest';
import { backupAsProofContent } from './proof-views.js';

/** A signed backup shown as a Nachweis computes each route's validity with the server's rule (issue 41). */
describe('backupAsProofContent', () => {
  const route = (ref: number, keepingWays?: string[] | null) => ({
    ref,
    name: `Strecke ${ref}`,
    companyRoute: null,
    startPoint: 'A',
    endPoint: 'B',
    ...(keepingWays === undefined ? {} : { keepingWays }),
  });
  const drive = (acquiredAt: string, acquiredUntil: string, routes: number[], way?: string) => ({
    ref: 1,
    acquiredAt,
    acquiredUntil,
    routes,
    ...(way ? { way } : {}),
  });

  it('counts only the drives whose way the route’s rule, else the account’s, keeps', () => {
    const content = backupAsProofContent(
      {
        routes: [route(1), route(2, ['simulator']), route(3)],
        routeActivities: [
          drive('2026-01-10', '2027-01-09', [1, 2, 3]),
          drive('2026-11-20', '2027-11-19', [1, 2], 'simulator'),
          drive('2026-10-01', '2027-09-30', [3], 'escorted'),
        ],
      },
      'Europe/Berlin',
    );
    expect(content.routes.map((r) => [r.name, r.lastDriven, r.validUntil])).toEqual([
      ['Strecke 1', '2026-01-10', '2027-01-09'],
      ['Strecke 2', '2026-11-20', '2027-11-19'],
      ['Strecke 3', '2026-10-01', '2027-09-30'],
    ]);
  });

  it('follows the account’s rule the document carries, and reads a drive without a way as driven', () => {
    const content = backupAsProofContent(
      {
        routes: [route(1)],
        routeActivities: [drive('2026-01-10', '2027-01-09', [1]), drive('2026-11-20', '2027-11-19', [1], 'escorted')],
        preferences: { keepingWays: ['driven'] },
      },
      'Europe/Berlin',
    );
    expect(content.routes[0]).toMatchObject({ lastDriven: '2026-01-10', validUntil: '2027-01-09' });
  });
});
