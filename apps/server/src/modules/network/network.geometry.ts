import { gzipSync } from 'node:zlib';
import type { NetworkGeometry } from '@streckenpass/contract/network';
import { unpackNetwork, type CompactNetwork } from '../../lib/rail-network/network-format.js';
import type { RailNetworkRepository } from './network.repository.js';

const e5 = (degrees: number) => Math.round(degrees * 1e5);

/**
 * The network for drawing (docs/decisions/0052): the stored compact network without what only routing needs (edge
 * lengths, a point's further nodes), as integers and differences, which gzip packs to about half of the stored form.
 */
export function toGeometry(network: CompactNetwork, version: string, attribution: string): NetworkGeometry {
  const nodes: number[] = [];
  let lon = 0;
  let lat = 0;
  for (let i = 0; i < network.nodes.length; i += 2) {
    const x = e5(network.nodes[i]!);
    const y = e5(network.nodes[i + 1]!);
    nodes.push(x - lon, y - lat);
    lon = x;
    lat = y;
  }
  const geometry: NetworkGeometry = {
    format: 1,
    version,
    attribution,
    nodes,
    from: [],
    to: [],
    line: [],
    fromKm: [],
    toKm: [],
    interior: [],
    points: network.points.map(([code, name, kind, at]) => [code, name, kind, at[0]!]),
  };
  let previousTo = 0;
  let previousLine = 0;
  for (const [from, to, line, fromKm, toKm, , interior] of network.edges) {
    geometry.from.push(from - previousTo);
    geometry.to.push(to - from);
    geometry.line.push(line - previousLine);
    const km = Math.round(fromKm * 1000);
    geometry.fromKm.push(km);
    geometry.toKm.push(Math.round(toKm * 1000) - km);
    let x = e5(network.nodes[2 * from]!);
    let y = e5(network.nodes[2 * from + 1]!);
    const deltas: number[] = [];
    for (let i = 0; i < interior.length; i += 2) {
      const nx = e5(interior[i]!);
      const ny = e5(interior[i + 1]!);
      deltas.push(nx - x, ny - y);
      x = nx;
      y = ny;
    }
    geometry.interior.push(deltas);
    previousTo = to;
    previousLine = line;
  }
  return geometry;
}

export interface GeometryAnswer {
  version: string;
  /** The geometry as JSON text, and gzipped once (level 9) for every client that accepts gzip. */
  json: Buffer;
  gzipped: Buffer;
}

/**
 * The geometry answer of the current network: built once per version and instance (~0.1 s for the whole network),
 * and again when an import has stored another version.
 */
export function createGeometryCache(repository: RailNetworkRepository) {
  let built: Promise<GeometryAnswer | null> | undefined;
  let builtVersion: string | undefined;

  async function build(version: string, attribution: string): Promise<GeometryAnswer | null> {
    const data = await repository.findData(version);
    if (!data) return null;
    const json = Buffer.from(JSON.stringify(toGeometry(unpackNetwork(data), version, attribution)));
    return { version, json, gzipped: gzipSync(json, { level: 9 }) };
  }

  return {
    /** The current network's geometry, or null when none has been imported. */
    async current(): Promise<GeometryAnswer | null> {
      const head = await repository.current();
      if (!head) return null;
      if (!built || builtVersion !== head.version) {
        builtVersion = head.version;
        const attempt = build(head.version, head.attribution);
        built = attempt;
        attempt.catch(() => {
          if (built === attempt) built = undefined;
        });
      }
      return built;
    },
  };
}
