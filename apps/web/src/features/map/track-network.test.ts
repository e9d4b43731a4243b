import { describe, expect, it } from 'vitest';
import type { NetworkGeometry } from '@streckenpass/contract/network';
import { project } from './map-layout';
import { decodeNetwork, distanceToPolyline } from './track-network';
import { traceSections } from './track-trace';

/*
 * Line 10 runs A (km 0) – B (km 10) – C (km 20); a branch of line 10 with the same km 10–20 runs from B to D, as
 * DB's lines do at branches and km jumps. Line 20 runs C (km 0) – E (km 5).
 */
const e5 = (value: number) => Math.round(value * 1e5);
const coords = [
  [8.0, 50.0],
  [8.1, 50.0],
  [8.2, 50.0],
  [8.1, 50.1],
  [8.2, 50.1],
] as const;
const nodes: number[] = [];
coords.forEach(([lon, lat], i) => {
  nodes.push(e5(lon) - (i ? e5(coords[i - 1]![0]) : 0), e5(lat) - (i ? e5(coords[i - 1]![1]) : 0));
});
// Edges: A–B (10, 0–10), B–C (10, 10–20), B–D (10, 10–20), C–E (20, 0–5); B–C with one interior vertex.
const geometry: NetworkGeometry = {
  format: 1,
  version: 'v1',
  attribution: 'Quelle',
  nodes,
  from: [0, 0, -1, -1],
  to: [1, 1, 2, 2],
  line: [10, 0, 0, 10],
  fromKm: [0, 10_000, 10_000, 0],
  toKm: [10_000, 10_000, 10_000, 5_000],
  interior: [[], [e5(0.05), e5(0.01)], [], []],
  points: [
    ['AA', 'Aheim', 'Bf', 0],
    ['EE', 'Eheim', 'Hp', 4],
  ],
};

describe('decodeNetwork', () => {
  it('undoes the differences and projects nodes, vertices and points like the stations', () => {
    const network = decodeNetwork(geometry);
    expect(network.edges.map((edge) => [edge.from, edge.to, edge.line, edge.fromKm, edge.toKm])).toEqual([
      [0, 1, 10, 0, 10],
      [1, 2, 10, 10, 20],
      [1, 3, 10, 10, 20],
      [2, 4, 20, 0, 5],
    ]);
    const [x, y] = project({ lon: 8.15, lat: 50.01 }, false);
    expect(network.edges[1]!.xy[2]).toBeCloseTo(x, 3);
    expect(network.edges[1]!.xy[3]).toBeCloseTo(y, 3);
    expect(network.points[1]).toMatchObject({ code: 'EE', name: 'Eheim', kind: 'Hp' });
    expect(network.vertices).toBe(6);
  });

  it('gives each edge its own part of the shared buffers, from its from node to its to node', () => {
    const network = decodeNetwork(geometry);
    const [bx, by] = project({ lon: 8.1, lat: 50.0 }, false);
    const [dx, dy] = project({ lon: 8.1, lat: 50.1 }, false);
    const branch = network.edges[2]!;
    expect([...branch.xy].map((value) => Math.round(value * 1000))).toEqual(
      [bx, by, dx, dy].map((value) => Math.round(value * 1000)),
    );
    expect(branch.along[0]).toBe(0);
    expect(branch.along[1]).toBeCloseTo(Math.hypot(dx - bx, dy - by), 3);
    expect(network.edges.map((edge) => edge.along.length)).toEqual([2, 3, 2, 2]);
    for (const { xy, along } of network.edges) {
      let length = 0;
      for (let i = 2; i < xy.length; i += 2) length += Math.hypot(xy[i]! - xy[i - 2]!, xy[i + 1]! - xy[i - 1]!);
      expect(along.at(-1)).toBeCloseTo(length, 3);
    }
  });
});

/** A network of one line 30 along a row of nodes 0.01° apart, its edges listed from the last to the first. */
function chain(edgeCount: number): NetworkGeometry {
  const row: number[] = [];
  for (let i = 0; i <= edgeCount; i += 1) row.push(i === 0 ? e5(9.0) : e5(0.01), i === 0 ? e5(51.0) : 0);
  const order = Array.from({ length: edgeCount }, (_, k) => edgeCount - 1 - k);
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  for (const k of order) {
    from.push(k - last);
    to.push(1);
    last = k + 1;
  }
  return {
    format: 1,
    version: 'chain',
    attribution: 'Quelle',
    nodes: row,
    from,
    to,
    line: order.map((_, k) => (k === 0 ? 30 : 0)),
    fromKm: order.map((k) => k * 1000),
    toKm: order.map(() => 1000),
    interior: order.map(() => []),
    points: [],
  };
}

describe('traceSections', () => {
  const network = decodeNetwork(geometry);
  const at = (lon: number, lat: number) => project({ lon, lat }, false);

  it('follows the run of a line that continues where the path is, not its branch with the same km', () => {
    const lines = traceSections(
      network,
      [
        { line: 10, fromKm: 0, toKm: 20 },
        { line: 20, fromKm: 0, toKm: 5 },
      ],
      at(8.0, 50.0),
    );
    const [cx, cy] = at(8.2, 50.0);
    const [dx, dy] = at(8.1, 50.1);
    // Over A–B–C, then C–E: C is on the drawing, the branch's end D is not.
    expect(lines.some((line) => distanceToPolyline(line, cx, cy) < 1e-3)).toBe(true);
    expect(lines.every((line) => distanceToPolyline(line, dx, dy) > 1)).toBe(true);
  });

  it('cuts the edges at the km where a section begins and ends, whichever way it runs', () => {
    const [line] = traceSections(network, [{ line: 10, fromKm: 7.5, toKm: 2.5 }], at(8.0, 50.0));
    const [x1, y1] = at(8.025, 50.0);
    const [x2, y2] = at(8.075, 50.0);
    expect(line![0]).toBeCloseTo(x1, 1);
    expect(line![1]).toBeCloseTo(y1, 1);
    expect(line![line!.length - 2]).toBeCloseTo(x2, 1);
    expect(line![line!.length - 1]).toBeCloseTo(y2, 1);
  });

  it('walks a run again, for another route, from the junctions kept of the first walk', () => {
    const fresh = decodeNetwork(geometry);
    traceSections(
      fresh,
      [
        { line: 10, fromKm: 0, toKm: 20 },
        { line: 20, fromKm: 0, toKm: 5 },
      ],
      at(8.0, 50.0),
    );
    // From the branch's end D back to A: over D–B and B–A, not towards C.
    const lines = traceSections(fresh, [{ line: 10, fromKm: 20, toKm: 0 }], at(8.1, 50.1));
    const [ax, ay] = at(8.0, 50.0);
    const [cx, cy] = at(8.2, 50.0);
    const [dx, dy] = at(8.1, 50.1);
    expect(lines.some((line) => distanceToPolyline(line, dx, dy) < 1e-3)).toBe(true);
    expect(lines.some((line) => distanceToPolyline(line, ax, ay) < 1e-3)).toBe(true);
    expect(lines.every((line) => distanceToPolyline(line, cx, cy) > 1)).toBe(true);
  });

  it('takes a long line listed from its end as one run, all of it', () => {
    const long = decodeNetwork(chain(60));
    expect(long.edges.every((edge) => edge.line === 30)).toBe(true);
    const lines = traceSections(long, [{ line: 30, fromKm: 0, toKm: 60 }], at(9.0, 51.0));
    expect(lines).toHaveLength(60);
    const [ex, ey] = at(9.6, 51.0);
    expect(lines.some((line) => distanceToPolyline(line, ex, ey) < 1e-3)).toBe(true);
  });

  it('draws nothing for a line the network does not have', () => {
    expect(traceSections(network, [{ line: 99, fromKm: 0, toKm: 1 }])).toEqual([]);
  });
});
