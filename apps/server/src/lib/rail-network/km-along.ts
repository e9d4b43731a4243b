import type { Segment } from './segments.js';

/** A km known at a distance along a segment: its ends' (the line file's) and its operating points' (`KM_I`). */
export interface Anchor {
  at: number;
  km: number;
  /** An operating point's km outweighs a segment end's where the two files disagree. */
  weight: number;
}

/**
 * The km along a segment, anchored on DB's own km of the operating points on it: linear between anchors, so that a
 * point's km on its line is the point file's `KM_I`. Where the two files disagree (a line drawn from km 0.513 whose
 * first station lies at km 0 of the point file), the km must still run one way along the segment: the anchors kept
 * are the heaviest chain that does (points count twice, ends once); beyond the first or last anchor kept, km runs on
 * at one km per km of track.
 */
export function kmAlong(segment: Segment, points: readonly Anchor[]): (distance: number) => number {
  const ends: Anchor[] = [
    { at: 0, km: segment.fromKm, weight: 1 },
    { at: segment.length, km: segment.toKm, weight: 1 },
  ];
  const anchors = [...ends, ...points].sort((a, b) => a.at - b.at || b.weight - a.weight);
  const direction = segment.toKm >= segment.fromKm ? 1 : -1;
  // Heaviest chain whose km run in the segment's direction (a few anchors per segment: quadratic is fine).
  const best = anchors.map((anchor) => anchor.weight);
  const previous = anchors.map(() => -1);
  for (let i = 1; i < anchors.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      const step = (anchors[i]!.km - anchors[j]!.km) * direction;
      if (step < 0 || (step === 0 && anchors[i]!.at > anchors[j]!.at + 1)) continue;
      if (best[j]! + anchors[i]!.weight > best[i]!) {
        best[i] = best[j]! + anchors[i]!.weight;
        previous[i] = j;
      }
    }
  }
  let last = 0;
  for (let i = 1; i < anchors.length; i += 1) if (best[i]! > best[last]!) last = i;
  const kept: Anchor[] = [];
  for (let i = last; i >= 0; i = previous[i]!) kept.unshift(anchors[i]!);
  return (distance) => {
    let km: number;
    const first = kept[0]!;
    const end = kept.at(-1)!;
    if (distance <= first.at) km = first.km - (direction * (first.at - distance)) / 1000;
    else if (distance >= end.at) km = end.km + (direction * (distance - end.at)) / 1000;
    else {
      let k = 1;
      while (kept[k]!.at < distance) k += 1;
      const a = kept[k - 1]!;
      const b = kept[k]!;
      km = b.at > a.at ? a.km + ((b.km - a.km) * (distance - a.at)) / (b.at - a.at) : a.km;
    }
    return Math.round(km * 1000) / 1000;
  };
}
