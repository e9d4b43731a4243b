import { describe, expect, it } from 'vitest';
import { routeHistory } from './route-knowledge';

const activity = (id: number, acquiredAt: string, acquiredUntil: string, acquiredRoutes: string[]) => ({
  id,
  acquiredAt,
  acquiredUntil,
  acquiredRoutes,
});

describe('routeHistory', () => {
  it('keeps the activities of the route, newest driving date first', () => {
    const list = [
      activity(3, '2024-01-05', '2025-01-03', ['/api/routes/1']),
      activity(2, '2024-06-01', '2024-11-30', ['/api/routes/1', '/api/routes/2']),
      activity(1, '2024-01-05', '2025-01-03', ['/api/routes/1']),
      activity(4, '2025-01-01', '2025-12-31', ['/api/routes/2']),
    ];
    expect(routeHistory('/api/routes/1', list).map((a) => a.id)).toEqual([2, 3, 1]);
    expect(routeHistory('/api/routes/9', list)).toEqual([]);
  });
});
