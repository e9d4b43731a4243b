import { describe, expect, it } from 'vitest';
import {
  fitView,
  hitTest,
  MAP_HEIGHT,
  MAP_WIDTH,
  mapLayout,
  middleOf,
  pointOnSurface,
  project,
  viewCentredOn,
  type MapRoute,
} from './map-layout';

const ff = { code: 'FF', name: 'Frankfurt (Main) Hbf', lat: 50.10715, lon: 8.66379 };
const mh = { code: 'MH', name: 'München Hbf', lat: 48.14023, lon: 11.55834 };
const ah = { code: 'AH', name: 'Hamburg Hbf', lat: 53.55274, lon: 10.00691 };
const kk = { code: 'KK', name: 'Köln Hbf', lat: 50.94303, lon: 6.95873 };

const route = (id: number, start: typeof ff | null, end: typeof ff | null): MapRoute => ({
  id,
  name: `Strecke ${id}`,
  status: 'valid',
  startPoint: start?.code ?? 'Abzw. Nord',
  endPoint: end?.code ?? 'Anst. Süd',
  startStation: start,
  endStation: end,
});

describe('map layout', () => {
  it('projects stations where they are: Hamburg north of Frankfurt north of München, Köln west', () => {
    const [ffx, ffy] = project(ff);
    const [mhx, mhy] = project(mh);
    const [, ahy] = project(ah);
    const [kkx] = project(kk);
    expect(ahy).toBeLessThan(ffy);
    expect(ffy).toBeLessThan(mhy);
    expect(kkx).toBeLessThan(ffx);
    expect(ffx).toBeLessThan(mhx);
    for (const [x, y] of [project(ff), project(mh), project(ah), project(kk)]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(MAP_WIDTH);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(MAP_HEIGHT);
    }
  });

  it('draws Germany and one line per placed route, each station once; routes without stations go beside', () => {
    const layout = mapLayout([route(1, ff, mh), route(2, mh, ah), route(3, ff, null), route(4, null, null)]);
    expect(layout.outline).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(layout.lines.map((line) => line.route.id)).toEqual([1, 2]);
    expect(layout.stations.map((entry) => [entry.station.code, entry.routes.map((r) => r.id)])).toEqual([
      ['FF', [1]],
      ['MH', [1, 2]],
      ['AH', [2]],
    ]);
    expect(layout.unplaced.map((r) => r.id)).toEqual([3, 4]);
    const [x1, y1] = project(ff);
    expect(layout.lines[0]).toMatchObject({ x1, y1 });
  });

  it('lays out 1,000 routes quickly (the drawing itself is measured in the e2e test)', () => {
    const stations = Array.from({ length: 300 }, (_, i) => ({
      code: `S${i}`,
      name: `Bahnhof ${i}`,
      lat: 47.5 + (i % 30) * 0.18,
      lon: 6 + Math.floor(i / 30) * 0.9,
    }));
    const routes = Array.from({ length: 1000 }, (_, i) =>
      route(i + 1, stations[i % 300]!, stations[(i * 7 + 3) % 300]!),
    );
    const started = performance.now();
    const layout = mapLayout(routes);
    const elapsed = performance.now() - started;
    expect(layout.lines).toHaveLength(1000);
    expect(elapsed).toBeLessThan(50);
  });

  it('hit-tests a tap: a station first, else the nearest line within the tolerance, else nothing', () => {
    const layout = mapLayout([route(1, ff, mh), route(2, kk, ah)]);
    const [fx, fy] = project(ff);
    const [mx, my] = project(mh);
    const hitStation = hitTest(layout, fx + 3, fy - 3, 10);
    expect(hitStation && 'station' in hitStation && hitStation.station.station.code).toBe('FF');
    const middle = hitTest(layout, (fx + mx) / 2 + 4, (fy + my) / 2, 10);
    expect(middle && 'line' in middle && middle.line.route.id).toBe(1);
    expect(hitTest(layout, (fx + mx) / 2 + 40, (fy + my) / 2, 10)).toBeNull();
  });
});

describe('fitView', () => {
  const dus = { code: 'KD', name: 'Düsseldorf Hbf', lat: 51.21996, lon: 6.79415 };

  it('zooms Köln – Düsseldorf from a stub to a line across most of the drawing, both ends in view', () => {
    const layout = mapLayout([route(1, kk, dus)]);
    const before = Math.hypot(layout.lines[0]!.x2 - layout.lines[0]!.x1, layout.lines[0]!.y2 - layout.lines[0]!.y1);
    const view = fitView(layout.stations);
    expect(before).toBeLessThan(40);
    expect(before * view.k).toBeGreaterThan(250);
    for (const { x, y } of layout.stations) {
      const [sx, sy] = [x * view.k + view.x, y * view.k + view.y];
      expect(sx).toBeGreaterThanOrEqual(0);
      expect(sx).toBeLessThanOrEqual(MAP_WIDTH);
      expect(sy).toBeGreaterThanOrEqual(0);
      expect(sy).toBeLessThanOrEqual(MAP_HEIGHT);
    }
  });

  it('shows the whole of Germany for routes from Hamburg to München, and for no stations at all', () => {
    expect(fitView(mapLayout([route(1, ah, mh)]).stations).k).toBeLessThan(1.5);
    expect(fitView([])).toEqual({ k: 1, x: 0, y: 0 });
  });
});

describe('zooming about what the driver looks at', () => {
  const view = { k: 2, x: -100, y: -50 };
  it('finds a point of the drawing on the surface and the middle of a view, both ways', () => {
    expect(pointOnSurface(view, 100, 60)).toEqual([100, 70]);
    expect(pointOnSurface(view, 100, 60, 3)).toEqual([500, 310]);
    const middle = middleOf(view, 400, 300);
    expect(pointOnSurface(view, middle.x, middle.y)).toEqual([200, 150]);
    const scaled = middleOf(view, 400, 300, 3);
    expect(pointOnSurface(view, scaled.x, scaled.y, 3)).toEqual([200, 150]);
  });

  it('centres a chosen station on the surface', () => {
    const centred = viewCentredOn(120, 80, 4, 400, 300);
    expect(pointOnSurface(centred, 120, 80)).toEqual([200, 150]);
    expect(centred.k).toBe(4);
    const canvas = viewCentredOn(120, 80, 4, 800, 600, 2);
    expect(pointOnSurface(canvas, 120, 80, 2)).toEqual([400, 300]);
  });
});

describe('map layout of a place (Ortskunde, issue 41 item 4)', () => {
  it('draws a place as a point at its station, not as a line, and its station lists it', () => {
    const layout = mapLayout([route(1, ff, ff), route(2, ff, mh)]);
    expect(layout.lines.map((line) => line.route.id)).toEqual([2]);
    const [x, y] = project(ff);
    expect(layout.places).toEqual([{ route: expect.objectContaining({ id: 1 }), x, y }]);
    expect(layout.stations.find((entry) => entry.station.code === 'FF')?.routes.map((r) => r.id)).toEqual([1, 2]);
    expect(layout.unplaced).toEqual([]);
  });
});
